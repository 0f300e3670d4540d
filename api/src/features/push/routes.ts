/**
 * Web push subscriptions (technician or admin, DESIGN.md 4 "push subscription"):
 * - GET    /api/push/public-key     -> { publicKey } (VAPID application server key, base64url).
 * - POST   /api/push/subscriptions  pushSubscriptionSchema (PushSubscription.toJSON()) -> 201 { endpoint };
 *          upsert by endpoint, owned by the current user and linked to the current session (device),
 *          so logout removes it. Endpoints must be https (push services are; no requests to plain http)
 *          and resolve to public addresses only, unless PUSH_ALLOW_HOSTS lists the host (the
 *          server must not be made to connect to internal addresses). At most PUSH_MAX_PER_SESSION per
 *          session and PUSH_MAX_PER_USER per user are kept: the least recently subscribed go first.
 * - DELETE /api/push/subscriptions  { endpoint } -> 204; only the caller's own subscription is removed.
 */
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { MSG, pushSubscriptionSchema, pushUnsubscribeSchema } from '@portal/shared';
import type { PushPublicKey } from '@portal/shared';
import { requireStaff } from '../../http/authenticate';
import { badRequest } from '../../http/errors';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { validate } from '../../http/validate';
import { checkPushEndpoint } from '../../notify';
import type { Services } from '../../services';
import { deleteOwnSubscription, trimSubscriptions, upsertSubscription } from './repository';

export function pushRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const subscribeInput = validate({ body: pushSubscriptionSchema });
  const unsubscribeInput = validate({ body: pushUnsubscribeSchema });

  router.get('/api/push/public-key', requireStaff(), async (ctx) => {
    ctx.body = { publicKey: await s.notifier.providers.push.publicKey() } satisfies PushPublicKey;
  });

  /** The endpoint rules, checked (with DNS) before the transaction opens. */
  const publicEndpoint: Middleware<AppState> = async (ctx, next) => {
    const { endpoint } = subscribeInput.get(ctx).body;
    if (new URL(endpoint).protocol !== 'https:') throw badRequest(MSG.pushEndpointInsecure, { endpoint: [MSG.pushEndpointInsecure] });
    const refused = await checkPushEndpoint(endpoint, { allowHosts: s.config.pushAllowHosts });
    if (refused) {
      s.logger.warn('push endpoint refused', { requestId: ctx.state.requestId, reason: refused });
      throw badRequest(MSG.pushEndpointPrivate, { endpoint: [MSG.pushEndpointPrivate] });
    }
    await next();
  };

  router.post('/api/push/subscriptions', requireStaff(), subscribeInput, publicEndpoint, transaction(s), async (ctx) => {
    const body = subscribeInput.get(ctx).body;
    const tx = txOf(ctx);
    const { user, sessionId } = ctx.state.auth!;
    const owner = { userId: user.id, sessionId, userAgent: ctx.get('User-Agent') || null };
    const row = await upsertSubscription(tx, body, owner, s.clock());
    await trimSubscriptions(tx, owner, { maxPerUser: s.config.pushMaxPerUser, maxPerSession: s.config.pushMaxPerSession }, row.id);
    ctx.status = 201;
    ctx.body = { endpoint: row.endpoint };
  });

  router.delete('/api/push/subscriptions', requireStaff(), unsubscribeInput, async (ctx) => {
    await deleteOwnSubscription(s.db, unsubscribeInput.get(ctx).body.endpoint, ctx.state.auth!.user.id);
    ctx.status = 204;
  });

  return router;
}
