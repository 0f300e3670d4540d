import { Link } from 'react-router-dom';
import { IonBadge } from '@ionic/react';
import { SEVERITY_NAMES, TICKET_STATUS_LABELS, type SchedulerTicket } from '@portal/shared';
import { formatDate } from '../../lib/format';
import { useIsDesktop } from '../../lib/ui/useMediaQuery';
import { TEXT, severityColor, statusColor } from './labels';

/**
 * 'Ticket Timeline' of the Calendar View (SPEC.md 2): the 10 newest tickets of the range, each with
 * created date, ticket number, client, the first 100 characters of the issue, status, severity and
 * assignee. A table from 992 px, cards on phones (DESIGN.md 5a).
 */
export function Timeline({ tickets }: { tickets: readonly SchedulerTicket[] }) {
  const isDesktop = useIsDesktop();
  return (
    <section className="card sched-timeline" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">{TEXT.timeline}</h2>
      {tickets.length === 0 ? (
        <p className="muted empty">No tickets in this period.</p>
      ) : isDesktop ? (
        <table className="sched-table">
          <thead>
            <tr>
              <th scope="col">Created</th>
              <th scope="col">Ticket</th>
              <th scope="col">Client</th>
              <th scope="col">Issue</th>
              <th scope="col">Status</th>
              <th scope="col">Severity</th>
              <th scope="col">Assignee</th>
            </tr>
          </thead>
          <tbody>
            {tickets.map((t) => (
              <tr key={t.id} data-ticket={t.ticketNumber}>
                <td>
                  <time dateTime={t.createdAt}>{formatDate(t.createdAt)}</time>
                </td>
                <td>
                  <Link to={`/technician?ticket=${t.id}`}>{t.ticketNumber}</Link>
                </td>
                <td>{t.clientName}</td>
                <td className="sched-issue">{t.issue}</td>
                <td>
                  <IonBadge color={statusColor(t.status)}>{TICKET_STATUS_LABELS[t.status]}</IonBadge>
                </td>
                <td>
                  <IonBadge color={severityColor(t.severity)}>{SEVERITY_NAMES[t.severity]}</IonBadge>
                </td>
                <td>{t.assigneeName ?? 'Unassigned'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ol className="timeline-list">
          {tickets.map((t) => (
            <li key={t.id} className="timeline-item" data-ticket={t.ticketNumber}>
              <div className="timeline-head">
                <time dateTime={t.createdAt} className="muted">
                  {formatDate(t.createdAt)}
                </time>
                <Link to={`/technician?ticket=${t.id}`}>{t.ticketNumber}</Link>
              </div>
              <p className="timeline-client">
                <strong>{t.clientName}</strong> <span className="muted">· {t.assigneeName ?? 'Unassigned'}</span>
              </p>
              <p className="sched-issue">{t.issue}</p>
              <div className="badges">
                <IonBadge color={statusColor(t.status)}>{TICKET_STATUS_LABELS[t.status]}</IonBadge>
                <IonBadge color={severityColor(t.severity)}>{SEVERITY_NAMES[t.severity]}</IonBadge>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
