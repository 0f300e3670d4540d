/**
 * The recipient readers (DESIGN.md 6): notify/ imports no feature, so it owns the reads of its
 * recipients: the notification e-mail list and the support SMS number (rows of the `settings`
 * table) and the push subscriptions (`push_subscriptions`). Features' alert rules call these inside
 * their transaction, so recipients are resolved when the event happens and the delivery log names them.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { NOTIFICATION_EMAILS_KEY, STAFF_ROLES, SUPPORT_SMS_NUMBER_KEY } from '@portal/shared';
import type { Database } from '../db/client';
import { pushSubscriptions, settings, users } from '../db/schema';
import { findSetting } from '../db/settings';
import { rowsOf } from '../db/rows';
import type { PushSubscriber } from './kinds';
import type { PushTarget } from './types';

/**
 * Parses the stored recipients list (a JSON array of lower-case addresses); anything unreadable
 * counts as empty. The list's editor uses it for its read-modify-write too.
 */
export function parseNotificationEmails(value: string | undefined | null): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The notification recipients (SPEC.md 7: staff alerts e-mail all of them), sorted. */
export async function getNotificationEmails(db: Database): Promise<string[]> {
  return parseNotificationEmails((await findSetting(db, NOTIFICATION_EMAILS_KEY))?.value);
}

/** The saved support SMS number (SPEC.md 7), or null. */
export async function getSupportSmsNumber(db: Database): Promise<string | null> {
  return (await findSetting(db, SUPPORT_SMS_NUMBER_KEY))?.value ?? null;
}

/**
 * A subscription with its owner's username (the delivery log shows `push:<username>`) and id (a
 * feature filters personal pushes by the owner's alert choices).
 */
export type SubscriptionOwner = PushSubscriber & { userId: string };

const ownerColumns = { id: pushSubscriptions.id, username: users.username, userId: users.id };

/** Every subscription of a technician or admin (staff alerts, DESIGN.md 6), oldest first. */
export async function staffSubscriptions(db: Database): Promise<SubscriptionOwner[]> {
  return db
    .select(ownerColumns)
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(pushSubscriptions.createdAt);
}

/**
 * The notification e-mails, the support number (only when `withSupportNumber`) and every staff
 * subscription in ONE statement (a hot write path makes one round trip for its
 * recipients). Same answers as {@link getNotificationEmails}, {@link getSupportSmsNumber} and
 * {@link staffSubscriptions}. `also` (a scalar subquery a feature owns, e.g. the inbox's staff with
 * their alert choices) rides in the same statement as one more column, returned raw as `also`
 * (undefined without it): the caller's read costs no statement of its own.
 */
export async function staffAlertRecipients(
  db: Database,
  withSupportNumber: boolean,
  also?: SQL,
): Promise<{ emails: string[]; supportNumber: string | null; subscriptions: SubscriptionOwner[]; also?: unknown }> {
  const staff = sql.join(
    STAFF_ROLES.map((r) => sql`${r}`),
    sql`, `,
  );
  const [row] = await rowsOf<{ emails: string | null; support_number: string | null; subscriptions: unknown; also?: unknown }>(db, sql`
    select
      (select value from ${settings} where key = ${NOTIFICATION_EMAILS_KEY}) as emails,
      case when ${withSupportNumber} then (select value from ${settings} where key = ${SUPPORT_SMS_NUMBER_KEY}) end as support_number,
      (select coalesce(json_agg(json_build_object('id', s.id, 'username', u.username, 'userId', u.id) order by s.created_at), '[]'::json)
         from ${pushSubscriptions} s join ${users} u on u.id = s.user_id where u.role in (${staff})) as subscriptions${also ? sql`, ${also} as also` : sql``}`);
  if (!row) throw new Error('recipients query returned no row'); // one row, always (a select without FROM)
  const subs = typeof row.subscriptions === 'string' ? (JSON.parse(row.subscriptions) as SubscriptionOwner[]) : (row.subscriptions as SubscriptionOwner[]);
  const read = { emails: parseNotificationEmails(row.emails), supportNumber: row.support_number ?? null, subscriptions: subs };
  return also ? { ...read, also: row.also } : read;
}

/** Every subscription of one user (an alert to one staff member), oldest first. */
export async function userSubscriptions(db: Database, userId: string): Promise<SubscriptionOwner[]> {
  return db
    .select(ownerColumns)
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt);
}

/** Failure state of a subscription: failed sends in a row and the backoff deadline. */
export interface SubscriptionHealth {
  failures: number;
  failingSince: Date | null;
  retryAt: Date | null;
}

/** The push target of a subscription id with its health, or undefined when it was removed meanwhile (logout). */
export async function findPushTarget(db: Database, id: string): Promise<(PushTarget & SubscriptionHealth) | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).limit(1);
  return row
    ? { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth }, failures: row.failures, failingSince: row.failingSince, retryAt: row.retryAt }
    : undefined;
}

/**
 * Counts one failed send: `failures + 1`, the streak's start kept, no send before
 * `now + backoffMs(failures)`. When the streak reaches `maxFailures` the subscription is deleted.
 * @returns the new failure count and whether the subscription is gone (dropped now or meanwhile).
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

/** Deletes a dead subscription (the push service answered 404/410). */
export async function deleteSubscriptionById(db: Database, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
