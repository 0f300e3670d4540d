import { discard, getOfflineDb } from '../../offline';

/**
 * A refused outbox item of a ticket as the panel shows it: the server's message (`message`, else
 * `fallback`) as an alert and 'Discard', which drops item `seq` from the outbox (DESIGN.md 5:
 * nothing refused is dropped without the person choosing it). Used by PendingUpdates and PendingMerge.
 */
export function FailedItem({ seq, message, fallback }: { seq: number; message: string | undefined; fallback: string }) {
  return (
    <div className="pending-failed">
      <p role="alert" className="pending-error">
        {message ?? fallback}
      </p>
      <button type="button" className="btn btn-outline btn-small" onClick={() => void discard(getOfflineDb(), seq)}>
        Discard
      </button>
    </div>
  );
}
