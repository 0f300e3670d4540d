/**
 * What the sync bar says about a failed run (SyncState.lastError), in words a technician
 * understands: never an exception's raw text ("Failed to fetch", "QuotaExceededError: ...",
 * "503: Request failed"), which users have read before.
 */
import { PullError } from './collections';

/** A run that will be tried again by itself (no answer, server trouble, anything unexpected). */
export const SYNC_RETRY_TEXT = 'Sync failed, will retry';
/** The session was rejected: only signing in again lets the device sync. */
export const SIGN_IN_AGAIN_TEXT = 'Sign in again to sync';
/** The browser refused to store more (IndexedDB quota). */
export const STORAGE_FULL_TEXT = "This device's storage is full: free some space, then sync again";

/** The error, or its Dexie-wrapped cause, is the browser's storage quota. */
function isQuotaError(error: unknown): boolean {
  for (let e = error as { name?: unknown; inner?: unknown } | null, depth = 0; e && depth < 3; e = e.inner as typeof e, depth += 1) {
    if (e.name === 'QuotaExceededError') return true;
  }
  return false;
}

/**
 * The bar's text for `error`, the failure of a pull (collections.ts `pullAll`) or of the run itself:
 * 401 -> {@link SIGN_IN_AGAIN_TEXT}; another 4xx with the API's own message -> that message (the
 * API writes its error messages for people, DESIGN.md 4); the storage
 * quota -> {@link STORAGE_FULL_TEXT}; anything else (no answer, 5xx, 429, a 4xx without a message,
 * an unexpected exception) -> {@link SYNC_RETRY_TEXT}.
 */
export function syncProblemText(error: unknown): string {
  if (error instanceof PullError) {
    if (error.status === 401) return SIGN_IN_AGAIN_TEXT;
    if (error.status >= 400 && error.status < 500 && error.status !== 429 && error.serverMessage) return error.serverMessage;
    return SYNC_RETRY_TEXT;
  }
  return isQuotaError(error) ? STORAGE_FULL_TEXT : SYNC_RETRY_TEXT;
}
