import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { TICKET_STATUS_LABELS, staffTicketPath, type ClientTicket, type TicketStatus } from '@portal/shared';
import { apiGet } from '../../lib/api';

/**
 * 'Open tickets' of a vault entry's client (docs/vault.md "Tickets and vault entries"): GET
 * /api/vault/:id/open-tickets (business name or e-mail domain), each a link to the ticket on
 * /technician. Online only; offline it says so. Not shown for an entry still waiting to sync.
 */
export function OpenTickets({ entryId, online }: { entryId: string; online: boolean }) {
  const q = useQuery<ClientTicket[]>({
    queryKey: ['/api/vault', entryId, 'open-tickets'],
    queryFn: ({ signal }) => apiGet<ClientTicket[]>(`/api/vault/${encodeURIComponent(entryId)}/open-tickets`, { signal }),
    enabled: online,
  });
  let body;
  if (!online) body = <p className="muted">Open tickets show when online.</p>;
  else if (q.isError) body = <p className="muted">The open tickets could not be loaded.</p>;
  else if (!q.data) body = <p className="muted">Loading open tickets...</p>;
  else if (q.data.length === 0) body = <p className="muted">No open tickets for this client.</p>;
  else {
    body = (
      <ul className="vault-open-tickets">
        {q.data.map((t) => (
          <li key={t.id}>
            <Link to={staffTicketPath(t.id)}>{t.ticketNumber}</Link>{' '}
            <span className="muted">
              {TICKET_STATUS_LABELS[t.status as TicketStatus] ?? t.status} · {t.clientName}
            </span>
            <div className="vault-open-ticket-issue">{t.issue}</div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="vault-section" aria-labelledby={`open-tickets-${entryId}`}>
      <h3 id={`open-tickets-${entryId}`}>Open tickets</h3>
      {body}
    </section>
  );
}
