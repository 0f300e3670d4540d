/**
 * Sending one claim of a dispatcher lane in chunks (dispatcher.ts "Claims and chunks", issue 58), and
 * the lanes' background pacing between chunks.
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { JobRow, SentJob } from './jobs';
import { releaseJobs, renewLeases } from './leases';

/** Event-loop utilization (0-1) from which the thread counts as busy serving requests. */
export const BUSY_UTILIZATION = 0.5;
/** Pacing step and the longest pause before the next chunk of sends, in ms. */
const PACE_STEP_MS = 10;
const PACE_MAX_MS = 100;
/**
 * Background pacing: the outbox shares the API thread with the requests, and rendering
 * and handing over a message costs about 0.4 ms of CPU (nodemailer), so a lane sending flat out
 * during a burst of write requests took half of their throughput. Before its next chunk a lane
 * waits in {@link PACE_STEP_MS} steps while the thread stays busy WITHOUT it (event-loop
 * utilization of the step >= {@link BUSY_UTILIZATION}), at most {@link PACE_MAX_MS}: an idle server
 * sends at once, a saturated one still sends a chunk at least every 0.1 s and catches up after the
 * burst. Resolves when the thread is quiet or the longest pause is over, with the ms it paused
 * (nominal: steps of PACE_STEP_MS).
 */
export async function yieldToRequests(): Promise<number> {
  let waited = 0;
  while (waited < PACE_MAX_MS) {
    const before = performance.eventLoopUtilization();
    await new Promise((r) => setTimeout(r, PACE_STEP_MS));
    waited += PACE_STEP_MS;
    if (performance.eventLoopUtilization(before).utilization < BUSY_UTILIZATION) break;
  }
  return waited;
}

/** Within a claim, deliveries are recorded once this many ms (real time) passed since the last record. */
export const RECORD_EVERY_MS = 1000;

/** One claim to send, and what the dispatcher lends for it. */
export interface ClaimRun {
  db: Database;
  logger: Logger;
  clock: () => Date;
  /** The claimed jobs, in the order to send them. */
  jobs: JobRow[];
  /** When the claim's lease ends, in ms of `clock`; and the lease's length in ms. */
  leaseUntil: number;
  leaseMs: number;
  /** Sends at once (a chunk). */
  batchSize: number;
  /** Yield to requests after a busy chunk; `mark`: the event-loop utilization when the claim began. */
  paced: boolean;
  mark: EventLoopUtilization;
  /** True once the lane is stopping: the unsent rest is given back. */
  stopping(): boolean;
  /** Sends one job; the delivery to record, or null once its failure was recorded. Never throws. */
  send(job: JobRow): Promise<SentJob | null>;
  /** Records deliveries (one markSent). Never throws. */
  record(sent: SentJob[]): Promise<void>;
}

/** The event-loop utilization (0-1) since `mark`. */
const busySince = (mark: EventLoopUtilization) => performance.eventLoopUtilization(mark).utilization;

/**
 * Sends a claim's jobs in chunks of `batchSize` at once: records the deliveries at the end, or sooner
 * once {@link RECORD_EVERY_MS} passed; before a chunk, renews the lease of the unsent rest once half
 * of it is spent (a job whose lease was lost is not sent); after a busy chunk of a paced lane,
 * {@link yieldToRequests}; a stopping lane records what it sent and gives the rest back. Never
 * throws: a job whose outcome could not be written is claimed again after its lease.
 */
export async function sendClaim(run: ClaimRun): Promise<void> {
  const { db, logger, clock, jobs, leaseMs, batchSize } = run;
  const unrecorded: SentJob[] = [];
  let recordedAt = performance.now();
  const record = async () => {
    if (unrecorded.length > 0) await run.record(unrecorded.splice(0));
    recordedAt = performance.now();
  };
  let { leaseUntil, mark } = run;
  let rest = jobs;
  while (rest.length > 0) {
    try {
      if (rest !== jobs && run.stopping()) {
        await record();
        await releaseJobs(db, rest, clock());
        return;
      }
      const now = clock().getTime();
      if (now >= leaseUntil - leaseMs / 2) {
        await record();
        const kept = await renewLeases(db, rest, new Date(now + leaseMs), new Date(now));
        for (const job of rest) if (!kept.has(job.id)) logger.warn('notification lease lost before sending', logFields(job));
        rest = rest.filter((job) => kept.has(job.id));
        leaseUntil = now + leaseMs;
        if (rest.length === 0) return;
      }
    } catch (err) {
      // The database failed: the unsent jobs keep their lease and are claimed again when it expires.
      for (const job of rest) logger.warn('notification not sent: its lease could not be renewed', { ...logFields(job), error: err instanceof Error ? err.message : String(err) });
      return;
    }
    const chunk = rest.slice(0, batchSize);
    rest = rest.slice(batchSize);
    for (const sent of await Promise.all(chunk.map((job) => run.send(job)))) if (sent) unrecorded.push(sent);
    if (rest.length === 0 || performance.now() - recordedAt >= RECORD_EVERY_MS) await record();
    if (run.paced && busySince(mark) >= BUSY_UTILIZATION) await yieldToRequests();
    mark = performance.eventLoopUtilization();
  }
}

/** What the log says about a job (the dispatcher's log lines). */
export const logFields = (job: JobRow) => ({ jobId: job.id, channel: job.channel, kind: job.kind, attempt: job.attempts });
