import { useEffect, type ReactNode } from 'react';
import { NO_CONNECTION_TEXT, isNoConnection } from '../connection';
import { holdIdle } from '../idle';
import './ui.css';

/**
 * Loading state of a list or panel (DESIGN.md 5a: "loading shows skeletons (or SPEC.md's loading
 * text)"): the caption (`Loading...` by default, or SPEC.md's text) as a polite status, above `lines`
 * grey skeleton bars. While it shows, idle-time loads (lib/idle `whenIdle`) wait, as with `Loading`.
 */
export function LoadingSkeleton({ text = 'Loading...', lines = 3 }: { text?: string; lines?: number }) {
  useEffect(() => holdIdle(), []);
  return (
    <div className="ui-skeleton" role="status" aria-live="polite">
      <span className="ui-skeleton-text">{text}</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="ui-skeleton-bar" aria-hidden="true" />
      ))}
    </div>
  );
}

/**
 * Error state: `{text} {error.message}` as an alert (e.g. 'The users could not be loaded. Forbidden'),
 * with an optional 'Try Again' button. `className` adds a feature's box (e.g. `card`). A request that
 * got no answer shows lib/connection's 'No connection to the server...' instead of the browser's own
 * text ('Failed to fetch').
 */
export function ErrorState(props: { text: string; error?: { message: string } | null; onRetry?(): void; className?: string }) {
  const { text, error, onRetry, className } = props;
  return (
    <div className={className ? `ui-error ${className}` : 'ui-error'}>
      <p className="form-error" role="alert">
        {error ? `${text} ${isNoConnection(error) ? NO_CONNECTION_TEXT : error.message}` : text}
      </p>
      {onRetry && (
        <button type="button" className="btn btn-outline btn-small" onClick={onRetry}>
          Try Again
        </button>
      )}
    </div>
  );
}

/** Empty state: SPEC.md's empty text in a muted paragraph (`className` adds a feature's box, e.g. `card`). */
export function EmptyState({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={className ? `muted ui-empty ${className}` : 'muted ui-empty'}>{children}</p>;
}
