import { Spinner } from './Spinner';

/** Spinner with a visible caption; `Loading...` by default (SPEC.md 2 route guards). */
export function Loading({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <Spinner />
      <span>{text}</span>
    </div>
  );
}
