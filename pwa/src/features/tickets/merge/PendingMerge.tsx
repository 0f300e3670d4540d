import { useOfflineQuery } from '../../../offline';
import { FailedItem } from '../FailedItem';
import { readTicketMerges } from '../offline';

/**
 * This ticket's merge still in the outbox (docs/merge.md "PWA"): 'Merge into TKT-… waiting to sync',
 * or, refused, 'Merge refused' with the server's message and 'Discard' (the sync bar lists it as
 * needing attention until then). Renders nothing when none is queued.
 */
export function PendingMerge({ ticketId }: { ticketId: string }) {
  const items = useOfflineQuery((db) => readTicketMerges(db, ticketId), [ticketId]) ?? [];
  if (items.length === 0) return null;
  return (
    <ul className="pending-list" aria-label="Merge not yet synced">
      {items.map((item) => (
        <li key={item.seq} className={`pending-item pending-${item.state}`}>
          <div className="pending-head">
            <strong>{item.state === 'failed' ? 'Merge refused' : `Merge into ${item.payload.into.ticketNumber} waiting to sync`}</strong>
            {item.lastError && item.state !== 'failed' && <span className="muted">{item.lastError}</span>}
          </div>
          {item.state === 'failed' && (
            <FailedItem seq={item.seq} message={item.error?.message} fallback="The merge was refused." />
          )}
        </li>
      ))}
    </ul>
  );
}
