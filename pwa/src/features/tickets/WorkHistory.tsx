import { UPDATE_TYPE_LABELS, type Technician } from '@portal/shared';
import { formatDateTime } from '../../lib/format';
import { Loading } from '../../lib/ui/Loading';
import { useOfflineQuery } from '../../offline';
import { readWorkHistory } from './offline';
import { changeText } from './labels';

/**
 * The selected ticket's work history, newest first (SPEC.md 2): update type, time, author,
 * comment and 'Changed from X to Y'. Read from IndexedDB, so it shows offline; updates still
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
              <li key={u.id} className="history-item">
                <div className="history-head">
                  <strong>{UPDATE_TYPE_LABELS[u.updateType] ?? u.updateType}</strong>
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
