/**
 * The offline engine's worker-safe public API (no React, no DOM): what a feature's
 * `features/<name>/offline/` module, pwa/src/offline-registry.ts and the service worker import.
 * Screens and the app import `offline/index.ts`, which re-exports all of this plus the page's
 * hooks, sync triggers and components. See README.md "To add an offline feature".
 */
export { OFFLINE_DB_NAME, OfflineDb, TICKET_SEARCH_LINKS_META, getOfflineDb, type CachedRecord, type OutboxError, type OutboxItem, type OutboxState, type TicketSearchRow } from './db';
export {
  isItemOf,
  outboxKind,
  registerOutboxKind,
  type ConflictDecision,
  type Notice,
  type OutboxAuth,
  type OutboxKind,
  type OutboxRequest,
  type SettleContext,
} from './kinds';
export { UNSENT_STATES, discard, enqueue, nudgeSync, readOutbox, type OutboxDraft } from './outbox';
/** A v4 UUID, also over plain http (lib/ids.ts): for ids an outbox kind makes on the device (a checklist item added offline). */
export { newIdempotencyKey } from '../lib/ids';
export { KEYS_FIRST_FROM, PullError, clearRecords, heldRecords, registerCollection, replaceRecords, type AnySyncCollection, type PagedSyncCollection, type PullContext, type PullPage, type SyncCollection } from './collections';
export { registerOfflineFeature, type OfflineFeature } from './feature';
export { SYNC_TAG, backgroundSyncDrain, type DrainReport, type SentItem } from './drain';
export {
  FILE_UPLOAD,
  enqueueFileUploads,
  fileUploadKind,
  fileUploadViews,
  isFileUpload,
  uploadPlaceholder,
  type FileUploadItem,
  type FileUploadPayload,
  type FileUploadView,
} from './uploads';
