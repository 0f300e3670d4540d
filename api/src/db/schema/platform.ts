/** The API's own tables: rate limits, idempotency keys, push subscriptions and the notification outbox (DESIGN.md 4, 6). Part of the one Drizzle schema (../schema.ts). */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { NotificationChannel, NotificationStatus } from '@portal/shared';
import { ts, createdAt, updatedAt } from './columns';
import { users, sessions } from './accounts';
import { supportTickets } from './tickets';

/**
 * Rate-limit counters shared by every API process on the database: the table layout of
 * rate-limiter-flexible's RateLimiterPostgres (http/rate-limit-stores.ts), one row per limiter
 * prefix + key, `expire` in epoch ms. Used when RATE_LIMIT_STORE is `postgres`.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/**
 * Stored results of writes made with an Idempotency-Key header (DESIGN.md 4): a replay with the same
 * key returns `responseBody` with `statusCode` and changes nothing.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: uuid('key').primaryKey(),
  userId: uuid('user_id'),
  /** `METHOD path sha256(body)`: a key reused for another request is refused. */
  fingerprint: text('fingerprint').notNull(),
  statusCode: integer('status_code'),
  responseBody: jsonb('response_body'),
  createdAt: createdAt(),
});

/**
 * Web push subscriptions (DESIGN.md 6): one row per browser endpoint, owned by the user and
 * the login session (device) that subscribed. Deleting the session (logout, password change, expiry)
 * deletes its subscriptions through the foreign key; a 404/410 from the push service deletes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expirationTime: ts('expiration_time'),
    userAgent: text('user_agent'),
    /** Failed sends in a row: the subscription is backed off until `retryAt`, and dropped after too many. */
    failures: integer('failures').notNull().default(0),
    /** First failure of the current streak; null while healthy. */
    failingSince: ts('failing_since'),
    /** No send to this endpoint before this time (backoff); null while healthy. */
    retryAt: ts('retry_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('push_subscriptions_user_id_idx').on(t.userId), index('push_subscriptions_session_id_idx').on(t.sessionId)],
);

/**
 * Notification outbox (DESIGN.md 6), written in the same transaction as the ticket change.
 * `pending` jobs are due at `next_attempt_at`; a claimed job is `sending` with `next_attempt_at` as its
 * lease deadline and `lease_token` naming the claim (a job whose lease ran out is claimed again).
 * `attempts` counts started attempts; `summary` and `detail` feed the admin delivery log.
 */
export const notificationJobs = pgTable(
  'notification_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    /** What the job does: a registered job kind, e.g. `new_ticket_staff` (api/src/notification-kinds.ts). */
    kind: text('kind').notNull().default(''),
    /** E-mail address, phone number or `push:<username>`; resolved when the job is written. */
    recipient: text('recipient').notNull(),
    summary: text('summary').notNull().default(''),
    ticketId: uuid('ticket_id').references(() => supportTickets.id, { onDelete: 'set null' }),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<NotificationStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    leaseToken: uuid('lease_token'),
    lastError: text('last_error'),
    /** What the provider answered on success (message id, SID, log file). */
    detail: text('detail'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** `<kind>:<key>` of a job that may exist at most once, ever (notify `enqueue` `dedupeKey`); null for most. */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    uniqueIndex('notification_jobs_dedupe_key_idx').on(t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
    // Channel first: a lane's claim and the wake's probe read only its own due jobs.
    index('notification_jobs_due_idx').on(t.channel, t.status, t.nextAttemptAt),
    index('notification_jobs_created_at_idx').on(t.createdAt),
    index('notification_jobs_ticket_id_idx').on(t.ticketId, t.kind),
  ],
);
