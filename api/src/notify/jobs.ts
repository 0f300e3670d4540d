/**
 * The notification_jobs outbox table (DESIGN.md 6): insert jobs inside the caller's transaction,
 * claim due jobs for sending, record the outcome, and read the admin delivery log.
 *
 * Claiming is one statement per channel: `WITH` the channel's first due pending and lease-expired
 * rows (`FOR UPDATE SKIP LOCKED`), `UPDATE ... WHERE id IN (the earliest of them) RETURNING`.
 * A claimed job is `sending` with `next_attempt_at` = its lease deadline and a fresh `lease_token`;
 * two dispatchers (two processes on one PostgreSQL, or two loops on PGlite) never claim the same job
 * while a lease runs, and a job whose process died is claimed again once the lease has expired.
 * Outcomes are written only while the caller still holds the lease (same token).
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationDelivery, type NotificationStatus } from '@portal/shared';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { notificationJobs } from '../db/schema';

export type JobRow = typeof notificationJobs.$inferSelect;

/** A stored payload: the kind's facts, with `kind` repeated (older builds render from it). */
export type StoredPayload = { kind: string } & Record<string, unknown>;

/**
 * A job to write: recipient resolved now so the delivery log shows it. `dueAt` (default:
 * the insert's `now`) makes it timed work that any process may claim once it is due; `dedupeKey`
 * (already prefixed with the kind by enqueue.ts) makes it at most one job per key, ever.
 */
export interface NewJob {
  channel: NotificationChannel;
  recipient: string;
  summary: string;
  ticketId: string | null;
  payload: StoredPayload;
  dueAt?: Date | null;
  dedupeKey?: string | null;
}

/**
 * Inserts `jobs` as `pending`, due at their `dueAt` or `now`. Call inside the caller's transaction.
 * A job whose `dedupeKey` exists already is skipped (`ON CONFLICT DO NOTHING` on the unique partial
 * index `notification_jobs_dedupe_key_idx`), also when another process inserts it concurrently.
 * ONE statement, the batch as one JSON parameter. With `options.write` false the same statement runs
 * and writes nothing (a public lookup that must take the same path whether or not it matched,
 * docs/status-links.md).
 * The only writer of notification_jobs: every feature goes through enqueue.ts.
 * @returns how many jobs were written.
 */
export async function insertJobs(tx: Database, jobs: NewJob[], now: Date, options: { write?: boolean } = {}): Promise<number> {
  const write = options.write ?? true;
  if (jobs.length === 0 && options.write === undefined) return 0;
  const inserted = await rowsOf<{ one: number }>(tx, sql`${jobsInsert(jobs, now, write)} returning 1 as one`);
  return inserted.length;
}

/**
 * {@link insertJobs} as a data-modifying CTE body for a statement that writes the jobs' ticket in
 * the same round trip (tickets/repository.ts `insertNewTickets`, the group commit of new tickets):
 * the ticket numbers are not known when the jobs are built, so each job's `summary` and
 * `payload.ticket.ticketNumber` hold `fill.slot`, replaced by the `ticket_number` of the row of
 * `fill.numbers` (a relation of the statement with `id`, `ticket_number`) whose id is the job's
 * ticket. A job without a row there is not written. Same columns, dedupe rule and single writer.
 */
export function jobsInsertPart(jobs: NewJob[], now: Date, fill: { numbers: SQL; slot: string }): SQL {
  return jobsInsert(jobs, now, true, fill);
}

/** The one `insert into notification_jobs` (module doc): the batch as one JSON parameter, not a parameter per column per row. */
function jobsInsert(jobs: NewJob[], now: Date, write: boolean, fill?: { numbers: SQL; slot: string }): SQL {
  const rows = jobs.map((j) => ({
    channel: j.channel,
    kind: j.payload.kind,
    recipient: j.recipient,
    summary: j.summary,
    ticket_id: j.ticketId,
    payload: j.payload,
    due_at: (j.dueAt ?? now).toISOString(),
    dedupe_key: j.dedupeKey ?? null,
  }));
  const at = now.toISOString();
  const summary = fill ? sql`replace(y.summary, ${fill.slot}, n.ticket_number)` : sql`y.summary`;
  const payload = fill ? sql`jsonb_set(y.payload, '{ticket,ticketNumber}', to_jsonb(n.ticket_number))` : sql`y.payload`;
  const numbers = fill ? sql` join ${fill.numbers} n on n.id = y.ticket_id` : sql``;
  return sql`
    insert into notification_jobs (channel, kind, recipient, summary, ticket_id, payload, status, next_attempt_at, dedupe_key, created_at, updated_at)
    select y.channel, y.kind, y.recipient, ${summary}, y.ticket_id, ${payload}, 'pending', y.due_at, y.dedupe_key, ${at}::timestamptz, ${at}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as y(channel text, kind text, recipient text, summary text, ticket_id uuid, payload jsonb, due_at timestamptz, dedupe_key text)${numbers}
    where ${write}
    on conflict (dedupe_key) where dedupe_key is not null do nothing`;
}

