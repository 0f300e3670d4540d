/**
 * Sends one claimed job (DESIGN.md 6): looks its kind up in the registry, renders its payload with
 * the portal's branding and hands the message to the channel's provider. A job whose kind this
 * build does not know (written by a newer or older version) is kept: it is deferred for
 * {@link UNKNOWN_KIND_RETRY_MS} with the reason in the delivery log, costs no attempt, and a process
 * that knows the kind sends it. Push jobs look their subscription up at send time: a subscription
 * removed meanwhile (logout) ends the job as failed; a 404/410 from the push service or an endpoint
 * that breaks the endpoint rules deletes the subscription.
 *
 * Every send has a time limit per channel (a provider that never answers costs at most that
 * long, and the job is retried later). A push subscription that keeps failing is backed off: after a
 * failed send no job is sent to it before `retryAt` (1 min, 2 min, 4 min ... at most 1 h; those jobs are
 * deferred, which costs them no attempt), and after PUSH_MAX_FAILURES failures in a row (about two hours
 * of failing) it is deleted. The PWA subscribes again the next time the device opens the app.
 *
 * Once the provider accepted a message, the kind's `sent` hook runs (e.g. the invitation's sent time).
 * An e-mail kind's `attachments` are read before each send (a failure to read them is retried).
 *
 * A kind's `render` that throws anything but a PermanentError or DeferredError is a fault in the
 * portal's code (issue 56: a template that did not know the `waiting` change threw on every
 * attempt): it becomes a RenderFaultError, so the job ends `failed` at once and admins are alerted.
 */
import type { NotificationChannel, PushPayload } from '@portal/shared';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { JobRow } from './jobs';
import type { AnyJobKind, EmailContent, KindRegistry, RenderContext, SmsContent } from './kinds';
import { clearSubscriptionFailures, deleteSubscriptionById, findPushTarget, recordSubscriptionFailure } from './recipients';
import { DeferredError, EndpointRefusedError, PermanentError, RenderFaultError, SubscriptionGoneError, UnknownKindError, type Brand, type Providers } from './types';

/** What sending needs of a job row (a claimed job, or one sent at once). */
export type DeliverableJob = Pick<JobRow, 'kind' | 'channel' | 'recipient' | 'payload'>;

/** Sends a job; resolves to the provider's detail, rejects with PermanentError, DeferredError or a retryable Error. */
export type Deliver = (job: DeliverableJob) => Promise<string>;

/** How long a job of an unknown kind waits before it is claimed again (1 h), in ms. */
export const UNKNOWN_KIND_RETRY_MS = 3_600_000;

/** Default time limit of one send per channel, in ms. */
export const SEND_TIMEOUTS_MS: Record<NotificationChannel, number> = { email: 30_000, sms: 30_000, push: 10_000 };
/** Failed sends in a row after which a push subscription is deleted. */
export const PUSH_MAX_FAILURES = 8;

/** Backoff of a failing push subscription after `failures` failed sends: 1 min * 2^(failures-1), at most 1 h. */
export function subscriptionBackoff(failures: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, failures - 1), 3_600_000);
}

/** What tests and deployments may tune about sending (createApp deps `notify.deliver`). */
export interface DeliverTuning {
  /** Time limit of one send per channel in ms (default {@link SEND_TIMEOUTS_MS}). */
  timeoutsMs?: Partial<Record<NotificationChannel, number>>;
  /** Failed sends in a row before a push subscription is deleted (default {@link PUSH_MAX_FAILURES}). */
  pushMaxFailures?: number;
  /** Backoff of a failing push subscription (default {@link subscriptionBackoff}). */
  pushBackoffMs?: (failures: number) => number;
}

/** Thrown when a send outlives its channel's time limit (retryable). */
export class SendTimeoutError extends Error {
  constructor(channel: NotificationChannel, ms: number) {
    super(`${channel}: no answer within ${ms / 1000} s`);
    this.name = 'SendTimeoutError';
  }
}

