/**
 * The 'crescent' spinner of Ionic's `<ion-spinner name="crescent">`, drawn without Ionic (
 * "a light customer page"): a 28 px ring with a gap turning once a second (styles.css `.spinner`),
 * in the current text colour. `className` resizes it (e.g. `btn-spinner`). Decorative: `aria-hidden`;
 * the caption next to it says what is happening.
 */
export function Spinner({ className }: { className?: string }) {
  return (
    <span className={className ? `spinner ${className}` : 'spinner'} aria-hidden="true">
      <svg viewBox="0 0 64 64">
        <circle transform="translate(32,32)" r="26" />
      </svg>
    </span>
  );
}
