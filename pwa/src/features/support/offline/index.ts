/**
 * The support feature's offline part (no React: the service worker imports it through
 * pwa/src/offline-registry.ts): the public form's `ticket.create` outbox kind.
 */
import { fileUploadKind, type OfflineFeature } from '../../../offline/core';
import { ticketCreateKind } from './ticketCreate';

export {
  SUPPORT_REQUEST_LABEL,
  TICKET_CREATE,
  enqueueTicketCreate,
  isTicketCreate,
  queuedTicketView,
  ticketCreateKind,
  type QueuedTicketView,
  type TicketCreateItem,
} from './ticketCreate';

/** What the support feature plugs into the offline engine (registered by offline-registry.ts). */
export const supportOffline: OfflineFeature = { name: 'support', kinds: [ticketCreateKind, fileUploadKind] };
