import type { ReactNode } from 'react';

/**
 * A labelled form row: `<label for=id>`, the control (passed as children, which must carry the same
 * `id`, plus `aria-invalid`/`aria-describedby={errorId(id)}` via {@link fieldAria}), an optional
 * hint and the validation message underneath (SPEC.md 5: "messages under each field").
 * Native controls keep Playwright's getByLabel and phone keyboards working.
 */
export function FormField(props: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  children: ReactNode;
}) {
  const { id, label, error, hint, optional, children } = props;
  return (
    <div className={`form-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className="form-label">
        {label}
        {optional && <span className="form-optional"> (optional)</span>}
      </label>
      {children}
      {hint && !error && <p className="form-hint">{hint}</p>}
      {error && (
        <p id={errorId(id)} className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Id of a field's error paragraph. */
export function errorId(id: string): string {
  return `${id}-error`;
}

/** ARIA attributes tying a control to its error message. */
export function fieldAria(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': errorId(id) } : { 'aria-invalid': false as const };
}
