import { useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { REPLY_VARIABLE_HELP, templateProblem, type ReplyVariable } from '@portal/shared';
import { useAuth } from '../../lib/auth';
import { useConfig } from '../../lib/config';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { REPLIES_TEXT, VARIABLE_TOKENS, previewText } from './texts';

/**
 * A reply text with variables (issue 51): the text box, a button per variable (inserted at the
 * caret), the variable problem as it is typed (the server's message: `Unknown variable {{x}}...`)
 * and the preview with a sample ticket.
 */
export function TemplateText(props: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  field: UseFormRegisterReturn;
  onInsert(text: string): void;
  optional?: boolean;
}) {
  const { id, label, value, error, field, onInsert, optional } = props;
  const { user } = useAuth();
  const { supportPhone } = useConfig();
  const box = useRef<HTMLTextAreaElement | null>(null);
  const problem = error ?? (value ? (templateProblem(value) ?? undefined) : undefined);
  const insert = (token: string) => {
    const el = box.current;
    const at = el?.selectionStart ?? value.length;
    onInsert(value.slice(0, at) + token + value.slice(el?.selectionEnd ?? at));
  };
  return (
    <>
      <FormField id={id} label={label} error={problem} optional={optional}>
        <textarea
          id={id}
          className="input textarea"
          rows={5}
          {...fieldAria(id, problem)}
          {...field}
          ref={(el) => {
            field.ref(el);
            box.current = el;
          }}
        />
      </FormField>
      <div className="variable-chips" role="group" aria-label="Insert a variable">
        {VARIABLE_TOKENS.map((v) => (
          <button key={v.name} type="button" className="chip" title={REPLY_VARIABLE_HELP[v.name as ReplyVariable]} onClick={() => insert(v.token)}>
            {v.token}
          </button>
        ))}
      </div>
      {value.trim() && !problem && (
        <div className="reply-preview">
          <p className="form-label">{REPLIES_TEXT.previewTitle}</p>
          <p className="reply-preview-text">{previewText(value, user?.username ?? 'you', supportPhone)}</p>
        </div>
      )}
    </>
  );
}
