import { useEffect, useRef } from 'react';

/**
 * Shown while an answer waits in the outbox: it is safe on this device and will be sent
 * automatically. Online, it says the server has not taken it yet, never the outbox's raw last
 * error ("503: ...", "Network error"), which means nothing to a customer.
 */
export function SurveyQueuedView({ offline, onRetry }: { offline: boolean; onRetry(): void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="card success-view survey-result" role="region" aria-labelledby="survey-queued">
      <h2 id="survey-queued" ref={headingRef} tabIndex={-1}>
        Feedback saved on this device
      </h2>
      <p>
        {offline
          ? "You're offline. Your feedback will be sent automatically as soon as you're back online."
          : "We couldn't reach our server yet. Your feedback will be sent automatically; we keep trying."}
      </p>
      <p className="muted">You can close this page: nothing you entered is lost, and it is recorded only once.</p>
      <button type="button" className="btn btn-outline" onClick={onRetry}>
        Try Again Now
      </button>
    </div>
  );
}
