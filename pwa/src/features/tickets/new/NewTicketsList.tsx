import { Link } from 'react-router-dom';
import { STAFF_TICKET_TEXT } from '@portal/shared';
import { discard, getOfflineDb } from '../../../offline';
import type { StaffCreateItem } from '../offline';

/**
 * The tickets this device created with New Ticket (the `ticket.staffCreate` outbox items, newest
 * first): waiting ones say "Ticket will be numbered when it syncs"; sent ones show their number
 * with a link to the ticket; rejected ones the server's message with Discard.
 */
export function NewTicketsList({ items }: { items: readonly StaffCreateItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="card new-tickets" aria-labelledby="new-tickets-heading">
      <h2 id="new-tickets-heading">Created on this device</h2>
      <ul className="new-tickets-list">
        {items.map((item) => (
          <li key={item.seq} className={`new-ticket-row new-ticket-${item.state}`}>
            <span className="new-ticket-label">{item.label}</span>
            {item.state === 'done' && item.result ? (
              <Link className="new-ticket-number" to={`/technician?ticket=${encodeURIComponent(item.result.id)}`}>
                {item.result.ticketNumber}
              </Link>
            ) : item.state === 'failed' ? (
              <span className="new-ticket-failed">
                <span className="form-error">{item.error?.message ?? 'The server refused this ticket.'}</span>
                <button type="button" className="btn btn-outline btn-small" onClick={() => void discard(getOfflineDb(), item.seq)}>
                  Discard
                </button>
              </span>
            ) : (
              <span className="muted" role="status">
                {STAFF_TICKET_TEXT.numberedOnSync}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
