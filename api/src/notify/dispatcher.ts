/**
 * The outbox dispatcher (DESIGN.md 6). Claims due jobs (see jobs.ts for the locking), sends
 * each through `deliver`, and records the outcome:
 * - success -> `sent` with the provider's detail;
 * - PermanentError (bad address, dead subscription) -> `failed` at once with the reason;
 * - RenderFaultError (the message could not be built: a fault in the portal's code, never fixed by
 *   retrying) -> `failed` at once, logged at error level, and the administrators alerted
 *   (faultAlert.ts, one e-mail per kind and day);
 * - other errors -> `pending` again after an exponential backoff (30 s, 1 min, 2 min, ... capped at
 *   1 h) until `maxAttempts` attempts were made, then `failed` with the last reason.
 * - DeferredError (a push subscription backing off, a job kind this build does not know) -> `pending`
 *   until then, the attempt not counted.
 * A job left `sending` by a crashed process is claimed again when its lease expires, and counts as an
 * attempt. A failing provider or database never throws out of the dispatcher: it logs and goes on.
 *
 * Lanes: each channel (email, sms, push) claims and sends its own batches in its own loop,
 * so e-mail and SMS never wait for a push service that hangs; `deliver` bounds every send with a
 * per-channel timeout, and backs off push subscriptions that keep failing.
 *
 * Scheduling: `start()` wakes at once and then every `pollMs`; `wake()` (also called after each
 * committed write request) asks the database once which channels have due jobs (`dueChannels`) and
 * runs those lanes (most writes enqueue nothing); `stop()` ends the timer and waits for
 * running passes.
 * `runOnce()` is one pass of every lane, for tests and tools: each claims batches until nothing is due.
 */
import { performance } from 'node:perf_hooks';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '@portal/shared';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { Deliver } from './deliver';
import { claimDueJobs, dueChannels, markDeferred, markFailed, markRetry, markSent, type JobRow, type SentJob } from './jobs';
import { alertAdminsOfFault } from './faultAlert';
import { DeferredError, PermanentError, RenderFaultError, UnknownKindError } from './types';

/** Event-loop utilization (0-1) from which the thread counts as busy serving requests. */
const BUSY_UTILIZATION = 0.5;
/** Pacing step and the longest pause before the next batch, in ms. */
const PACE_STEP_MS = 10;
const PACE_MAX_MS = 100;

