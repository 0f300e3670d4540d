import { useState } from 'react';
import type { ChecklistTemplate, TemplateItem } from '@portal/shared';
import { ChecklistEditor } from '../../../lib/ui/ChecklistEditor';
import { FormActions } from '../../../lib/ui/FormActions';
import { FormField, fieldAria } from '../../../lib/ui/FormField';
import { CHECKLIST_TEMPLATES_TEXT as T } from './texts';
import { templateToSave } from './templateModel';

/**
 * Create or edit a checklist template (issue 52 item 2): Name and its items (text, Required, Up,
 * Remove, 'Add checklist item'). Checked with the API's schema before sending (templateModel.ts; a
 * field's message goes once the field changes);
 * the server's refusals (a name taken) come back as the page's toast.
 */
export function ChecklistTemplateForm(props: { item: ChecklistTemplate | null; pending: boolean; onSave(body: object): void; onCancel(): void }) {
  const { item, pending, onSave, onCancel } = props;
  const [name, setName] = useState(item?.name ?? '');
  const [items, setItems] = useState<TemplateItem[]>(item?.items ?? [{ text: '', required: false }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const result = templateToSave(name, items);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    onSave(result.body);
  };
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={item ? T.editTitle : T.newTitle}>
      <FormField id="cl-tpl-name" label="Name" error={errors.name}>
        <input id="cl-tpl-name" className="input" maxLength={120} value={name} {...fieldAria('cl-tpl-name', errors.name)} onChange={(e) => (setName(e.target.value), setErrors(({ name: _n, ...rest }) => rest))} />
      </FormField>
      <ChecklistEditor id="cl-tpl-items" items={items} onChange={(next) => (setItems(next), setErrors(({ items: _i, ...rest }) => rest))} error={errors.items} />
      <FormActions label={pending ? 'Saving...' : 'Save'} pending={pending} onCancel={onCancel} />
    </form>
  );
}
