import { UPDATE_TYPE_LABELS, type Technician, type TicketUpdateEntry } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { Loading } from '../../lib/ui/Loading';
import { useOfflineQuery } from '../../offline';
import { readWorkHistory } from './offline';
import { changeText } from './labels';

/**
 * The selected ticket's work history, newest first (SPEC.md 2): update type, time, author,
 * comment and 'Changed from X to Y'. A comment is marked as a 'Reply to Customer' ('E-mailed') or
 * an 'Internal Note' ('Staff only'), issue 10. Read from IndexedDB, so it shows offline; updates still
 * waiting to sync are listed above it by PendingUpdates. Scrolls inside a bounded box.
 */
export function WorkHistory({ ticketId, technicians }: { ticketId: string; technicians: readonly Technician[] | undefined }) {
  const data = useOfflineQuery((db) => readWorkHistory(db, ticketId), [ticketId]);
  return (
    <section className="work-history" aria-labelledby="work-history-heading">
      <h3 id="work-history-heading">Work History</h3>
      {data === undefined ? (
        <Loading text="Loading work history..." />
      ) : data.length === 0 ? (
        <p className="muted">No updates yet.</p>
      ) : (
        <ol className="history-list">
          {data.map((u) => {
            const change = changeText(u, technicians);
            return (
              <li
                key={u.id}
                className={`history-item${u.updateType === 'comment' ? (u.reply ? ' history-reply' : ' history-note') : ''}${u.updateType === 'customer_reply' ? ' history-customer' : ''}`}
              >
                <div className="history-head">
                  <span className="history-title">
                    <strong>{historyTitle(u)}</strong>
                    {u.updateType === 'comment' && <CommentMark reply={u.reply === true} />}
                    {u.updateType === 'customer_reply' && <span className="history-mark history-mark-customer">From the customer</span>}
                  </span>
                  <time dateTime={u.createdAt} className="muted">
                    {formatDateTime(u.createdAt)}
                  </time>
                </div>
                {u.updatedByName && <div className="muted history-by">by {u.updatedByName}</div>}
                {u.comment && <p className="history-comment">{u.comment}</p>}
                {change && <p className="history-change">{change}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** Heading of an entry: comments say whether they were a reply or an internal note. */
export function historyTitle(u: Pick<TicketUpdateEntry, 'updateType' | 'reply'>): string {
  if (u.updateType === 'comment') return u.reply ? 'Reply to Customer' : 'Internal Note';
  return UPDATE_TYPE_LABELS[u.updateType] ?? u.updateType;
}

/** The visible mark of a comment: 'E-mailed' for replies, 'Staff only' for internal notes. */
export function CommentMark({ reply }: { reply: boolean }) {
  return reply ? (
    <span className="history-mark history-mark-reply">E-mailed</span>
  ) : (
    <span className="history-mark history-mark-note">Staff only</span>
  );
}
