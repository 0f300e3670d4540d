/**
 * Sends one claimed job (DESIGN.md 6): renders its payload with the portal's branding and hands it to
 * the channel's provider. Push jobs look their subscription up at send time: a subscription removed
 * meanwhile (logout) ends the job as failed; a 404/410 from the push service deletes the subscription.
 */
import type { Database } from '../db/client';
import type { JobRow } from './jobs';
import { deleteSubscriptionById, findPushTarget } from './recipients';
import { renderEmail } from './templates/email';
import { renderPush, renderSms } from './templates/short';
import { PermanentError, SubscriptionGoneError, type Brand, type JobPayload, type Providers } from './types';

/** Sends a job; resolves to the provider's detail, rejects with PermanentError or a retryable Error. */
export type Deliver = (job: JobRow) => Promise<string>;

/** Builds the deliver function of a dispatcher. */
export function createDeliver(deps: { db: Database; providers: Providers; brand: Brand }): Deliver {
  const { db, providers, brand } = deps;
  return async (job) => {
    const payload = job.payload as JobPayload;
    switch (job.channel) {
      case 'email':
        return (await providers.email.send(renderEmail(payload, job.recipient, brand))).detail;
      case 'sms':
        return (await providers.sms.send(renderSms(payload, job.recipient, brand))).detail;
      case 'push': {
        if (!('subscriptionId' in payload)) throw new PermanentError(`Push job without a subscription (${payload.kind})`);
        const target = await findPushTarget(db, payload.subscriptionId);
        if (!target) throw new PermanentError('Subscription removed (logged out or unsubscribed)');
        try {
          return (await providers.push.send(target, renderPush(payload))).detail;
        } catch (err) {
          if (err instanceof SubscriptionGoneError) await deleteSubscriptionById(db, payload.subscriptionId);
          throw err;
        }
      }
      default:
        throw new PermanentError(`Unknown channel ${String(job.channel)}`);
    }
  };
}
