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
 * Lanes: each channel (email, sms, push) claims and sends its own jobs in its own loop,
 * so e-mail and SMS never wait for a push service that hangs; `deliver` bounds every send with a
 * per-channel timeout, and backs off push subscriptions that keep failing.
 *
 * Claims and chunks (issue 58, chunks.ts and leases.ts): a lane claims up to `claimSize` jobs (default 50) in one statement and
 * sends them in chunks of at most `batchSize` (default 10) at once, so the sends in flight (SMTP
 * connections, a provider's rate) stay as they were while the database sees a fifth of the claims.
 * Deliveries are recorded together (`markSent`, one statement) at the end of the claim, and sooner when
 * a second passed since the last record (slow providers: a crash re-sends at most about
 * that much). Between chunks a paced lane yields to requests as between claims, and the lease of the
 * unsent rest is renewed once half of it is spent, so a claim never outlives its lease. A lane that is
 * stopped between chunks records what it sent and gives the unsent rest back (`pending`, due now,
 * attempt not counted).
 *
 * Scheduling: `start()` wakes at once and then every `pollMs`; `wake()` (also called after each
 * committed write request) asks the database once which channels have due jobs (`dueChannels`) and
 * runs those lanes (most writes enqueue nothing); `stop()` ends the timer and waits for
 * running passes.
 * `runOnce()` is one pass of every lane, for tests and tools: each claims and sends until nothing is due.
 */
import { performance } from 'node:perf_hooks';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '@portal/shared';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { Deliver } from './deliver';
import { claimDueJobs, dueChannels, markDeferred, markFailed, markRetry, markSent, type JobRow, type SentJob } from './jobs';
import { logFields, sendClaim } from './chunks';
import { alertAdminsOfFault } from './faultAlert';
import { DeferredError, PermanentError, RenderFaultError, UnknownKindError } from './types';

/** Default jobs of one lane claimed per statement. */
export const DEFAULT_CLAIM_SIZE = 50;
/** Default jobs of one lane sent at once (a chunk of a claim). */
export const DEFAULT_BATCH_SIZE = 10;
/** Default lease of a claim (5 min); renewed for the unsent rest once half of it is spent. */
export const DEFAULT_LEASE_MS = 300_000;

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
  /**
   * How long a claim lasts before another dispatcher may take the job, in ms (default
   * {@link DEFAULT_LEASE_MS}); the unsent rest of a claim is renewed once half of it is spent.
   */
  leaseMs?: number;
  /** Jobs of one lane sent at once: the size of a chunk of a claim (default {@link DEFAULT_BATCH_SIZE}). */
  batchSize?: number;
  /** Jobs of one lane claimed per statement (default {@link DEFAULT_CLAIM_SIZE}, never fewer than `batchSize`). */
  claimSize?: number;
}

/** Tuning createApp deps may override (tests: fast backoff, small batches). */
export type DispatcherTuning = Pick<DispatcherOptions, 'backoffMs' | 'leaseMs' | 'batchSize' | 'claimSize' | 'maxAttempts' | 'pollMs'>;

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
const attemptsText = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;

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

  /**
   * Stops polling and waits for the running lanes: each finishes the chunk it is sending, records it,
   * gives the unsent rest of its claim back (due at once) and claims no more.
   */
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
   * One pass of every lane at once: each claims and sends jobs of its channel until no job of it
   * is due at the clock's time.
   * @returns how many jobs were claimed in all.
   * @throws only when claiming fails (database unreachable); send failures are recorded instead.
   */
  async runOnce(): Promise<number> {
    const counts = await Promise.all(NOTIFICATION_CHANNELS.map((channel) => this.drain(channel)));
    return counts.reduce((a, b) => a + b, 0);
  }

  /**
   * Claims jobs of `channel` (up to `claimSize` per statement) and sends them until none is due;
   * returns how many jobs were claimed. `paced` (the lanes of `start()`, not `runOnce()`): after a
   * chunk during which the thread was busy, chunks.ts `yieldToRequests` first.
   */
  private async drain(channel: NotificationChannel, paced = false): Promise<number> {
    const batchSize = this.o.batchSize ?? DEFAULT_BATCH_SIZE;
    const claimSize = Math.max(this.o.claimSize ?? DEFAULT_CLAIM_SIZE, batchSize);
    let total = 0;
    for (;;) {
      if (paced && !this.started) return total;
      const mark = performance.eventLoopUtilization();
      const now = this.o.clock();
      const jobs = await claimDueJobs(this.o.db, now, claimSize, this.leaseMs, channel);
      if (jobs.length === 0) return total;
      total += jobs.length;
      await sendClaim({
        ...this.o,
        jobs,
        leaseUntil: now.getTime() + this.leaseMs,
        leaseMs: this.leaseMs,
        batchSize,
        paced,
        mark,
        stopping: () => paced && !this.started,
        send: (job) => this.process(job),
        record: (sent) => this.recordSent(sent),
      });
    }
  }

  private get leaseMs(): number {
    return this.o.leaseMs ?? DEFAULT_LEASE_MS;
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

  /** Records deliveries of a claim; never throws (a job left unrecorded is sent again after its lease). */
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
