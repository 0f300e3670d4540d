/**
 * The one list of every feature's offline part (outbox kinds and cached collections), imported by
 * the page (main.tsx) and by the service worker (sw/sw.ts), so both know the same kinds: an item
 * queued by a screen can be sent by the worker's Background Sync with the app closed.
 *
 * To add a feature: create `features/<name>/offline/index.ts` exporting an `OfflineFeature`
 * (no React: the worker imports it) and add it to {@link OFFLINE_FEATURES}. Order matters only for
 * collections (pulled in this order). See offline/README.md.
 */
import { registerOfflineFeature, type OfflineFeature } from './offline/core';
import { downloadsOffline } from './features/downloads/offline';
import { supportOffline } from './features/support/offline';
import { surveyOffline } from './features/survey/offline';
import { ticketStatusOffline } from './features/ticket-status/offline';
import { ticketsOffline } from './features/tickets/offline';
import { schedulerOffline } from './features/scheduler/offline';
import { vaultOffline } from './features/vault/offline';
import { clientsOffline } from './features/clients/offline';
import { assetsOffline } from './features/assets/offline';
import { recurringOffline } from './features/recurring/offline';
import { visitsOffline } from './features/visits/offline';
import { inboxOffline } from './features/inbox/offline';

/** Every feature's offline part. */
export const OFFLINE_FEATURES: readonly OfflineFeature[] = [ticketsOffline, supportOffline, downloadsOffline, surveyOffline, ticketStatusOffline, schedulerOffline, vaultOffline, clientsOffline, assetsOffline, recurringOffline, visitsOffline, inboxOffline];

/** Registers every kind and collection of {@link OFFLINE_FEATURES} (idempotent). Call once at start, before the first sync. */
export function registerOfflineFeatures(): void {
  for (const feature of OFFLINE_FEATURES) registerOfflineFeature(feature);
}
