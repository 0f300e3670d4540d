import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { cannedReplyCreateSchema, type CannedReply, type ReplyScope } from '@portal/shared';
import { FormActions } from '../../lib/ui/FormActions';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { firstErrors } from './formErrors';
import { TemplateText } from './TemplateText';

/**
 * Create or edit a canned reply: Title, Text (variables, preview). Checked with the shared schema
 * (an unknown variable is named); `onSave` gets the body of POST (with `scope`) or PATCH.
 */
export function ReplyForm(props: { item: CannedReply | null; scope: ReplyScope; pending: boolean; onSave(body: object): void; onCancel(): void }) {
  const { item, scope, pending, onSave, onCancel } = props;
  const { register, handleSubmit, watch, setValue } = useForm({ defaultValues: { title: item?.title ?? '', body: item?.body ?? '' } });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = handleSubmit((values) => {
    const parsed = cannedReplyCreateSchema.safeParse({ ...values, scope });
    if (!parsed.success) return setErrors(firstErrors(parsed.error));
    setErrors({});
    onSave(item ? { title: parsed.data.title, body: parsed.data.body } : parsed.data);
  });
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={item ? 'Edit reply' : 'New reply'}>
      <FormField id="reply-title" label="Title" error={errors.title}>
        <input id="reply-title" className="input" {...fieldAria('reply-title', errors.title)} {...register('title')} />
      </FormField>
      <TemplateText id="reply-body" label="Text" value={watch('body')} error={errors.body} field={register('body')} onInsert={(t) => setValue('body', t)} />
      <FormActions label={pending ? 'Saving...' : 'Save'} pending={pending} onCancel={onCancel} />
    </form>
  );
}
