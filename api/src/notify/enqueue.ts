/**
 * Writing jobs of a registered kind (DESIGN.md 6), the one way to write notification_jobs: inside the caller's transaction, so a job commits
 * or rolls back with the change that caused it, and an idempotent replay (which changes nothing)
 * writes nothing. The recipient is resolved by the caller (the recipient readers), so the delivery
 * log names it.
 *
 * - `dueAt`: timed work (DESIGN.md 6: an outbox row with a due time that any process may claim
 *   once); the dispatcher's poll (NOTIFY_POLL_SECONDS) sends it at most that long after it is due.
 * - `dedupeKey`: at most one job per kind and key, ever (stored as `<kind>:<key>`; a unique partial
 *   index and `ON CONFLICT DO NOTHING`), also with several processes writing at once; e.g. one SLA
 *   alert per ticket and target: `dedupeKey: \`${ticketId}:${target}\``.
 */
import type { NotificationChannel } from '@portal/shared';
import type { Database } from '../db/client';
import type { SQL } from 'drizzle-orm';
import { insertJobs, jobsInsertPart, type NewJob } from './jobs';
import type { ChannelRecipient, JobKind, PushSubscriber } from './kinds';

/** One job of a kind: whom it goes to, its facts and the optional due time and dedupe key. */
export interface JobInput<P extends object, C extends NotificationChannel> {
  to: ChannelRecipient[C];
  payload: P;
  /** Not sent before this time (default: at once). */
  dueAt?: Date;
  /** At most one job of this kind with this key, ever (module doc). */
  dedupeKey?: string;
}

/** A job ready to insert (see {@link prepareJob}); `enqueueJobs` writes a batch of them. */
export type PreparedJob = NewJob;

/**
 * The row values of one job, without writing it: channel, `recipient` (the address, the number, or
 * `push:<username>`), the kind's summary and ticket, and the stored payload (the facts with `kind`,
 * plus `subscriptionId` for push). For callers that write jobs in a statement of their own (a hot
 * path that inserts its rows and their jobs in one round trip) and for {@link enqueueJobs}.
 */
export function prepareJob<P extends object, C extends NotificationChannel>(kind: JobKind<P, C>, input: JobInput<P, C>): PreparedJob {
  const push = kind.channel === 'push' ? (input.to as PushSubscriber) : null;
  return {
    channel: kind.channel,
    recipient: push ? `push:${push.username}` : (input.to as string),
    summary: kind.summary(input.payload),
    ticketId: kind.ticketId?.(input.payload) ?? null,
    payload: { ...input.payload, kind: kind.kind, ...(push ? { subscriptionId: push.id } : {}) },
    dueAt: input.dueAt ?? null,
    dedupeKey: input.dedupeKey === undefined ? null : `${kind.kind}:${input.dedupeKey}`,
  };
}

/**
 * Writes one job of `kind` as `pending` in the caller's transaction `tx`, due at `dueAt` or `now`.
 * @returns false when a job with the same `dedupeKey` exists already (nothing written), else true.
 */
export async function enqueue<P extends object, C extends NotificationChannel>(
  tx: Database,
  kind: JobKind<P, C>,
  input: JobInput<P, C>,
  now: Date,
): Promise<boolean> {
  return (await insertJobs(tx, [prepareJob(kind, input)], now)) === 1;
}

/**
 * Writes a batch of prepared jobs in one statement (a rule that alerts several recipients).
 * `options.write`: run the same one statement whatever its value, writing only when true (a public
 * lookup that takes the same path whether or not it matched; jobs without `dueAt`/`dedupeKey`).
 * @returns how many were written (jobs whose dedupe key exists are skipped).
 */
export async function enqueueJobs(tx: Database, jobs: PreparedJob[], now: Date, options: { write?: boolean } = {}): Promise<number> {
  return insertJobs(tx, jobs, now, options);
}

/**
 * A batch of prepared jobs as a data-modifying CTE body for the statement that writes their
 * tickets (an event subscriber's `inStatement`, events/subscribers.ts): see notify/jobs.ts
 * `jobsInsertPart` for `fill` (ticket numbers put in place of a slot). Commits with that statement.
 */
export function enqueueJobsPart(jobs: PreparedJob[], now: Date, fill: { numbers: SQL; slot: string }): SQL {
  return jobsInsertPart(jobs, now, fill);
}