/** Resolves or rejects like `work`, or rejects with SendTimeoutError after `ms`. */
async function withTimeout<T>(work: Promise<T>, channel: NotificationChannel, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SendTimeoutError(channel, ms)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** An e-mail subject on one line (no header folding from user text). */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The kind of a claimed job, or a reason to keep or fail it: unknown -> UnknownKindError (a
 * DeferredError: kept, module doc); registered for another channel -> PermanentError.
 */
export function kindOf(registry: KindRegistry, job: Pick<JobRow, 'kind' | 'channel'>, now: Date): AnyJobKind {
  const kind = registry.get(job.kind);
  if (!kind) {
    throw new UnknownKindError(job.kind, new Date(now.getTime() + UNKNOWN_KIND_RETRY_MS));
  }
  if (kind.channel !== job.channel) throw new PermanentError(`Job kind ${job.kind} sends ${kind.channel}, not ${job.channel}`);
  return kind;
}

/**
 * Renders a job's message; a throw other than PermanentError/DeferredError becomes a
 * {@link RenderFaultError} (module doc).
 */
export function renderMessage(kind: AnyJobKind, payload: Record<string, unknown>, ctx: RenderContext): unknown {
  try {
    return kind.render(payload, ctx);
  } catch (err) {
    if (err instanceof PermanentError || err instanceof DeferredError) throw err;
    throw new RenderFaultError(kind.kind, err instanceof Error ? err.message : String(err));
  }
}

/**
 * Builds the deliver function of a dispatcher: `registry` holds the kinds it can send; `clock`
 * dates push backoffs, unknown-kind deferrals and `sent` hooks (default: real time).
 */
export function createDeliver(deps: {
  db: Database;
  providers: Providers;
  brand: Brand;
  config: Config;
  registry: KindRegistry;
  clock?: () => Date;
  tuning?: DeliverTuning;
}): Deliver {
  const { db, providers, registry } = deps;
  const clock = deps.clock ?? (() => new Date());
  const ctx: RenderContext = { brand: deps.brand, config: deps.config };
  const timeouts = { ...SEND_TIMEOUTS_MS, ...deps.tuning?.timeoutsMs };
  const pushPolicy = {
    maxFailures: deps.tuning?.pushMaxFailures ?? PUSH_MAX_FAILURES,
    backoffMs: deps.tuning?.pushBackoffMs ?? subscriptionBackoff,
  };

  async function sendPush(kind: AnyJobKind, payload: Record<string, unknown>): Promise<string> {
    const id = payload.subscriptionId;
    if (typeof id !== 'string') throw new PermanentError(`Push job without a subscription (${kind.kind})`);
    const target = await findPushTarget(db, id);
    if (!target) throw new PermanentError('Subscription removed (logged out or unsubscribed)');
    const now = clock();
    if (target.retryAt && target.retryAt > now) {
      throw new DeferredError(target.retryAt, `Push endpoint failing (${target.failures} failed sends in a row); next try at ${target.retryAt.toISOString()}`);
    }
    try {
      const message = renderMessage(kind, payload, ctx) as PushPayload;
      const { detail } = await withTimeout(providers.push.send({ endpoint: target.endpoint, keys: target.keys }, message), 'push', timeouts.push);
      if (target.failures > 0) await clearSubscriptionFailures(db, id);
      return detail;
    } catch (err) {
      if (err instanceof SubscriptionGoneError || err instanceof EndpointRefusedError) {
        await deleteSubscriptionById(db, id);
        throw err;
      }
      if (err instanceof PermanentError) throw err;
      const { failures, dropped } = await recordSubscriptionFailure(db, id, clock(), pushPolicy);
      const reason = err instanceof Error ? err.message : String(err);
      if (dropped) throw new PermanentError(failures ? `${reason}; subscription removed after ${failures} failed sends in a row` : `${reason}; subscription removed meanwhile`);
      throw err;
    }
  }

  async function send(kind: AnyJobKind, job: DeliverableJob, payload: Record<string, unknown>): Promise<string> {
    switch (kind.channel) {
      case 'email': {
        const m = renderMessage(kind, payload, ctx) as EmailContent;
        const files = kind.attachments ? await kind.attachments(payload, { db, config: deps.config }) : [];
        const message = {
          to: job.recipient,
          subject: oneLine(m.subject),
          text: m.text,
          html: m.html,
          ...(m.headers ? { headers: m.headers } : {}),
          ...(files.length ? { attachments: files } : {}),
        };
        return (await withTimeout(providers.email.send(message), 'email', timeouts.email)).detail;
      }
      case 'sms': {
        const { body } = renderMessage(kind, payload, ctx) as SmsContent;
        return (await withTimeout(providers.sms.send({ to: job.recipient, body }), 'sms', timeouts.sms)).detail;
      }
      case 'push':
        return sendPush(kind, payload);
      default:
        throw new PermanentError(`Unknown channel ${String(kind.channel)}`);
    }
  }

  return async (job) => {
    const kind = kindOf(registry, job, clock());
    const payload = job.payload as Record<string, unknown>;
    const detail = await send(kind, job, payload);
    await kind.sent?.(payload, { db, now: clock() });
    return detail;
  };
}
