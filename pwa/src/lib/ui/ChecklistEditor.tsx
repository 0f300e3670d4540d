import { CHECKLIST_MAX_ITEMS, type ChecklistTemplate, type TemplateItem } from '@portal/shared';
import './checklistEditor.css';

/**
 * The checklist of a ticket template, a macro or a checklist template (issue 52): one row per item (text, Required,
 * Remove, move up), 'Add checklist item', and a preview of the list as the technician sees it in
 * Update Ticket. Controlled: `items` and `onChange`; empty rows are dropped on save by the form.
 * Given `templates` (the admin's checklist templates, issue 52 item 2), 'Insert a checklist
 * template' appends a template's items (up to CHECKLIST_MAX_ITEMS), to edit further here.
 */
export function ChecklistEditor(props: { id: string; items: TemplateItem[]; onChange(items: TemplateItem[]): void; error?: string | undefined; templates?: readonly ChecklistTemplate[] | undefined }) {
  const { id, items, onChange, error, templates } = props;
  const set = (i: number, change: Partial<TemplateItem>) => onChange(items.map((it, k) => (k === i ? { ...it, ...change } : it)));
  const move = (i: number) => onChange(items.map((it, k) => (k === i - 1 ? items[i]! : k === i ? items[i - 1]! : it)));
  const shown = items.filter((i) => i.text.trim());
  const insert = (templateId: string) => {
    const t = templates?.find((x) => x.id === templateId);
    if (t) onChange([...items.filter((i) => i.text.trim()), ...t.items.map((i) => ({ text: i.text, required: i.required }))].slice(0, CHECKLIST_MAX_ITEMS));
  };
  return (
    <fieldset className="checklist-editor" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Checklist</legend>
      {items.length === 0 && <p className="muted">No checklist. Add items the technician ticks off on site.</p>}
      <ol className="checklist-editor-items">
        {items.map((item, i) => (
          <li key={i} className="checklist-editor-row">
            <label className="visually-hidden" htmlFor={`${id}-${i}`}>
              Checklist item {i + 1}
            </label>
            <input id={`${id}-${i}`} className="input" value={item.text} maxLength={500} placeholder="e.g. Check the backup log" onChange={(e) => set(i, { text: e.target.value })} />
            <label className="new-ticket-check">
              <input type="checkbox" checked={item.required} onChange={(e) => set(i, { required: e.target.checked })} /> Required
            </label>
            {i > 0 && (
              <button type="button" className="btn btn-outline btn-small" aria-label={`Move item ${i + 1} up`} onClick={() => move(i)}>
                Up
              </button>
            )}
            <button type="button" className="btn btn-outline btn-small" aria-label={`Remove item ${i + 1}`} onClick={() => onChange(items.filter((_, k) => k !== i))}>
              Remove
            </button>
          </li>
        ))}
      </ol>
      {error && (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      )}
      <button type="button" className="btn btn-outline btn-small" disabled={items.length >= CHECKLIST_MAX_ITEMS} onClick={() => onChange([...items, { text: '', required: false }])}>
        Add checklist item
      </button>
      {templates && templates.length > 0 && (
        <label className="checklist-editor-insert" htmlFor={`${id}-insert`}>
          Insert a checklist template
          <select id={`${id}-insert`} className="input" value="" disabled={items.length >= CHECKLIST_MAX_ITEMS} onChange={(e) => insert(e.target.value)}>
            <option value="">Choose a template...</option>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} ({t.items.length})
              </option>
            ))}
          </select>
        </label>
      )}
      {shown.length > 0 && (
        <div className="checklist-preview" aria-label="Checklist preview">
          <p className="muted">Preview: Checklist 0/{shown.length}</p>
          <ul>
            {shown.map((i, k) => (
              <li key={k}>
                <input type="checkbox" disabled aria-label={i.text} /> {i.text}
                {i.required && <span className="muted"> (Required)</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}

/** The items to save: rows with text, trimmed. */
export const checklistToSave = (items: readonly TemplateItem[]): TemplateItem[] => items.filter((i) => i.text.trim()).map((i) => ({ text: i.text.trim(), required: i.required }));
