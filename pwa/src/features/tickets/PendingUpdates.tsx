import { TICKET_MERGE_FIELDS, type Technician } from '@portal/shared';
import type { TicketUpdateItem } from './offline';
import { ConflictChooser } from './ConflictChooser';
import { FailedItem } from './FailedItem';
import { FIELD_LABELS, fieldValueText } from './labels';
import './tickets.css';

/** 'Status: In Progress · Internal note: On site' (or 'Reply to customer: ...') for a queued update. */
export function updateSummary(item: TicketUpdateItem, technicians: readonly Technician[] | undefined): string {
  const { patch } = item.payload;
  const parts = TICKET_MERGE_FIELDS.filter((f) => patch[f] !== undefined).map(
    (f) => `${FIELD_LABELS[f]}: ${fieldValueText(f, patch[f] ?? null, technicians)}`,
  );
  if (patch.comment) parts.push(`${patch.reply ? 'Reply to customer' : 'Internal note'}: ${patch.comment}`);
  return parts.join(' · ');
}

/**
 * The selected ticket's updates still in the outbox, oldest first: each with
 * its state: 'Waiting to sync' (with the last transient problem, if any; 'Macro: {name}' when a
 * macro made it, as in Work History), 'Conflict' with the
 * chooser, or 'Failed' with the server's message and a 'Discard' button. Renders nothing when the
 * outbox holds nothing for this ticket.
 */
export function PendingUpdates({ items, technicians }: { items: readonly TicketUpdateItem[]; technicians: readonly Technician[] | undefined }) {
  if (items.length === 0) return null;
  return (
    <section className="pending-updates" aria-labelledby="pending-updates-heading">
      <h3 id="pending-updates-heading">Not Yet Synced</h3>
      <ol className="pending-list">
        {items.map((item) => (
          <li key={item.seq} className={`pending-item pending-${item.state}`}>
            <div className="pending-head">
              <strong>{item.state === 'conflict' ? 'Conflict' : item.state === 'failed' ? 'Failed' : 'Waiting to sync'}</strong>
              {item.lastError && item.state !== 'failed' && <span className="muted">{item.lastError}</span>}
            </div>
            {item.payload.macroName ? <p className="history-macro">Macro: {item.payload.macroName}</p> : null}
            <p className="pending-summary">{updateSummary(item, technicians)}</p>
            {item.state === 'conflict' && <ConflictChooser item={item} technicians={technicians} />}
            {item.state === 'failed' && (
              <FailedItem seq={item.seq} message={item.error?.message} fallback="Failed to update ticket. Please try again." />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
