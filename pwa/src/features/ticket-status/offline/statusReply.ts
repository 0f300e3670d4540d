/**
 * The `status.reply` outbox kind (docs/status-links.md): a customer's reply from the status page,
 * `POST /api/ticket-status/:token/replies`, queued so a customer with bad signal can reply, reload
 * or close the tab and have it sent once the phone is back online (by the page, or by the service
 * worker's Background Sync). Sent once: the item keeps its Idempotency-Key for life. Anonymous;
 * kept in state 'done' so the page can confirm it, then forgotten by the page. No React: the
 * service worker registers it too.
 */
import type { StatusReply, StatusReplyResult } from '@portal/shared';
import { enqueue, isItemOf, type OfflineDb, type OutboxItem, type OutboxKind } from '../../../offline/core';

/** Name of the kind (stored on queued items: never rename). */
export const STATUS_REPLY = 'status.reply';

/** What is queued: the link's token and the reply. */
export interface StatusReplyPayload extends StatusReply {
  token: string;
}

/** A queued reply: result = the server's 201 body; entityId = `status:<token>`. */
export type StatusReplyItem = OutboxItem<StatusReplyPayload, never, StatusReplyResult>;

/** The kind: POST the reply; 2xx keeps the answer as the result. */
export const statusReplyKind: OutboxKind<StatusReplyPayload, never, StatusReplyResult> = {
  kind: STATUS_REPLY,
  auth: 'anonymous',
  keepDone: true,
  request: (item) => ({
    method: 'POST',
    url: `/api/ticket-status/${encodeURIComponent(item.payload.token)}/replies`,
    body: { comment: item.payload.comment },
  }),
  onSuccess: ({ body }) => body as StatusReplyResult,
};

/** True for items of {@link statusReplyKind}. */
export const isStatusReply = (item: OutboxItem): item is StatusReplyItem => isItemOf(statusReplyKind, item);

/** The key a link's replies are filed under. */
export const statusEntity = (token: string): string => `status:${token}`;

/**
 * Queues a reply (sent at once when the network allows). Replies of one link go in order.
 * @returns the item's seq.
 */
export function enqueueStatusReply(db: OfflineDb, payload: StatusReplyPayload, now = new Date()): Promise<number> {
  return enqueue<StatusReplyPayload>(db, { kind: STATUS_REPLY, payload, label: 'Your reply', entityId: statusEntity(payload.token), user: null }, now);
}

/** The replies queued on this device for a link (any state), oldest first. */
export async function readStatusReplies(db: OfflineDb, token: string): Promise<StatusReplyItem[]> {
  const items = await db.outbox.where('entityId').equals(statusEntity(token)).toArray();
  return items.filter(isStatusReply).sort((a, b) => a.seq - b.seq);
}
