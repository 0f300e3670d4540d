/** GET /api/health (public): `{ status: 'ok' }` once the database answers; used by probes and e2e. */
import Router from '@koa/router';
import { sql } from 'drizzle-orm';
import type { AppState } from '../../http/state';
import type { Services } from '../../services';

export function healthRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/api/health', async (ctx) => {
    await s.db.execute(sql`select 1`);
    ctx.body = { status: 'ok' };
  });
  return router;
}
