/**
 * The buttons under a form (DESIGN.md 5a "the submit button shows SPEC.md's pending text"): the
 * primary submit button with `label` (the caller passes the pending text while `pending`), then
 * 'Cancel'. Submit is disabled while `pending` or `disabled`; `className` adds a feature's layout.
 */
export function FormActions(props: { label: string; pending?: boolean; disabled?: boolean; onCancel(): void; className?: string }) {
  const { label, pending, disabled, onCancel, className } = props;
  return (
    <div className={className ? `form-actions ${className}` : 'form-actions'}>
      <button type="submit" className="btn btn-primary" disabled={pending || disabled}>
        {label}
      </button>
      <button type="button" className="btn btn-outline" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
