/**
 * Texts of the sync status (DESIGN.md 5 "N updates waiting to sync"). Kept in one place so
 * screens, the header and tests use the same words.
 */

/** "1 update waiting to sync" / "N updates waiting to sync"; "All updates synced" for none. */
export function waitingText(n: number): string {
  if (n === 0) return 'All updates synced';
  return n === 1 ? '1 update waiting to sync' : `${n} updates waiting to sync`;
}

/**
 * The queue part of the sync bar: 'N updates waiting to sync' while any wait; 'All updates synced'
 * only when nothing waits and nothing needs attention (never next to 'needs attention');
 * null when nothing waits but something needs attention (the attention text says it all).
 */
export function queueText(waiting: number, attention: number): string | null {
  if (waiting === 0 && attention > 0) return null;
  return waitingText(waiting);
}

/** Link text of one item that needs attention: 'Review TKT-000123'. */
export function attentionItemText(label: string): string {
  return `Review ${label}`;
}

/** "1 update needs attention" / "N updates need attention" (conflicts and rejected updates). */
export function attentionText(n: number): string {
  return n === 1 ? '1 update needs attention' : `${n} updates need attention`;
}

/** Unsent updates of another user on this device: kept for them, sent when they sign in again. */
export function othersText(userName: string, n: number): string {
  return `${n === 1 ? '1 update' : `${n} updates`} by ${userName} will sync when ${userName} signs in`;
}

/** Connectivity label. */
export const ONLINE_TEXT = 'Online';
export const OFFLINE_TEXT = 'Offline';
/** Shown before the first complete pull. */
export const NEVER_SYNCED_TEXT = 'Not synced yet';
