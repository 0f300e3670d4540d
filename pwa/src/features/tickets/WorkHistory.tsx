import type { Technician } from '@portal/shared';
import { Loading } from '../../lib/ui/Loading';
import { WorkHistoryList } from '../../lib/ui/WorkHistoryList';
import { AttachmentGallery } from '../../lib/attachments/AttachmentGallery';
import { useOfflineQuery } from '../../offline';
import { readWorkHistory } from './offline';
import { changeText } from './labels';

/**
 * The selected ticket's work history, newest first (SPEC.md 2), drawn by the shared
 * `WorkHistoryList` (type, time, author, comment, 'Changed from X to Y' with assignees by name, and
 * the reply / internal-note marks; 'Macro: {name}' on each entry a macro's update wrote). Read from IndexedDB, so it shows offline; updates still waiting
 * to sync are listed above it by PendingUpdates. Scrolls inside a bounded box.
 */
export function WorkHistory({ ticketId, technicians }: { ticketId: string; technicians: readonly Technician[] | undefined }) {
  const data = useOfflineQuery((db) => readWorkHistory(db, ticketId), [ticketId]);
  return (
    <section className="work-history" aria-labelledby="work-history-heading">
      <h3 id="work-history-heading">Work History</h3>
      {data === undefined ? (
        <Loading text="Loading work history..." />
      ) : (
        <WorkHistoryList
          entries={data}
          changeText={(u) => changeText(u, technicians)}
          extra={(u) => (
            <>
              {u.macro ? <p className="history-macro">Macro: {u.macro.name}</p> : null}
              {u.attachments?.length ? <AttachmentGallery ticketId={ticketId} attachments={u.attachments} /> : null}
            </>
          )}
        />
      )}
    </section>
  );
}
