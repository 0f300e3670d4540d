/**
 * Housekeeping of tables that only grow: expired sessions and old idempotency keys (DESIGN.md 4).
 * main.ts runs it at start and every few hours; it is safe to run concurrently with requests.
 */
import { lt } from 'drizzle-orm';
import type { Database } from './client';
import { idempotencyKeys, sessions } from './schema';

/** How long a stored idempotent result stays replayable: longer than any offline period we expect. */
export const IDEMPOTENCY_RETENTION_DAYS = 30;

/** Deletes sessions expired before `now` and idempotency keys older than the retention; returns counts. */
export async function purgeExpired(db: Database, now: Date): Promise<{ sessions: number; idempotencyKeys: number }> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000);
  const s = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const k = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).returning({ key: idempotencyKeys.key });
  return { sessions: s.length, idempotencyKeys: k.length };
}
