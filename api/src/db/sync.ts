/**
 * Delta-sync helpers (DESIGN.md 4). Every write that takes `nextval('sync_seq')` first takes one
 * transaction-scoped advisory lock, so sequence values are handed out and committed in the same
 * order: a reader that has seen value N has therefore seen every row with a value below N, and a
 * `since` cursor can never skip a row that committed late.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** Arbitrary constant naming the sync advisory lock. */
const SYNC_LOCK_ID = 727_001;

/** Serialises sync_seq writers until the surrounding transaction ends. Call inside a transaction. */
export async function lockSync(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK_ID})`);
}

/**
 * The lock of {@link lockSync} as an SQL expression, for a statement that takes it itself (the
 * ticket create takes the lock, the number and inserts its rows in one round trip).
 */
export const syncLockExpression = () => sql`pg_advisory_xact_lock(${SYNC_LOCK_ID})`;

/** SQL value for an UPDATE that must move a row forward in the delta feed. */
export const nextSyncSeq = () => sql`nextval('sync_seq')`;

/**
 * Delta page cursor: the largest sync_seq among `items` as a string, or `since` when nothing changed.
 * sync_seq is read as a JS number (safe up to 2^53, far beyond any sequence this app reaches).
 */
export function nextCursor(items: { syncSeq: number }[], since: string): string {
  return String(items.reduce((max, i) => Math.max(max, i.syncSeq), Number(since)));
}
