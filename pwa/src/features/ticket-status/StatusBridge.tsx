import { useEffect } from 'react';
import { discard, getOfflineDb, syncNow, useConnectivity, useOfflineQuery, type Connectivity } from '../../offline';
import { enqueueStatusReply, readStatusReplies, type StatusReplyItem, type StatusReplyPayload } from './offline';

/**
 * The status page's link to the offline engine, in its own chunk so the page is usable before the
 * engine and Dexie have loaded (the public-route budget): useStatusReplies loads it when the page
 * is idle, at once when this browser has replies waiting for the link, and on send.
 */

/** What the page does with the outbox. */
export const statusActions = {
  /** Queues a reply (sent at once when online). */
  enqueue: (payload: StatusReplyPayload): Promise<void> => enqueueStatusReply(getOfflineDb(), payload).then(() => undefined),
  /** Removes a settled reply. */
  discard: (seq: number): Promise<void> => discard(getOfflineDb(), seq).then(() => undefined),
  syncNow,
};

/** Live state the page shows: the link's queued replies (undefined while reading) and connectivity. */
export interface StatusLiveState {
  token: string;
  replies: StatusReplyItem[] | undefined;
  connectivity: Connectivity;
}

/** Reads the link's queued replies and connectivity live and reports every change to `onChange`. Renders nothing. */
export default function StatusBridge({ token, onChange }: { token: string; onChange(state: StatusLiveState): void }) {
  const replies = useOfflineQuery((db) => readStatusReplies(db, token), [token]);
  const connectivity = useConnectivity();
  useEffect(() => onChange({ token, replies, connectivity }), [token, replies, connectivity, onChange]);
  return null;
}
