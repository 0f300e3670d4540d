/**
 * Push subscriptions (issue 4, DESIGN.md 6): one row per browser endpoint, owned by a user and the
 * login session (device) that subscribed. Re-subscribing the same endpoint moves it to the current
 * user and session (a shared device after another login). The notification rules read staff and
 * assignee subscriptions inside the ticket transaction; the dispatcher deletes dead ones (404/410).
 */
import { and, eq, inArray } from 'drizzle-orm';
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

/** The push target of a subscription id, or undefined when it was removed meanwhile. */
export async function findPushTarget(db: Database, id: string): Promise<PushTarget | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).limit(1);
  return row ? { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } } : undefined;
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
