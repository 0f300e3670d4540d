import { useEffect, useRef } from 'react';

/**
 * Shown while a support request waits in the outbox (issue 3 flow 6): it is safe on this device and
 * will be sent automatically; the ticket number follows once it has been. `lastError` is the last
 * transient problem ("Network error", "503: ...") when the device is online but the server did not
 * accept the request yet.
 */
export function QueuedView({ offline, lastError, onRetry }: { offline: boolean; lastError: string | null; onRetry(): void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="card success-view" role="region" aria-labelledby="queued-heading">
      <h2 id="queued-heading" ref={headingRef} tabIndex={-1}>
        Request saved on this device
      </h2>
      <p>
        {offline
          ? "You're offline. Your request will be sent automatically as soon as you're back online."
          : "We couldn't reach our server yet. Your request will be sent automatically; we keep trying."}
      </p>
      <p className="muted">Keep this page open or come back later to see your ticket number. Nothing you typed is lost.</p>
      {!offline && lastError && <p className="muted">Last attempt: {lastError}</p>}
      <button type="button" className="btn btn-outline" onClick={onRetry}>
        Try Again Now
      </button>
    </div>
  );
}
