import { useEffect, useRef } from 'react';

/**
 * Shown while an answer waits in the outbox: it is safe on this device and will be sent
 * automatically. `lastError` is the last transient problem when the device is online but the server
 * did not take the answer yet.
 */
export function SurveyQueuedView({ offline, lastError, onRetry }: { offline: boolean; lastError: string | null; onRetry(): void }) {
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
      {!offline && lastError && <p className="muted">Last attempt: {lastError}</p>}
      <button type="button" className="btn btn-outline" onClick={onRetry}>
        Try Again Now
      </button>
    </div>
  );
}