/**
 * Claims up to `limit` due jobs of `channel` (a dispatcher lane), the earliest due first:
 * `pending` ones whose `next_attempt_at` has come, and `sending` ones whose lease ran out. Each gets
 * `attempts + 1`, status `sending`, a lease until `now + leaseMs`. Returned in creation order.
 * Each status is read in its own CTE in `notification_jobs_due_idx` order (channel, status,
 * next_attempt_at) and stops after `limit` rows: the claim costs the same with 10 or 20,000 jobs
 * waiting (one scan of both statuses sorted every waiting job, 4 ms per claim at 20,000 on
 * PostgreSQL and several times that on PGlite, while a burst's backlog was being sent).
 */
export async function claimDueJobs(db: Database, now: Date, limit: number, leaseMs: number, channel: NotificationChannel): Promise<JobRow[]> {
  const dueIn = (status: 'pending' | 'sending') =>
    db.$with(`due_${status}`).as(
      db
        .select({ id: notificationJobs.id, nextAttemptAt: notificationJobs.nextAttemptAt, createdAt: notificationJobs.createdAt })
        .from(notificationJobs)
        .where(and(eq(notificationJobs.channel, channel), eq(notificationJobs.status, status), lte(notificationJobs.nextAttemptAt, now)))
        .orderBy(notificationJobs.nextAttemptAt, notificationJobs.createdAt)
        .limit(limit)
        .for('update', { skipLocked: true }),
    );
  const pending = dueIn('pending');
  const expired = dueIn('sending');
  const due = unionAll(db.select().from(pending), db.select().from(expired)).as('due');
  const earliest = db.select({ id: due.id }).from(due).orderBy(due.nextAttemptAt, due.createdAt).limit(limit);
  const rows = await db
    .with(pending, expired)
    .update(notificationJobs)
    .set({
      status: 'sending',
      attempts: sql`${notificationJobs.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + leaseMs),
      leaseToken: randomUUID(),
      updatedAt: now,
    })
    .where(inArray(notificationJobs.id, earliest))
    .returning();
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * The channels that have a job due at `now` (pending, or sending under an expired lease: what
 * {@link claimDueJobs} would claim), in one statement: per channel and status, the earliest
 * `next_attempt_at` (one step into notification_jobs_due_idx each, whatever the backlog). The
 * dispatcher asks this once per wake and claims only in those lanes: most writes
 * enqueue nothing, and three empty claims cost the embedded database as much as the write.
 */
export async function dueChannels(db: Database, now: Date): Promise<Set<NotificationChannel>> {
  const earliest = (channel: NotificationChannel, status: 'pending' | 'sending') =>
    sql`(select min(${notificationJobs.nextAttemptAt}) from ${notificationJobs} where ${notificationJobs.channel} = ${channel} and ${notificationJobs.status} = ${status}) <= ${now}`;
  const columns = NOTIFICATION_CHANNELS.map((c) => sql`coalesce(${earliest(c, 'pending')} or ${earliest(c, 'sending')}, false) as ${sql.identifier(c)}`);
  const [row] = await rowsOf<Record<NotificationChannel, boolean>>(db, sql`select ${sql.join(columns, sql`, `)}`);
  return new Set(NOTIFICATION_CHANNELS.filter((c) => row?.[c] === true));
}

/** Condition "still ours": the job is `sending` under the claim's lease token. */
const held = (job: JobRow) => and(eq(notificationJobs.id, job.id), eq(notificationJobs.status, 'sending'), eq(notificationJobs.leaseToken, job.leaseToken!));

/** A delivered job and what its provider answered (message id, SID, log file). */
export interface SentJob {
  job: JobRow;
  detail: string;
}

/**
 * Records the deliveries of a batch in ONE statement (one UPDATE and one commit per job
 * cost a create burst a third of its throughput on PostgreSQL). A job is written only while its
 * claim's lease token still holds it; `detail` is cut to 1,000 characters.
 * @returns the ids written; a job missing from it had lost its lease (nothing written for it).
 */
export async function markSent(db: Database, sent: SentJob[], now: Date): Promise<Set<string>> {
  if (sent.length === 0) return new Set();
  const items = JSON.stringify(sent.map(({ job, detail }) => ({ id: job.id, lease_token: job.leaseToken, detail: detail.slice(0, 1000) })));
  const at = now.toISOString();
  const rows = await rowsOf<{ id: string }>(db, sql`
    update ${notificationJobs} j
    set status = 'sent', detail = v.detail, last_error = null, sent_at = ${at}::timestamptz, lease_token = null, updated_at = ${at}::timestamptz
    from jsonb_to_recordset(${items}::jsonb) as v(id uuid, lease_token uuid, detail text)
    where j.id = v.id and j.status = 'sending' and j.lease_token = v.lease_token
    returning j.id`);
  return new Set(rows.map((r) => String(r.id)));
}

/** Schedules another attempt at `retryAt`, keeping `error` as the last reason. */
export async function markRetry(db: Database, job: JobRow, error: string, retryAt: Date, now: Date): Promise<boolean> {
  const rows = await db
    .update(notificationJobs)
    .set({ status: 'pending', lastError: error.slice(0, 1000), nextAttemptAt: retryAt, leaseToken: null, updatedAt: now })
    .where(held(job))
    .returning({ id: notificationJobs.id });
  return rows.length > 0;
}

/**
 * Puts a job back to `pending` until `until` WITHOUT counting the attempt (its target is backing off,
 * nothing was sent). `reason` shows in the delivery log meanwhile.
 */
export async function markDeferred(db: Database, job: JobRow, reason: string, until: Date, now: Date): Promise<boolean> {
  const rows = await db
    .update(notificationJobs)
    .set({
      status: 'pending',
      attempts: sql`greatest(${notificationJobs.attempts} - 1, 0)`,
      lastError: reason.slice(0, 1000),
      nextAttemptAt: until,
      leaseToken: null,
      updatedAt: now,
    })
    .where(held(job))
    .returning({ id: notificationJobs.id });
  return rows.length > 0;
}

/** Ends a job as `failed` with its final reason (shown in the delivery log). */
export async function markFailed(db: Database, job: JobRow, error: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(notificationJobs)
    .set({ status: 'failed', lastError: error.slice(0, 1000), leaseToken: null, updatedAt: now })
    .where(held(job))
    .returning({ id: notificationJobs.id });
  return rows.length > 0;
}

/**
 * Puts a `failed` job back to `pending`, due at `now`, with a fresh attempt budget (admin retry
 * after an outage longer than the backoff). Returns the updated row, or undefined when the job does
 * not exist or is not `failed`.
 */
export async function requeueFailedJob(db: Database, id: string, now: Date): Promise<JobRow | undefined> {
  const [row] = await db
    .update(notificationJobs)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, leaseToken: null, updatedAt: now })
    .where(and(eq(notificationJobs.id, id), eq(notificationJobs.status, 'failed')))
    .returning();
  return row;
}

/** Writes a message that was sent at once (test SMS) to the log as a finished job. */
export async function insertFinishedJob(
  db: Database,
  job: NewJob & { status: 'sent' | 'failed'; detail: string | null; lastError: string | null },
  now: Date,
): Promise<void> {
  await db.insert(notificationJobs).values({
    channel: job.channel,
    kind: job.payload.kind,
    recipient: job.recipient,
    summary: job.summary,
    ticketId: job.ticketId,
    payload: job.payload,
    status: job.status,
    attempts: 1,
    nextAttemptAt: now,
    detail: job.detail,
    lastError: job.lastError,
    sentAt: job.status === 'sent' ? now : null,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * Which of these stored dedupe keys (`<kind>:<key>`, as `prepareJob` stores them) a job holds
 * already: a writer grouping a burst into one alert skips a target whose previous window's alert exists.
 */
export async function takenDedupeKeys(tx: Database, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await tx.select({ key: notificationJobs.dedupeKey }).from(notificationJobs).where(inArray(notificationJobs.dedupeKey, keys));
  return new Set(rows.map((r) => r.key!));
}

/** True when a job (delivery) with this id exists. */
export async function jobExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: notificationJobs.id }).from(notificationJobs).where(eq(notificationJobs.id, id)).limit(1);
  return Boolean(row);
}

/** Row -> NotificationDelivery (admin delivery log). */
export function toDelivery(r: JobRow): NotificationDelivery {
  return {
    id: r.id,
    channel: r.channel,
    kind: r.kind,
    recipient: r.recipient,
    summary: r.summary,
    ticketId: r.ticketId,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    detail: r.detail,
    sentAt: r.sentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The newest `limit` jobs, optionally of one status, newest first. */
export async function listDeliveries(db: Database, opts: { limit: number; status?: NotificationStatus | undefined }): Promise<JobRow[]> {
  return db
    .select()
    .from(notificationJobs)
    .where(opts.status ? eq(notificationJobs.status, opts.status) : undefined)
    .orderBy(desc(notificationJobs.createdAt), desc(notificationJobs.id))
    .limit(opts.limit);
}
