/**
 * Delivery log (admin only; issue 4 "admins can see recent deliveries and failures with reasons"):
 * - GET /api/notifications/deliveries?limit=50&status= -> NotificationDelivery[] newest first
 *   (deliveriesQuerySchema: limit 1-200, default 50; status pending | sending | sent | failed).
 */
import Router from '@koa/router';
import { deliveriesQuerySchema, type NotificationDelivery } from '@portal/shared';
import { requireAdmin } from '../../http/authenticate';
import type { AppState } from '../../http/state';
import { validate } from '../../http/validate';
import { listDeliveries, toDelivery } from '../../notify/jobs';
import type { Services } from '../../services';

export function notificationRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const listInput = validate({ query: deliveriesQuerySchema });

  router.get('/api/notifications/deliveries', requireAdmin(), listInput, async (ctx) => {
    const { limit, status } = listInput.get(ctx).query;
    ctx.body = (await listDeliveries(s.db, { limit, status })).map(toDelivery) satisfies NotificationDelivery[];
  });

  return router;
}
