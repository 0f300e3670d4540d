import { Link } from 'react-router-dom';
import { IonBadge } from '@ionic/react';
import { SEVERITY_NAMES, TICKET_STATUS_LABELS, type SchedulerTicketFilter } from '@portal/shared';
import { formatDate } from '../../lib/format';
import { Loading } from '../../lib/ui/Loading';
import { Sheet } from '../../lib/ui/Sheet';
import { useSchedulerTickets } from './api/useSchedulerTickets';
import type { DashboardParams } from './api/keys';
import { TEXT, clientLabel, severityColor, statusColor } from './labels';

/**
 * The tickets behind a clicked count ("every count and tile opens the list of tickets
 * behind it"), in a Sheet: newest first, 50 per page with 'Load more'; each opens the ticket on the
 * ticket screen. Needs the network (the snapshot holds counts, not every ticket): offline it says so.
 */
export function TicketListSheet(props: {
  params: DashboardParams;
  filter: SchedulerTicketFilter | null;
  title: string;
  online: boolean;
  onClose(): void;
}) {
  const { params, filter, title, online, onClose } = props;
  const q = useSchedulerTickets(params, online ? filter : null);
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  const total = q.data?.pages[0]?.total;
  return (
    <Sheet open={filter !== null} onClose={onClose} labelledBy="ticket-list-heading">
      <h2 id="ticket-list-heading" className="sheet-title">
        {title}
      </h2>
      {!online ? (
        <p className="muted" role="status">
          {TEXT.needsNetwork}
        </p>
      ) : q.isPending ? (
        <Loading text="Loading tickets..." />
      ) : q.isError ? (
        <p role="alert">Could not load the tickets. Check the connection and try again.</p>
      ) : (
        <>
          <p className="muted" data-total={total}>
            {total === 1 ? '1 ticket' : `${total} tickets`}
          </p>
          {items.length === 0 ? (
            <p className="muted empty">No tickets found.</p>
          ) : (
            <ul className="sched-ticket-list">
              {items.map((t) => (
                <li key={t.id} className="sched-ticket-row" data-ticket={t.ticketNumber}>
                  <div className="timeline-head">
                    <Link to={`/technician?ticket=${t.id}`}>{t.ticketNumber}</Link>
                    <time dateTime={t.createdAt} className="muted">
                      {formatDate(t.createdAt)}
                    </time>
                  </div>
                  <p className="timeline-client">
                    <strong>{clientLabel(t)}</strong> <span className="muted">· {t.assigneeName ?? 'Unassigned'}</span>
                  </p>
                  <div className="badges">
                    <IonBadge color={statusColor(t.status)}>{TICKET_STATUS_LABELS[t.status]}</IonBadge>
                    <IonBadge color={severityColor(t.severity)}>{SEVERITY_NAMES[t.severity]}</IonBadge>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {q.hasNextPage && (
            <button type="button" className="btn btn-outline btn-block" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
              {q.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </button>
          )}
        </>
      )}
    </Sheet>
  );
}
