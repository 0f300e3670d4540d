/** GET /api/technicians (staff; SPEC.md 3 / 6): `[{ id, username }]` of technicians and admins, by username. */
import Router from '@koa/router';
import type { Technician } from '@portal/shared';
import { requireStaff } from '../../http/authenticate';
import type { AppState } from '../../http/state';
import type { Services } from '../../services';
import { listAssignableUsers } from '../users/repository';

export function technicianRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/api/technicians', requireStaff(), async (ctx) => {
    ctx.body = (await listAssignableUsers(s.db)) satisfies Technician[];
  });
  return router;
}
