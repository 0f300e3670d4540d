/**
 * Push subscriptions (issue 4, DESIGN.md 6): one row per browser endpoint, owned by a user and the
 * login session (device) that subscribed. Re-subscribing the same endpoint moves it to the current
 * user and session (a shared device after another login). The notification rules read staff and
 * assignee subscriptions inside the ticket transaction; the dispatcher deletes dead ones (404/410).
 */
import { and, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { STAFF_ROLES, type PushSubscriptionBody } from '@portal/shared';
import type { Database } from '../../db/client';
import { pushSubscriptions, users } from '../../db/schema';
import type { PushTarget } from '../../notify/types';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A subscription with its owner's username (the delivery log shows `push:<username>`). */
export interface SubscriptionOwner {
  id: string;
  username: string;
}

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

/** Failure state of a subscription (issue 17): consecutive failed sends and the backoff deadline. */
export interface SubscriptionHealth {
  failures: number;
  failingSince: Date | null;
  retryAt: Date | null;
}

/** The push target of a subscription id with its health, or undefined when it was removed meanwhile. */
export async function findPushTarget(db: Database, id: string): Promise<(PushTarget & SubscriptionHealth) | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).limit(1);
  return row
    ? { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth }, failures: row.failures, failingSince: row.failingSince, retryAt: row.retryAt }
    : undefined;
}

/**
 * Counts one failed send: `failures + 1`, the streak's start kept, no send before
 * `now + backoffMs(failures)`. When the streak reaches `maxFailures` the subscription is deleted.
 * @returns the new failure count and whether the subscription was dropped.
 */
export async function recordSubscriptionFailure(
  db: Database,
  id: string,
  now: Date,
  policy: { maxFailures: number; backoffMs: (failures: number) => number },
): Promise<{ failures: number; dropped: boolean }> {
  const [row] = await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1`, failingSince: sql`coalesce(${pushSubscriptions.failingSince}, ${now})` })
    .where(eq(pushSubscriptions.id, id))
    .returning({ failures: pushSubscriptions.failures });
  if (!row) return { failures: 0, dropped: true };
  if (row.failures >= policy.maxFailures) {
    await deleteSubscriptionById(db, id);
    return { failures: row.failures, dropped: true };
  }
  await db
    .update(pushSubscriptions)
    .set({ retryAt: new Date(now.getTime() + policy.backoffMs(row.failures)) })
    .where(eq(pushSubscriptions.id, id));
  return { failures: row.failures, dropped: false };
}

/** Ends a failure streak after a successful send. */
export async function clearSubscriptionFailures(db: Database, id: string): Promise<void> {
  await db.update(pushSubscriptions).set({ failures: 0, failingSince: null, retryAt: null }).where(eq(pushSubscriptions.id, id));
}

/**
 * Keeps at most `maxPerSession` subscriptions of `sessionId` and `maxPerUser` of `userId` (issue 17),
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

/** Deletes a dead subscription (push service answered 404/410). */
export async function deleteSubscriptionById(db: Database, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

const ownerColumns = { id: pushSubscriptions.id, username: users.username };

/** Every subscription of a technician or admin (new-ticket push, DESIGN.md 6). */
export async function staffSubscriptions(db: Database): Promise<SubscriptionOwner[]> {
  return db
    .select(ownerColumns)
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(pushSubscriptions.createdAt);
}

/** Every subscription of one user (assignment push). */
export async function userSubscriptions(db: Database, userId: string): Promise<SubscriptionOwner[]> {
  return db
    .select(ownerColumns)
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt);
}
