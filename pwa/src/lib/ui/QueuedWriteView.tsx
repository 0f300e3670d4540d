import { useEffect, useRef } from 'react';

/**
 * Shown while a customer's public write (a request, an answer) waits in the outbox: the heading
 * says it is saved on this device (focused for screen readers), one plain sentence says why it is
 * still waiting, a note says nothing is lost; 'Try Again Now' when `onRetry` is given.
 */
export function QueuedWriteView(props: { headingId: string; heading: string; sentence: string; note: string; className?: string; onRetry?: (() => void) | undefined }) {
  const { headingId, heading, sentence, note, className = 'card success-view', onRetry } = props;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className={className} role="region" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      <p>{sentence}</p>
      <p className="muted">{note}</p>
      {onRetry && (
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          Try Again Now
        </button>
      )}
    </div>
  );
}
