/**
 * Delivery log (admin only: admins see recent deliveries and failures with reasons):
 * - GET /api/notifications/deliveries?limit=50&status= -> NotificationDelivery[] newest first
 *   (deliveriesQuerySchema: limit 1-200, default 50; status pending | sending | sent | failed).
 * - POST /api/notifications/deliveries/:id/retry -> NotificationDelivery: a `failed` job goes back
 *   to `pending` with a fresh attempt budget and is sent at once (after an outage longer than the
 *   backoff, nothing is lost); 404 when unknown, 409 when the job is not failed.
 */
import Router from '@koa/router';
import { deliveriesQuerySchema, type NotificationDelivery } from '@portal/shared';
import { requireAdmin } from '../../http/authenticate';
import { conflict, notFound } from '../../http/errors';
import type { AppState } from '../../http/state';
import { idParamsSchema, validate } from '../../http/validate';
import { jobExists, listDeliveries, requeueFailedJob, toDelivery } from '../../notify';
import type { Services } from '../../services';

export function notificationRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const listInput = validate({ query: deliveriesQuerySchema });
  const retryInput = validate({ params: idParamsSchema, notFoundMessage: 'Delivery not found' });

  router.get('/api/notifications/deliveries', requireAdmin(), listInput, async (ctx) => {
    const { limit, status } = listInput.get(ctx).query;
    ctx.body = (await listDeliveries(s.db, { limit, status })).map(toDelivery) satisfies NotificationDelivery[];
  });

  router.post('/api/notifications/deliveries/:id/retry', requireAdmin(), retryInput, async (ctx) => {
    const { id } = retryInput.get(ctx).params;
    const row = await requeueFailedJob(s.db, id, s.clock());
    if (!row) {
      if (!(await jobExists(s.db, id))) throw notFound('Delivery not found');
      throw conflict('Only failed deliveries can be retried');
    }
    ctx.body = toDelivery(row) satisfies NotificationDelivery;
  });

  return router;
}
