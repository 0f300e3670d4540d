/**
 * The ONE public entry of the offline engine for features' screens and the app (lint-enforced):
 * the worker-safe API of core.ts (registration, enqueue, discard, types) plus what only the page
 * has: sync triggers, live-read hooks, connectivity and the sync components. Internal modules
 * (drain.ts, outbox.ts, db.ts, ...) are not imported from outside this folder; the service worker
 * and features' `offline/` modules use core.ts. See README.md.
 */
export * from './core';
export { requestSync, syncNow, getSyncState, whenCacheOwnerSet, type SyncRequest, type SyncState } from './engine';
export { getConnectivity, useConnectivity, type Connectivity } from './connectivity';
export { BUSY_LARGE_READ_INTERVAL_MS, useLastSync, useOfflineQuery, useOutboxCount, useOutboxCounts, useOutboxItem, useOutboxItems, useSyncState, type OutboxCounts } from './hooks';
export { OfflineSync } from './OfflineSync';
export { SyncStatus } from './SyncStatus';
