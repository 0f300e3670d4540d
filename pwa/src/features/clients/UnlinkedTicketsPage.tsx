import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { UnlinkedTicketPage } from '@portal/shared';
import { apiGet } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { ResponsiveList, type ListColumn } from '../../lib/ui/ResponsiveList';
import type { UnlinkedTicket } from '@portal/shared';
import { CLIENTS_TEXT as T } from './texts';
import './clients.css';

const COLUMNS: ListColumn<UnlinkedTicket>[] = [
  { id: 'number', header: 'Ticket', cell: (t) => <Link to={`/technician?ticket=${t.id}`}>{t.ticketNumber}</Link>, rowHeader: true },
  { id: 'client', header: 'Customer', cell: (t) => `${t.clientName}${t.businessName ? ` (${t.businessName})` : ''}` },
  { id: 'email', header: 'E-mail', cell: (t) => t.customerEmail },
  { id: 'created', header: 'Created', cell: (t) => formatDate(t.createdAt), className: 'nowrap' },
];

/**
 * /clients/unlinked "Tickets without a client" (admin; issue 50 item 4): what neither the matching
 * of new tickets nor `npm run clients:link` could give a client, newest first, in pages of 50.
 * Each links to the ticket, whose Update Ticket panel sets the client.
 */
export default function UnlinkedTicketsPage() {
  const q = useInfiniteQuery({
    queryKey: ['/api/clients/unlinked-tickets'],
    queryFn: ({ pageParam }) => apiGet<UnlinkedTicketPage>(`/api/clients/unlinked-tickets${pageParam ? `?after=${pageParam}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.items);
  const total = q.data?.pages[0]?.total;
  return (
    <div className="page clients-page">
      <Link to="/clients" className="btn btn-outline btn-small">
        ← {T.back}
      </Link>
      <h1>{T.unlinked}</h1>
      {total !== undefined && <p className="muted">{total === 1 ? "1 ticket" : `${total} tickets`}</p>}
      <ResponsiveList
        rows={rows}
        rowKey={(t) => t.id}
        columns={COLUMNS}
        label={T.unlinked}
        empty={T.unlinkedEmpty}
        loadingText={T.loading}
        error={q.error}
        cardLabel={(t) => t.ticketNumber}
        card={(t) => (
          <div>
            <div>{COLUMNS[0]!.cell(t)} · {formatDate(t.createdAt)}</div>
            <div>{COLUMNS[1]!.cell(t)}</div>
            <div className="muted">{t.customerEmail}</div>
          </div>
        )}
      />
      {q.hasNextPage && (
        <button type="button" className="btn btn-outline" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          Show more
        </button>
      )}
    </div>
  );
}
