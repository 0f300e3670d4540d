import { publicWriteBridge } from '../../lib/publicWrite';
import { discard, getOfflineDb, registerOfflineFeature, syncNow, useConnectivity, useOfflineQuery } from '../../offline';
import { enqueueStatusReply, readStatusReplies, ticketStatusOffline, type StatusReplyItem, type StatusReplyPayload } from './offline';

/**
 * The status page's link to the offline engine (lib/publicWrite.ts), in its own chunk so the page is usable before the
 * engine and Dexie have loaded (the public-route budget): useStatusReplies loads it when the page
 * is idle, at once when this browser has replies waiting for the link, and on send.
 */

/**
 * This page's outbox kinds, registered when this chunk loads (idempotent; the app's offline runtime
 * registers the same): the page may queue before the engine has started (lib/offlineStart.ts).
 */
registerOfflineFeature(ticketStatusOffline);

/** What the page does with the outbox. */
export const statusActions = {
  /** Queues a reply (sent at once when online). */
  enqueue: (payload: StatusReplyPayload): Promise<void> => enqueueStatusReply(getOfflineDb(), payload).then(() => undefined),
  /** Removes a settled reply. */
  discard: (seq: number): Promise<void> => discard(getOfflineDb(), seq).then(() => undefined),
  syncNow,
};

/** The link's queued replies, oldest first, live; undefined while reading. */
function useQueuedReplies(token: string): StatusReplyItem[] | undefined {
  return useOfflineQuery((db) => readStatusReplies(db, token), [token]);
}

/** Reads the link's queued replies and connectivity live and reports every change. Renders nothing. */
export default publicWriteBridge({ useRead: useQueuedReplies, useConnectivity });
