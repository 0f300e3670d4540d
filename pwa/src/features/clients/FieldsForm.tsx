import { useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { FormField } from '../../lib/ui/FormField';
import { CLIENTS_TEXT as T } from './texts';

/** One input of a {@link FieldsForm}. */
export interface FieldSpec {
  name: string;
  label: string;
  /** 'checkbox' holds 'true' or ''; 'select' offers `options` (value '' = none). */
  type?: 'text' | 'email' | 'tel' | 'textarea' | 'number' | 'select' | 'checkbox';
  options?: readonly { value: string; label: string }[];
  optional?: boolean;
  hint?: string;
}

export type FieldValues = Record<string, string>;

/**
 * A small form of text fields checked with the shared zod schema of the write (the field's message
 * under it, SPEC.md 5's rule) before `onSubmit` gets the values that changed. Used for the client,
 * contact and site forms; `serverErrors` shows a refused write's field messages.
 */
export function FieldsForm(props: {
  id: string;
  heading: string;
  fields: FieldSpec[];
  initial: FieldValues;
  schema: ZodType;
  toBody(values: FieldValues): Record<string, unknown>;
  onSubmit(body: Record<string, unknown>, changed: string[]): void | Promise<void>;
  onCancel(): void;
  pending?: boolean;
  serverErrors?: Record<string, string[]> | undefined;
  submitLabel?: string;
}) {
  const { id, fields, initial, schema, toBody, onSubmit, onCancel, pending, serverErrors } = props;
  const [values, setValues] = useState<FieldValues>(initial);
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = toBody(values);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const out: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (out[String(issue.path[0])] ??= []).push(issue.message);
      setErrors(out);
      return;
    }
    setErrors({});
    const changed = fields.map((f) => f.name).filter((n) => (values[n] ?? '') !== (initial[n] ?? ''));
    void onSubmit(body, changed);
  };
  const error = (name: string) => (errors[name] ?? serverErrors?.[name])?.[0];
  return (
    <form className="clients-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{props.heading}</h2>
      {fields.map((f) => {
        const inputId = `${id}-${f.name}`;
        const set = (v: string) => setValues({ ...values, [f.name]: v });
        const common = { id: inputId, name: f.name, value: values[f.name] ?? '', 'aria-invalid': error(f.name) ? true : undefined, onChange: (e: { target: { value: string } }) => set(e.target.value) };
        return (
          <FormField key={f.name} id={inputId} label={f.label} error={error(f.name)} optional={f.optional} hint={f.hint}>
            {f.type === 'textarea' ? (
              <textarea className="input" rows={3} {...common} />
            ) : f.type === 'select' ? (
              <select className="input" {...common}>
                {f.options?.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
              </select>
            ) : f.type === 'checkbox' ? (
              <input className="clients-checkbox" type="checkbox" id={inputId} name={f.name} checked={values[f.name] === 'true'} onChange={(e) => set(e.target.checked ? 'true' : '')} />
            ) : (
              <input className="input" type={f.type ?? 'text'} {...common} />
            )}
          </FormField>
        );
      })}
      <div className="form-actions">
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          {T.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? T.saving : (props.submitLabel ?? T.save)}
        </button>
      </div>
    </form>
  );
}
