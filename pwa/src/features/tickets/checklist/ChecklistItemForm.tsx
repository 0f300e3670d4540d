import { useState } from 'react';
import { CHECKLIST_MSG } from '@portal/shared';

/**
 * The small form of one checklist item in the Update Ticket panel (issue 52 item 1): its text and
 * 'Required', for adding an item ('Add Item') and editing one ('Save Item'). An empty text is
 * refused with the API's words; the text is limited to the API's 500 characters.
 */
export function ChecklistItemForm(props: {
  id: string;
  /** The form's name (e.g. 'Add to checklist'). */
  title: string;
  /** The text box's label (e.g. 'New checklist item'). */
  label: string;
  submitLabel: string;
  initial?: { text: string; required: boolean };
  onSubmit(value: { text: string; required: boolean }): void;
  onCancel(): void;
}) {
  const { id, title, label, submitLabel, initial, onSubmit, onCancel } = props;
  const [text, setText] = useState(initial?.text ?? '');
  const [required, setRequired] = useState(initial?.required ?? false);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    e.stopPropagation(); // the panel's own form must not submit with it
    if (!text.trim()) return setError(CHECKLIST_MSG.textRequired);
    onSubmit({ text: text.trim(), required });
  };
  return (
    <form className="checklist-item-form" noValidate onSubmit={submit} aria-label={title}>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        value={text}
        maxLength={500}
        placeholder="e.g. Check the UPS battery"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => (setText(e.target.value), setError(null))}
      />
      <label className="checklist-required">
        <input type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} /> Required
      </label>
      <div className="checklist-form-actions">
        <button type="submit" className="btn btn-primary btn-small">
          {submitLabel}
        </button>
        <button type="button" className="btn btn-outline btn-small" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
