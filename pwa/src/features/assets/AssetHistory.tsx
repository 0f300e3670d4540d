import { Link } from 'react-router-dom';
import type { AssetChange } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { ASSETS_TEXT as T, FIELD_NAMES } from './texts';

const LABELS: Record<string, string> = { ...FIELD_NAMES, clientId: 'Client', siteId: 'Site', contactId: 'Contact', vaultEntryIds: 'Vault entries' };
const EMPTY = '(empty)';

/** One entry in words: 'Created A-0042 Printer', 'Status: Active → In repair', 'Linked to ticket TKT-000012'. */
function What({ c }: { c: AssetChange }) {
  const ticket = (n: string | null) => (c.ticketId ? <Link to={`/technician?ticket=${c.ticketId}`}>{n ?? c.ticketId}</Link> : n);
  switch (c.kind) {
    case 'created':
      return <>Created {c.to}</>;
    case 'ticket_linked':
      return <>Linked to ticket {ticket(c.to)}</>;
    case 'ticket_unlinked':
      return <>Unlinked from ticket {ticket(c.from)}</>;
    default:
      return (
        <>
          {LABELS[c.field ?? ''] ?? c.field}: {c.from ?? EMPTY} → {c.to ?? EMPTY}
        </>
      );
  }
}

/**
 * The asset page's History (issue 53 item 2): who changed what, when, newest first (the server's
 * newest 50, also from this device's copy offline; `offline` says so).
 */
export function AssetHistory({ items, offline }: { items: AssetChange[] | undefined; offline: boolean }) {
  const list = items ?? [];
  return (
    <section className="asset-section" aria-labelledby="asset-history">
      <h2 id="asset-history">{T.history}</h2>
      {offline && list.length > 0 && <p className="muted">{T.historyOffline}</p>}
      {list.length === 0 ? (
        <p className="muted">{T.historyEmpty}</p>
      ) : (
        <ol className="asset-history">
          {list.map((c) => (
            <li key={c.id} className="client-item" data-change={c.kind}>
              <div className="asset-history-what">
                <What c={c} />
              </div>
              <div className="muted">
                {formatDateTime(c.at)} · {c.actor ?? 'System'}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
