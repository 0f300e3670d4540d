import { useEffect } from 'react';
import { holdIdle } from '../idle';
import { Spinner } from './Spinner';

/**
 * Spinner with a visible caption; `Loading...` by default (SPEC.md 2 route guards). While it is
 * shown the page is not usable yet, so idle-time loads (lib/idle `whenIdle`) wait.
 */
export function Loading({ text = 'Loading...' }: { text?: string }) {
  useEffect(() => holdIdle(), []);
  return (
    <div className="loading" role="status" aria-live="polite">
      <Spinner />
      <span>{text}</span>
    </div>
  );
}
