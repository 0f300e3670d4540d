import { IonSpinner } from '@ionic/react';

/** Spinner with a visible caption; `Loading...` by default (SPEC.md 2 route guards). */
export function Loading({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <IonSpinner name="crescent" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