/**
 * Background pacing: the outbox shares the API thread with the requests, and rendering
 * and handing over a message costs about 0.4 ms of CPU (nodemailer), so a lane sending flat out
 * during a burst of write requests took half of their throughput. Before its next batch a lane
 * waits in {@link PACE_STEP_MS} steps while the thread stays busy WITHOUT it (event-loop
 * utilization of the step >= {@link BUSY_UTILIZATION}), at most {@link PACE_MAX_MS}: an idle server
 * sends at once, a saturated one still sends a batch at least every 0.1 s and catches up after the
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

/** Default retry delay before attempt `attempts + 1`, in ms: 30 s * 2^(attempts-1), at most 1 h. */
export function exponentialBackoff(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface DispatcherOptions {
  db: Database;
  deliver: Deliver;
  logger: Logger;
  /** Time source for due dates and leases (tests move it instead of sleeping). */
  clock: () => Date;
  /** Attempts before a job ends `failed` (config NOTIFY_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** Poll interval of `start()` in ms (config NOTIFY_POLL_SECONDS). */
  pollMs: number;
  /** Retry delay after `attempts` failed attempts, in ms (default {@link exponentialBackoff}). */
  backoffMs?: (attempts: number) => number;
  /** How long a claim lasts before another dispatcher may take the job, in ms (default 5 min). */
  leaseMs?: number;
  /** Jobs claimed and sent concurrently per batch of one lane (default 10). */
  batchSize?: number;
}

/** Tuning createApp deps may override (tests: fast backoff, small batches). */
export type DispatcherTuning = Pick<DispatcherOptions, 'backoffMs' | 'leaseMs' | 'batchSize' | 'maxAttempts' | 'pollMs'>;

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
const attemptsText = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;
/** What the log says about a job. */
const logFields = (job: JobRow) => ({ jobId: job.id, channel: job.channel, kind: job.kind, attempt: job.attempts });

/** The loop state of one channel's lane. */
interface Lane {
  channel: NotificationChannel;
  running: Promise<void> | null;
  again: boolean;
}

export class Dispatcher {
  private started = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly lanes: Lane[] = NOTIFICATION_CHANNELS.map((channel) => ({ channel, running: null, again: false }));
  /** The running "which channels are due" question, and whether a wake came while it ran. */
  private probing: Promise<void> | null = null;
  private probeAgain = false;

  constructor(private readonly o: DispatcherOptions) {}

  /** Starts polling (and runs one pass now). Idempotent. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.timer = setInterval(() => this.wake(), this.o.pollMs);
    this.timer.unref();
    this.wake();
  }

  /**
   * Runs a pass soon in every lane that has a job due (after a commit that may have written jobs):
   * one `dueChannels` statement, shared by the wakes that arrive while it runs. No-op unless started.
   */
  wake(): void {
    if (!this.started) return;
    if (this.probing) {
      this.probeAgain = true;
      return;
    }
    this.probing = this.probe().finally(() => {
      this.probing = null;
    });
  }

  private async probe(): Promise<void> {
    do {
      this.probeAgain = false;
      let due: Set<NotificationChannel>;
      try {
        due = await dueChannels(this.o.db, this.o.clock());
      } catch (err) {
        this.o.logger.warn('notification dispatch failed', { error: message(err) });
        return;
      }
      for (const lane of this.lanes) if (due.has(lane.channel)) this.runLane(lane);
    } while (this.probeAgain && this.started);
  }

  /** Starts a lane's loop, or asks the running one for another pass. */
  private runLane(lane: Lane): void {
    if (lane.running) {
      lane.again = true;
      return;
    }
    lane.running = this.loop(lane).finally(() => {
      lane.running = null;
    });
  }

  /** Stops polling and waits for the running passes (jobs they hold finish or keep their lease). */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.probing;
    await Promise.all(this.lanes.map((lane) => lane.running));
  }

  private async loop(lane: Lane): Promise<void> {
    do {
      lane.again = false;
      try {
        await this.drain(lane.channel, true);
      } catch (err) {
        this.o.logger.warn('notification dispatch failed', { channel: lane.channel, error: message(err) });
      }
    } while (lane.again && this.started);
  }

  /**
   * One pass of every lane at once: each claims and sends batches of its channel until no job of it
   * is due at the clock's time.
   * @returns how many jobs were claimed in all.
   * @throws only when claiming fails (database unreachable); send failures are recorded instead.
   */
  async runOnce(): Promise<number> {
    const counts = await Promise.all(NOTIFICATION_CHANNELS.map((channel) => this.drain(channel)));
    return counts.reduce((a, b) => a + b, 0);
  }

  /**
   * Claims and sends batches of `channel` until none is due; returns how many jobs were claimed.
   * A batch's deliveries are recorded together once all its sends are over (jobs.ts `markSent`).
   * `paced` (the lanes of `start()`, not `runOnce()`): after a batch during which the thread was
   * busy, {@link yieldToRequests} first.
   */
  private async drain(channel: NotificationChannel, paced = false): Promise<number> {
    let total = 0;
    for (;;) {
      const batchStart = performance.eventLoopUtilization();
      const jobs = await claimDueJobs(this.o.db, this.o.clock(), this.o.batchSize ?? 10, this.o.leaseMs ?? 300_000, channel);
      if (jobs.length === 0) return total;
      total += jobs.length;
      const sent = await Promise.all(jobs.map((job) => this.process(job)));
      await this.recordSent(sent.filter((s): s is SentJob => s !== null));
      if (paced && performance.eventLoopUtilization(batchStart).utilization >= BUSY_UTILIZATION) await yieldToRequests();
    }
  }

  /** Sends one claimed job; returns the delivery to record, or null once a failure was recorded. Never throws. */
  private async process(job: JobRow): Promise<SentJob | null> {
    const { db, logger, clock, maxAttempts } = this.o;
    try {
      if (job.attempts > maxAttempts) {
        const reason = `Gave up after ${attemptsText(maxAttempts)} (the sending process stopped)${job.lastError ? `; last error: ${job.lastError}` : ''}`;
        await markFailed(db, job, reason, clock());
        logger.warn('notification failed', { ...logFields(job), error: reason });
        return null;
      }
      try {
        return { job, detail: await this.o.deliver(job) };
      } catch (err) {
        await this.recordFailure(job, err);
        return null;
      }
    } catch (err) {
      // The database failed while recording: the lease expires and the job is claimed again.
      logger.warn('notification outcome not recorded', { ...logFields(job), error: message(err) });
      return null;
    }
  }

  /** Records a batch's deliveries; never throws (a job left unrecorded is sent again after its lease). */
  private async recordSent(sent: SentJob[]): Promise<void> {
    const { db, logger, clock } = this.o;
    let written: Set<string>;
    try {
      written = await markSent(db, sent, clock());
    } catch (err) {
      for (const { job } of sent) logger.warn('notification outcome not recorded', { ...logFields(job), error: message(err) });
      return;
    }
    for (const { job, detail } of sent) {
      if (written.has(job.id)) logger.info('notification sent', { ...logFields(job), detail });
      else logger.warn('notification sent after its lease expired', logFields(job));
    }
  }

  private async recordFailure(job: JobRow, err: unknown): Promise<void> {
    const { db, logger, clock, maxAttempts } = this.o;
    const reason = message(err);
    const now = clock();
    const log = { ...logFields(job), error: reason };
    if (err instanceof DeferredError) {
      await markDeferred(db, job, reason, err.until, now);
      // A kind this build does not know needs an operator's eye (a version mix-up); a backing-off push target does not.
      logger[err instanceof UnknownKindError ? 'warn' : 'debug']('notification deferred', { ...log, until: err.until.toISOString() });
      return;
    }
    if (err instanceof RenderFaultError) {
      await markFailed(db, job, reason, now);
      logger.error('notification could not be built', { ...log, error: err.detail });
      await alertAdminsOfFault(db, job, err.detail, now);
      return;
    }
    if (err instanceof PermanentError || job.attempts >= maxAttempts) {
      const final = err instanceof PermanentError ? reason : `${reason} (gave up after ${attemptsText(job.attempts)})`;
      await markFailed(db, job, final, now);
      logger.warn('notification failed', { ...log, error: final });
      return;
    }
    const retryAt = new Date(now.getTime() + (this.o.backoffMs ?? exponentialBackoff)(job.attempts));
    await markRetry(db, job, reason, retryAt, now);
    logger.info('notification will be retried', { ...log, retryAt: retryAt.toISOString() });
  }
}
