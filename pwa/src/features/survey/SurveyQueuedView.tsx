import { QueuedWriteView } from '../../lib/ui/QueuedWriteView';

/**
 * Shown while an answer waits in the outbox: it is safe on this device and will be sent
 * automatically. Online, it says the server has not taken it yet, never the outbox's raw last
 * error ("503: ...", "Network error"), which means nothing to a customer.
 */
export function SurveyQueuedView({ offline, onRetry }: { offline: boolean; onRetry(): void }) {
  return (
    <QueuedWriteView
      className="card success-view survey-result"
      headingId="survey-queued"
      heading="Feedback saved on this device"
      sentence={
        offline
          ? "You're offline. Your feedback will be sent automatically as soon as you're back online."
          : "We couldn't reach our server yet. Your feedback will be sent automatically; we keep trying."
      }
      note="You can close this page: nothing you entered is lost, and it is recorded only once."
      onRetry={onRetry}
    />
  );
}
