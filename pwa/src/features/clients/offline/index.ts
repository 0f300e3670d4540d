/**
 * The clients feature's offline part (issue 50 item 6; no React: the service worker imports it
 * through pwa/src/offline-registry.ts): the `clients` collection (every client card, delta-synced)
 * and the `client.write` outbox kind (client, contact and site writes made offline).
 */
import type { OfflineFeature } from '../../../offline/core';
import { clientsCollection } from './collection';
import { clientWriteKind } from './kinds';

export { CLIENTS_COLLECTION, clientsCollection, putClientCards, putClientChild, readClientCard, readClientCards } from './collection';
export { CLIENT_WRITE, clientWriteKind, enqueueClientWrite, isClientWrite, resolveClientConflict, type ClientConflict, type ClientOp, type ClientWriteItem } from './kinds';
export { RECENT_TICKETS, applyUnsent, readClientList, readClientTickets, readClientVault, readClientView, type ClientCardView } from './view';

/** What clients plug into the offline engine. */
export const clientsOffline: OfflineFeature = { name: 'clients', kinds: [clientWriteKind], collections: [clientsCollection] };
