import { Link } from 'react-router-dom';
import { IonBadge } from '@ionic/react';
import { SEVERITY_NAMES, TICKET_STATUS_LABELS, type SchedulerTicket } from '@portal/shared';
import { formatDate } from '../../lib/format';
import { ResponsiveList, type ListColumn } from '../../lib/ui/ResponsiveList';
import { TEXT, clientLabel, severityColor, statusColor } from './labels';

const created = (t: SchedulerTicket) => <time dateTime={t.createdAt}>{formatDate(t.createdAt)}</time>;
const ticketLink = (t: SchedulerTicket) => <Link to={`/technician?ticket=${t.id}`}>{t.ticketNumber}</Link>;
const statusBadge = (t: SchedulerTicket) => <IonBadge color={statusColor(t.status)}>{TICKET_STATUS_LABELS[t.status]}</IonBadge>;
const severityBadge = (t: SchedulerTicket) => <IonBadge color={severityColor(t.severity)}>{SEVERITY_NAMES[t.severity]}</IonBadge>;
const assignee = (t: SchedulerTicket) => t.assigneeName ?? 'Unassigned';

const COLUMNS: ListColumn<SchedulerTicket>[] = [
  { id: 'created', header: 'Created', cell: created },
  { id: 'ticket', header: 'Ticket', cell: ticketLink },
  { id: 'client', header: 'Client', cell: (t) => clientLabel(t) },
  { id: 'issue', header: 'Issue', cell: (t) => t.issue, className: 'sched-issue' },
  { id: 'status', header: 'Status', cell: statusBadge },
  { id: 'severity', header: 'Severity', cell: severityBadge },
  { id: 'assignee', header: 'Assignee', cell: assignee },
];

/** Phones: one ticket of the timeline. */
function TimelineCard({ t }: { t: SchedulerTicket }) {
  return (
    <>
      <div className="timeline-head">
        <span className="muted">{created(t)}</span>
        {ticketLink(t)}
      </div>
      <p className="timeline-client">
        <strong>{clientLabel(t)}</strong> <span className="muted">· {assignee(t)}</span>
      </p>
      <p className="sched-issue">{t.issue}</p>
      <div className="badges">
        {statusBadge(t)}
        {severityBadge(t)}
      </div>
    </>
  );
}

/**
 * 'Ticket Timeline' of the Calendar View (SPEC.md 2): the 10 newest tickets of the range, each with
 * created date, ticket number, client, the first 100 characters of the issue, status, severity and
 * assignee. A table from 992 px, cards on phones (DESIGN.md 5a, the shared ResponsiveList).
 */
export function Timeline({ tickets }: { tickets: readonly SchedulerTicket[] }) {
  return (
    <section className="card sched-timeline" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">{TEXT.timeline}</h2>
      <ResponsiveList
        rows={tickets}
        rowKey={(t) => t.id}
        columns={COLUMNS}
        card={(t) => <TimelineCard t={t} />}
        empty="No tickets in this period."
        rowAttrs={(t) => ({ 'data-ticket': t.ticketNumber })}
        ordered
        classes={{ wrap: 'sched-table-wrap', table: 'sched-table', list: 'timeline-list', card: 'timeline-item', empty: 'empty' }}
      />
    </section>
  );
}
