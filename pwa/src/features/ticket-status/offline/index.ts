/**
 * The status page's offline part (no React: the service worker imports it through
 * pwa/src/offline-registry.ts): the `status.reply` outbox kind.
 */
import type { OfflineFeature } from '../../../offline/core';
import { statusReplyKind } from './statusReply';

export { STATUS_REPLY, enqueueStatusReply, isStatusReply, readStatusReplies, statusEntity, statusReplyKind, type StatusReplyItem, type StatusReplyPayload } from './statusReply';

/** What the status page plugs into the offline engine (registered by offline-registry.ts). */
export const ticketStatusOffline: OfflineFeature = { name: 'ticket-status', kinds: [statusReplyKind] };
