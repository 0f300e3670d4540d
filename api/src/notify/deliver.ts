/**
 * Sends one claimed job (DESIGN.md 6): renders its payload with the portal's branding and hands it to
 * the channel's provider. Push jobs look their subscription up at send time: a subscription removed
 * meanwhile (logout) ends the job as failed; a 404/410 from the push service or an endpoint that breaks
 * the endpoint rules deletes the subscription.
 *
 * Issue 17: every send has a time limit per channel (a provider that never answers costs at most that
 * long, and the job is retried later). A push subscription that keeps failing is backed off: after a
 * failed send no job is sent to it before `retryAt` (1 min, 2 min, 4 min ... at most 1 h; those jobs are
 * deferred, which costs them no attempt), and after PUSH_MAX_FAILURES failures in a row (about two hours
 * of failing) it is deleted. The PWA subscribes again the next time the device opens the app.
 *
 * A survey invitation's link token is derived here (survey-links.ts, issue 11) and, once the provider
 * accepted the e-mail, the invitation's sent time is recorded.
 */
import type { NotificationChannel } from '@portal/shared';
import type { Database } from '../db/client';
import type { JobRow } from './jobs';
import { clearSubscriptionFailures, deleteSubscriptionById, findPushTarget, recordSubscriptionFailure } from './recipients';
import { markInvitationSent, type SurveyLinks } from './survey-links';
import { renderEmail } from './templates/email';
import { renderPush, renderSms } from './templates/short';
import { DeferredError, EndpointRefusedError, PermanentError, SubscriptionGoneError, type Brand, type JobPayload, type Providers } from './types';

/** Sends a job; resolves to the provider's detail, rejects with PermanentError, DeferredError or a retryable Error. */
export type Deliver = (job: JobRow) => Promise<string>;

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

/**
 * Builds the deliver function of a dispatcher. `clock` dates push backoffs and invitation sent times
 * (default: real time); `surveyLinks` derives survey link tokens (without it a survey invitation fails
 * as permanent; createNotifier always passes it).
 */
export function createDeliver(deps: {
  db: Database;
  providers: Providers;
  brand: Brand;
  clock?: () => Date;
  tuning?: DeliverTuning;
  surveyLinks?: SurveyLinks;
}): Deliver {
  const { db, providers, brand, surveyLinks } = deps;
  const clock = deps.clock ?? (() => new Date());
  const renderContext = surveyLinks ? { surveyToken: (invitationId: string) => surveyLinks.token(invitationId) } : {};
  const timeouts = { ...SEND_TIMEOUTS_MS, ...deps.tuning?.timeoutsMs };
  const pushPolicy = {
    maxFailures: deps.tuning?.pushMaxFailures ?? PUSH_MAX_FAILURES,
    backoffMs: deps.tuning?.pushBackoffMs ?? subscriptionBackoff,
  };
  return async (job) => {
    const payload = job.payload as JobPayload;
    switch (job.channel) {
      case 'email': {
        const { detail } = await withTimeout(providers.email.send(renderEmail(payload, job.recipient, brand, renderContext)), 'email', timeouts.email);
        // The invitation counts as sent (response-rate denominator) once the provider accepted it.
        if (payload.kind === 'survey_invite' && payload.invitationId) await markInvitationSent(db, payload.invitationId, clock());
        return detail;
      }
      case 'sms':
        return (await withTimeout(providers.sms.send(renderSms(payload, job.recipient, brand)), 'sms', timeouts.sms)).detail;
      case 'push': {
        if (!('subscriptionId' in payload)) throw new PermanentError(`Push job without a subscription (${payload.kind})`);
        const id = payload.subscriptionId;
        const target = await findPushTarget(db, id);
        if (!target) throw new PermanentError('Subscription removed (logged out or unsubscribed)');
        const now = clock();
        if (target.retryAt && target.retryAt > now) {
          throw new DeferredError(target.retryAt, `Push endpoint failing (${target.failures} failed sends in a row); next try at ${target.retryAt.toISOString()}`);
        }
        try {
          const { detail } = await withTimeout(providers.push.send({ endpoint: target.endpoint, keys: target.keys }, renderPush(payload)), 'push', timeouts.push);
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
      default:
        throw new PermanentError(`Unknown channel ${String(job.channel)}`);
    }
  };
}
