import type { OccurrenceRecord, RecurringSchedule } from '@portal/shared';
import { writeProps } from '../../lib/ui/ServerConnection';
import { ErrorState, LoadingSkeleton } from '../../lib/ui/States';
import { formatDateTime } from '../../lib/format';
import { useSchedule } from './api/useRecurring';
import { formatInZone } from './builder';
import { RECURRING_TEXT } from './texts';

function HistoryItem({ h, timeZone }: { h: OccurrenceRecord; timeZone: string }) {
  return (
    <li className="rec-history-item" data-outcome={h.outcome}>
      <strong>{formatInZone(Date.parse(h.dueAt), timeZone)}</strong>{' '}
      {h.outcome === 'opened' ? (
        <span>
          Opened {h.ticketNumber ?? ''}
          {h.ticketStatus ? ` (${h.ticketStatus.replace('_', ' ')})` : ''}
          {h.late ? ', late' : ''}
        </span>
      ) : (
        <span className="rec-skipped">Skipped{h.reason ? `: ${h.reason}` : ''}</span>
      )}
      <span className="muted"> · {formatDateTime(h.createdAt)}</span>
    </li>
  );
}

export interface DetailActions {
  onEdit(s: RecurringSchedule): void;
  onPause(s: RecurringSchedule): void;
  onRunNow(s: RecurringSchedule): void;
  onDelete(s: RecurringSchedule): void;
}

/** One schedule: its rule, next occurrence and history of opened and skipped occurrences; admins edit, pause/resume, run now, delete. */
export function ScheduleDetail({ id, admin, writeBlock, busy, actions }: { id: string; admin: boolean; writeBlock: string | undefined; busy: boolean; actions: DetailActions }) {
  const q = useSchedule(id);
  if (q.error) return <ErrorState text="The schedule could not be loaded." error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <LoadingSkeleton text={RECURRING_TEXT.loading} />;
  const s = q.data;
  const w = writeProps(writeBlock, busy);
  return (
    <div className="rec-detail">
      <p className="muted">{s.issue}</p>
      <p>
        <span className="muted">Next: </span>
        {s.paused ? RECURRING_TEXT.paused : s.next ? formatInZone(Date.parse(s.next.at), s.timeZone) : 'None left'} <span className="muted">({s.timeZone})</span>
      </p>
      {admin && (
        <div className="rec-actions">
          <button type="button" className="btn btn-primary btn-small" {...w} onClick={() => actions.onEdit(s)}>
            Edit
          </button>
          <button type="button" className="btn btn-outline btn-small" {...w} onClick={() => actions.onPause(s)}>
            {s.paused ? RECURRING_TEXT.resume : RECURRING_TEXT.pause}
          </button>
          <button type="button" className="btn btn-outline btn-small" {...w} disabled={w.disabled || s.paused || !s.next} onClick={() => actions.onRunNow(s)}>
            {RECURRING_TEXT.runNow}
          </button>
          <button type="button" className="btn btn-danger-outline btn-small" {...w} onClick={() => actions.onDelete(s)}>
            Delete
          </button>
        </div>
      )}
      <h3 className="rec-history-title">{RECURRING_TEXT.historyTitle}</h3>
      {s.history.length === 0 ? (
        <p className="muted">{RECURRING_TEXT.noHistory}</p>
      ) : (
        <ol className="rec-history" aria-label={RECURRING_TEXT.historyTitle}>
          {s.history.map((h) => (
            <HistoryItem key={h.date} h={h} timeZone={s.timeZone} />
          ))}
        </ol>
      )}
    </div>
  );
}
