import { Link } from 'react-router-dom';
import { formatDate } from '../../lib/format';
import { useClientRelated } from './api/useClients';
import { AssetsSection } from './AssetsSection';
import { CLIENTS_TEXT as T } from './texts';

/**
 * The card's open and recent tickets (the newest 10: the tickets this device holds and the card's
 * newest as of its last read, open ones first), its vault
 * entries (the index: names and contacts, never a secret; the vault screen reveals) and its assets
 * (AssetsSection). All from this device, so the card works offline.
 */
export function RelatedSections({ clientId }: { clientId: string }) {
  const { tickets, vault } = useClientRelated(clientId);
  const ordered = [...(tickets ?? [])].sort((a, b) => Number(b.status === 'open' || b.status === 'in_progress') - Number(a.status === 'open' || a.status === 'in_progress'));
  return (
    <>
      <section className="client-section" aria-labelledby="client-tickets">
        <h2 id="client-tickets">{T.tickets}</h2>
        {ordered.length === 0 ? (
          <p className="muted">{T.ticketsEmpty}</p>
        ) : (
          <ul className="client-items">
            {ordered.map((t) => (
              <li key={t.id} className="client-item" data-ticket={t.id}>
                <div>
                  <Link to={`/technician?ticket=${t.id}`}>{t.ticketNumber}</Link> <span className="muted">{t.status.replace('_', ' ')}</span> · {formatDate(t.createdAt)}
                </div>
                <div className="client-issue">{t.issue.slice(0, 100)}</div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="client-section" aria-labelledby="client-vault">
        <h2 id="client-vault">{T.vault}</h2>
        {(vault ?? []).length === 0 ? (
          <p className="muted">{T.vaultEmpty}</p>
        ) : (
          <ul className="client-items">
            {vault!.map((e) => (
              <li key={e.id} className="client-item" data-vault={e.id}>
                <div>
                  <Link to={`/vault?entry=${e.id}`}>{e.businessName}</Link>
                  {e.contactName && <span className="muted"> · {e.contactName}</span>}
                </div>
                {e.address && <div className="muted">{e.address}</div>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <AssetsSection clientId={clientId} />
    </>
  );
}
