/**
 * Push subscriptions (DESIGN.md 6): one row per browser endpoint, owned by a user and the
 * login session (device) that subscribed. Re-subscribing the same endpoint moves it to the current
 * user and session (a shared device after another login). The notification outbox reads them
 * itself (notify/recipients.ts) and deletes dead ones (404/410).
 */
import { and, desc, eq, ne, notInArray } from 'drizzle-orm';
import type { PushSubscriptionBody } from '@portal/shared';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Stores `body` for `userId`/`sessionId`, replacing any row with the same endpoint. */
export async function upsertSubscription(
  db: Database,
  body: PushSubscriptionBody,
  owner: { userId: string; sessionId: string; userAgent: string | null },
  now: Date,
): Promise<PushSubscriptionRow> {
  const values = {
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    userId: owner.userId,
    sessionId: owner.sessionId,
    expirationTime: typeof body.expirationTime === 'number' ? new Date(body.expirationTime) : null,
    userAgent: owner.userAgent?.slice(0, 300) ?? null,
    updatedAt: now,
    // Subscribing again (the PWA re-sends its subscription on every start) clears any failure streak.
    failures: 0,
    failingSince: null,
    retryAt: null,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ ...values, createdAt: now })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
    .returning();
  return row!;
}

/** Deletes `endpoint` only when `userId` owns it; returns how many rows went (0 or 1). */
export async function deleteOwnSubscription(db: Database, endpoint: string, userId: string): Promise<number> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

/**
 * Keeps at most `maxPerSession` subscriptions of `sessionId` and `maxPerUser` of `userId`,
 * deleting the least recently (re)subscribed ones beyond. Call after an upsert, in its transaction;
 * `keepId` (the row just stored) always stays.
 * @returns how many rows were deleted.
 */
export async function trimSubscriptions(
  db: Database,
  owner: { userId: string; sessionId: string },
  limits: { maxPerUser: number; maxPerSession: number },
  keepId: string,
): Promise<number> {
  let removed = 0;
  for (const [column, value, keep] of [
    [pushSubscriptions.sessionId, owner.sessionId, limits.maxPerSession],
    [pushSubscriptions.userId, owner.userId, limits.maxPerUser],
  ] as const) {
    const newest = db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(column, value), ne(pushSubscriptions.id, keepId)))
      .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(Math.max(0, keep - 1));
    const rows = await db
      .delete(pushSubscriptions)
      .where(and(eq(column, value), ne(pushSubscriptions.id, keepId), notInArray(pushSubscriptions.id, newest)))
      .returning({ id: pushSubscriptions.id });
    removed += rows.length;
  }
  return removed;
}
