import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SEVERITIES, SEVERITY_NAMES, TICKET_STATUSES, TICKET_STATUS_LABELS, macroCreateSchema, type Macro, type ReplyScope } from '@portal/shared';
import { FormActions } from '../../lib/ui/FormActions';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { AssigneeSelect } from './AssigneeSelect';
import { firstErrors } from './formErrors';
import { macroActions, macroFormValues, type MacroFormValues } from './macroModel';
import { TemplateText } from './TemplateText';
import { ChecklistEditor, checklistToSave } from '../../lib/ui/ChecklistEditor';
import { useChecklistTemplates } from './api/useChecklistTemplates';

/**
 * Create or edit a macro: Name, then what it changes in ONE update: a reply to the customer or an
 * internal note (variables, preview), Status, Resolution, Assigned To, Severity, a time entry
 * (minutes, billable), a checklist to add (issue 52). Checked with the shared schema ('A macro must change something: ...').
 */
export function MacroForm(props: { item: Macro | null; scope: ReplyScope; pending: boolean; onSave(body: object): void; onCancel(): void }) {
  const { item, scope, pending, onSave, onCancel } = props;
  const { register, handleSubmit, watch, setValue } = useForm<MacroFormValues>({ defaultValues: macroFormValues(item) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checklist, setChecklist] = useState(item?.actions.checklist ?? []);
  const templates = useChecklistTemplates();
  const submit = handleSubmit((values) => {
    const items = checklistToSave(checklist);
    const parsed = macroCreateSchema.safeParse({ name: values.name, scope, actions: { ...macroActions(values), ...(items.length ? { checklist: items } : {}) } });
    if (!parsed.success) return setErrors(firstErrors(parsed.error));
    setErrors({});
    onSave(item ? { name: parsed.data.name, actions: parsed.data.actions } : parsed.data);
  });
  const e = (k: string) => errors[k] ?? Object.entries(errors).find(([path]) => path.startsWith(`${k}.`))?.[1];
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={item ? 'Edit macro' : 'New macro'}>
      <FormField id="macro-name" label="Name" error={e('name')}>
        <input id="macro-name" className="input" {...fieldAria('macro-name', e('name'))} {...register('name')} />
      </FormField>
      {errors.actions && <p className="form-error">{errors.actions}</p>}
      <TemplateText id="macro-comment" label="Reply or note" optional value={watch('commentText')} error={e('actions.comment')} field={register('commentText')} onInsert={(t) => setValue('commentText', t)} />
      <fieldset className="comment-kind">
        <legend>Who sees it?</legend>
        <div className="comment-kind-options">
          <label className="comment-kind-option">
            <input type="radio" value="reply" {...register('commentKind')} /> <span>Reply to customer</span>
          </label>
          <label className="comment-kind-option">
            <input type="radio" value="note" {...register('commentKind')} /> <span>Internal note</span>
          </label>
        </div>
      </fieldset>
      <div className="form-grid">
        <FormField id="macro-status" label="Status">
          <select id="macro-status" className="input" {...register('status')}>
            <option value="">Don't change</option>
            {TICKET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {TICKET_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="macro-severity" label="Severity">
          <select id="macro-severity" className="input" {...register('severity')}>
            <option value="">Don't change</option>
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {SEVERITY_NAMES[s]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField id="macro-resolution" label="Resolution" optional error={e('actions.resolution')}>
        <textarea id="macro-resolution" className="input textarea" rows={2} {...register('resolution')} />
      </FormField>
      <AssigneeSelect id="macro-assignee" field={register('assignee')} noChange error={e('actions.assignee')} />
      <div className="macro-time">
        <FormField id="macro-minutes" label="Time entry (minutes)" optional error={e('actions.timeEntry')}>
          <input id="macro-minutes" className="input" type="number" inputMode="numeric" min={1} {...register('minutes')} />
        </FormField>
        <label className="new-ticket-check">
          <input type="checkbox" {...register('billable')} /> Billable
        </label>
      </div>
      <ChecklistEditor id="macro-checklist" items={checklist} onChange={setChecklist} error={e('actions.checklist')} templates={templates} />
      <FormActions label={pending ? 'Saving...' : 'Save'} pending={pending} onCancel={onCancel} />
    </form>
  );
}
