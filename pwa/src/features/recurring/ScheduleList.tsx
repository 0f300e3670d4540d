import { describeRecurrence, type RecurringSchedule } from '@portal/shared';
import { ResponsiveList, type ListColumn } from '../../lib/ui/ResponsiveList';
import { formatInZone } from './builder';
import { RECURRING_TEXT } from './texts';

/** A schedule as its row shows it. */
export interface ScheduleRow {
  s: RecurringSchedule;
  client: string;
}

const next = (s: RecurringSchedule) => (s.paused ? '—' : s.next ? formatInZone(Date.parse(s.next.at), s.timeZone) : 'None left');
const state = (s: RecurringSchedule) => <span className={`rec-state${s.paused ? ' rec-paused' : ''}`}>{s.paused ? RECURRING_TEXT.paused : RECURRING_TEXT.active}</span>;
const last = (s: RecurringSchedule) => (s.lastTicket ? `${s.lastTicket.ticketNumber} (${s.lastTicket.status.replace('_', ' ')})` : '—');
const title = (r: ScheduleRow, onOpen: (id: string) => void) => (
  <button type="button" className="link-button rec-title" onClick={() => onOpen(r.s.id)}>
    {r.s.title}
  </button>
);

/** The Recurring Tickets list (issue 52 item 6): client, title, rule in words, next occurrence, last ticket, active/paused. */
export function ScheduleList({ rows, error, onRetry, onOpen }: { rows: ScheduleRow[] | undefined; error: Error | null; onRetry(): void; onOpen(id: string): void }) {
  const columns: ListColumn<ScheduleRow>[] = [
    { id: 'title', header: 'Title', rowHeader: true, cell: (r) => title(r, onOpen) },
    { id: 'client', header: 'Client', cell: (r) => r.client },
    { id: 'rule', header: 'Repeats', cell: (r) => describeRecurrence(r.s.recurrence) },
    { id: 'next', header: 'Next occurrence', cell: (r) => next(r.s), className: 'nowrap' },
    { id: 'last', header: 'Last ticket', cell: (r) => last(r.s) },
    { id: 'state', header: 'Status', cell: (r) => state(r.s) },
  ];
  return (
    <ResponsiveList
      rows={rows}
      rowKey={(r) => r.s.id}
      columns={columns}
      label={RECURRING_TEXT.title}
      empty={RECURRING_TEXT.empty}
      loadingText={RECURRING_TEXT.loading}
      error={error}
      onRetry={onRetry}
      rowAttrs={(r) => ({ 'data-schedule': r.s.title })}
      cardLabel={(r) => r.s.title}
      card={(r) => (
        <div className="rec-card">
          <div className="rec-card-head">
            {title(r, onOpen)}
            {state(r.s)}
          </div>
          {r.client && <p className="rec-client">{r.client}</p>}
          <p className="muted">{describeRecurrence(r.s.recurrence)}</p>
          <p>
            <span className="muted">Next: </span>
            {next(r.s)}
          </p>
          <p>
            <span className="muted">Last ticket: </span>
            {last(r.s)}
          </p>
        </div>
      )}
    />
  );
}
