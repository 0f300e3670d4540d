import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CONTACT_METHODS, CONTACT_METHOD_LABELS, SEVERITIES, SEVERITY_NAMES, ticketTemplateCreateSchema, type ReplyScope, type TicketTemplate } from '@portal/shared';
import { FormActions } from '../../lib/ui/FormActions';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { AssigneeSelect } from './AssigneeSelect';
import { firstErrors } from './formErrors';
import { ChecklistEditor, checklistToSave } from '../../lib/ui/ChecklistEditor';
import { useChecklistTemplates } from './api/useChecklistTemplates';

/** Create or edit a ticket template: Name, Issue text, Severity, Contact method, Assigned To (what New Ticket fills in) and its Checklist. */
export function TemplateForm(props: { item: TicketTemplate | null; scope: ReplyScope; pending: boolean; onSave(body: object): void; onCancel(): void }) {
  const { item, scope, pending, onSave, onCancel } = props;
  const { register, handleSubmit } = useForm({
    defaultValues: { name: item?.name ?? '', issue: item?.issue ?? '', severity: item?.severity ?? 'medium', contactMethod: item?.contactMethod ?? '', assignee: item?.assignee ?? 'me' },
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checklist, setChecklist] = useState(item?.checklist ?? []);
  const templates = useChecklistTemplates();
  const submit = handleSubmit((values) => {
    const parsed = ticketTemplateCreateSchema.safeParse({ ...values, contactMethod: values.contactMethod || null, scope, checklist: checklistToSave(checklist) });
    if (!parsed.success) return setErrors(firstErrors(parsed.error));
    setErrors({});
    const { scope: _scope, ...patch } = parsed.data;
    onSave(item ? patch : parsed.data);
  });
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={item ? 'Edit template' : 'New template'}>
      <FormField id="tpl-name" label="Name" error={errors.name}>
        <input id="tpl-name" className="input" {...fieldAria('tpl-name', errors.name)} {...register('name')} />
      </FormField>
      <FormField id="tpl-issue" label="Issue Description" error={errors.issue} optional>
        <textarea id="tpl-issue" className="input textarea" rows={4} {...register('issue')} />
      </FormField>
      <div className="form-grid">
        <FormField id="tpl-severity" label="Severity">
          <select id="tpl-severity" className="input" {...register('severity')}>
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {SEVERITY_NAMES[s]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="tpl-contact" label="Preferred Contact Method">
          <select id="tpl-contact" className="input" {...register('contactMethod')}>
            <option value="">Ask the customer</option>
            {CONTACT_METHODS.map((m) => (
              <option key={m} value={m}>
                {CONTACT_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <AssigneeSelect id="tpl-assignee" field={register('assignee')} error={errors.assignee} />
      <ChecklistEditor id="tpl-checklist" items={checklist} onChange={setChecklist} templates={templates} error={Object.entries(errors).find(([k]) => k.startsWith('checklist'))?.[1]} />
      <FormActions label={pending ? 'Saving...' : 'Save'} pending={pending} onCancel={onCancel} />
    </form>
  );
}
