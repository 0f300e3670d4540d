import { useEffect, useMemo } from 'react';
import type { TicketCreateInput } from '@portal/shared';
import { discard, fileUploadViews, getOfflineDb, syncNow, useConnectivity, useOfflineQuery, useOutboxItem, type Connectivity, type FileUploadView } from '../../offline';
import { enqueueTicketCreate, isTicketCreate, queuedTicketView, type QueuedTicketView } from './offline';

/**
 * The support form's link to the offline engine (issue 3 flow 6), in its own chunk so the form is
 * usable before the engine and Dexie have loaded (issue 16): useQueuedSubmission loads this module
 * when the page is idle, at once when a request is being waited for, and on submit.
 */

/** The waiting view (with date-fns) comes in this chunk too: it is shown only for a queued request. */
export { QueuedView } from './QueuedView';
/** The request's files being sent (progress, 'waiting for connection'; README "Attachments"). */
export { UploadList } from '../../lib/attachments/UploadList';

/** What the form does with the outbox (see useQueuedSubmission). */
export const queueActions = {
  /** Queues a request; resolves to its seq. */
  enqueue: (body: TicketCreateInput, files: readonly { file: Blob; name: string }[] = []): Promise<number> =>
    enqueueTicketCreate(getOfflineDb(), body, new Date(), files),
  /** The body of a queued support request, or null. */
  read: async (seq: number): Promise<TicketCreateInput | null> => {
    const stored = await getOfflineDb().outbox.get(seq);
    return stored && isTicketCreate(stored) ? stored.payload : null;
  },
  discard: (seq: number): Promise<void> => discard(getOfflineDb(), seq).then(() => undefined),
  syncNow,
};

/** Live state the form shows: the queued request's view (undefined while reading) and connectivity. */
export interface QueueLiveState {
  seq: number | null;
  view: QueuedTicketView | null | undefined;
  connectivity: Connectivity;
  /** The request's files still being sent (they go before the request itself). */
  uploads: FileUploadView[];
}

/** Reads the outbox item `seq` and connectivity live and reports every change to `onChange`. Renders nothing. */
export default function QueueBridge({ seq, onChange }: { seq: number | null; onChange(state: QueueLiveState): void }) {
  const item = useOutboxItem(seq);
  const connectivity = useConnectivity();
  const view = useMemo(() => (item === undefined ? undefined : queuedTicketView(item)), [item]);
  const stream = item?.stream ?? null;
  const streamItems = useOfflineQuery((db) => (stream ? db.outbox.where('stream').equals(stream).toArray() : Promise.resolve([])), [stream]);
  const uploads = useMemo(() => fileUploadViews(streamItems ?? []), [streamItems]);
  useEffect(() => onChange({ seq, view, connectivity, uploads }), [seq, view, connectivity, uploads, onChange]);
  return null;
}
