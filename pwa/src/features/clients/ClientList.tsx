import { useMemo, useState } from 'react';
import { IonBadge } from '@ionic/react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../lib/format';
import { ResponsiveList, type ListColumn } from '../../lib/ui/ResponsiveList';
import type { ClientCardView } from './offline';
import { CLIENTS_TEXT as T } from './texts';

/** Rows shown before 'Show more' (lists are never one endless page, DESIGN.md 5a). */
const PAGE = 50;

/** The list's search rule, the API's `q` on this device: name substring, or an e-mail domain prefix. */
export function matchesClientSearch(c: ClientCardView, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const domain = q.replace(/^@/, '');
  return c.name.toLowerCase().includes(q) || c.emailDomains.some((d) => d.startsWith(domain));
}

const nameCell = (c: ClientCardView) => (
  <>
    <Link to={`/clients?client=${c.id}`} className="client-link">
      {c.name}
    </Link>
    {c.archived && <IonBadge color="medium">{T.archived}</IonBadge>}
    {c.pending.size > 0 && <IonBadge color="warning">{T.waiting}</IonBadge>}
  </>
);
const lastVisit = (c: ClientCardView) => (c.lastVisitAt ? formatDate(c.lastVisitAt) : '—');

const COLUMNS: ListColumn<ClientCardView>[] = [
  { id: 'name', header: T.colName, cell: nameCell, rowHeader: true },
  { id: 'open', header: T.colOpen, cell: (c) => c.openTickets, className: 'num' },
  { id: 'last', header: T.colLastVisit, cell: lastVisit, className: 'nowrap' },
];

/**
 * The /clients list (issue 50 item 5): search (name, e-mail domain), then name, open tickets and
 * last visit; cards on phones, a table from 992 px; read from this device (works offline).
 */
export function ClientList({ clients }: { clients: ClientCardView[] }) {
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(PAGE);
  const matches = useMemo(() => clients.filter((c) => matchesClientSearch(c, query)), [clients, query]);
  return (
    <>
      <input
        type="search"
        className="input clients-search"
        aria-label={T.searchLabel}
        placeholder={T.searchPlaceholder}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setShown(PAGE);
        }}
      />
      <ResponsiveList
        rows={matches.slice(0, shown)}
        rowKey={(c) => c.id}
        columns={COLUMNS}
        label={T.title}
        empty={clients.length === 0 ? T.emptyAll : T.empty}
        cardLabel={(c) => c.name}
        rowAttrs={(c) => ({ 'data-client': c.id })}
        card={(c) => (
          <div className="client-row-card">
            <div className="client-row-name">{nameCell(c)}</div>
            <div className="muted">
              {T.colOpen}: {c.openTickets} · {T.colLastVisit}: {lastVisit(c)}
            </div>
          </div>
        )}
      />
      {matches.length > shown && (
        <button type="button" className="btn btn-outline" onClick={() => setShown(shown + PAGE)}>
          Show more
        </button>
      )}
    </>
  );
}
