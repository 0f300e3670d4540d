import { useMemo } from 'react';
import type { TicketCreateInput } from '@portal/shared';
import { publicWriteBridge } from '../../lib/publicWrite';
import { discard, fileUploadViews, getOfflineDb, registerOfflineFeature, syncNow, useConnectivity, useOfflineQuery, useOutboxItem, type FileUploadView } from '../../offline';
import { enqueueTicketCreate, isTicketCreate, queuedTicketView, supportOffline, type QueuedTicketView } from './offline';

/**
 * The support form's link to the offline engine (lib/publicWrite.ts), in its own chunk so the form
 * is usable before the engine and Dexie have loaded: useQueuedSubmission loads this module
 * when the page is idle, at once when a request is being waited for, and on submit.
 */

/**
 * This page's outbox kinds, registered when this chunk loads (idempotent; the app's offline runtime
 * registers the same): the page may queue before the engine has started (lib/offlineStart.ts).
 */
registerOfflineFeature(supportOffline);

/** The waiting view (with date-fns) comes in this chunk too: it is shown only for a queued request. */
export { QueuedView } from './QueuedView';
/** The request's files being sent (progress, 'waiting for connection'; docs/attachments.md). */
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

/** What the form shows of its queued request: its view (null when it no longer exists) and its files still being sent. */
export interface QueuedRequest {
  view: QueuedTicketView | null;
  /** The request's files still being sent (they go before the request itself). */
  uploads: FileUploadView[];
}

/** The outbox item `seq` and the files of its stream, live; undefined while reading. */
function useQueuedRequest(seq: number | null): QueuedRequest | undefined {
  const item = useOutboxItem(seq);
  const stream = item?.stream ?? null;
  const streamItems = useOfflineQuery((db) => (stream ? db.outbox.where('stream').equals(stream).toArray() : Promise.resolve([])), [stream]);
  return useMemo(() => (item === undefined ? undefined : { view: queuedTicketView(item), uploads: fileUploadViews(streamItems ?? []) }), [item, streamItems]);
}

/** Reads the outbox item `seq` and connectivity live and reports every change. Renders nothing. */
export default publicWriteBridge({ useRead: useQueuedRequest, useConnectivity });
