/**
 * Scheduler and KPI dashboard routes (SPEC.md 2); staff only (DESIGN.md 4: technicians
 * and admins see the scheduler). All reads on `s.db`; "now" is the injected clock.
 * - GET /api/scheduler                  `schedulerQuerySchema` -> `SchedulerDashboard`
 * - GET /api/scheduler/tickets          `schedulerTicketsQuerySchema` -> `SchedulerTicketPage` (the tickets behind a count)
 * - GET /api/scheduler/technicians/:id  `schedulerDetailQuerySchema` -> `TechnicianDetail`
 * Each answer carries `Server-Timing: app;dur=<ms>`. The dashboard and a technician's detail are kept per query
 * while no write changes what they read (db/marks.ts reportingMark, at most REPORT_CACHE_MAX_AGE_MS).
 */
import { performance } from 'node:perf_hooks';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { SCHEDULER_MSG, schedulerDetailQuerySchema, schedulerQuerySchema, schedulerTicketsQuerySchema } from '@portal/shared';
import { requireStaff } from '../../http/authenticate';
import type { AppState } from '../../http/state';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import { EncodedBody, sendEncoded } from '../../http/compression';
import { reportingMark } from '../../db/marks';
import { MarkedCache, REPORT_CACHE_MAX_AGE_MS, REPORT_CACHE_MAX_ENTRIES } from '../../lib/marked-cache';
import { schedulerDashboard, schedulerTickets, technicianDetail } from './service';

/**
 * Runs the handler and reports its time as `Server-Timing: app;dur=<ms>` (the queries and the
 * assembly of the answer, not the JSON encoding; staff-only routes), read by scripts/bench/scheduler.ts.
 */
function timed(handler: Middleware<AppState>): Middleware<AppState> {
  return async (ctx, next) => {
    const start = performance.now();
    await handler(ctx, next);
    ctx.set('Server-Timing', `app;dur=${(performance.now() - start).toFixed(1)}`);
  };
}

export function schedulerRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const dashboardInput = validate({ query: schedulerQuerySchema });
  const ticketsInput = validate({ query: schedulerTicketsQuerySchema });
  const detailInput = validate({ params: idParamsSchema, query: schedulerDetailQuerySchema, notFoundMessage: SCHEDULER_MSG.technicianNotFound });
  // KPI answers kept per query while the reporting mark stands (db/marks.ts, lib/marked-cache.ts).
  const clockMs = () => s.clock().getTime();
  const dashboardCache = new MarkedCache<EncodedBody>(REPORT_CACHE_MAX_ENTRIES, REPORT_CACHE_MAX_AGE_MS, clockMs);
  const detailCache = new MarkedCache<EncodedBody>(REPORT_CACHE_MAX_ENTRIES, REPORT_CACHE_MAX_AGE_MS, clockMs);

  router.get(
    '/api/scheduler',
    requireStaff(),
    dashboardInput,
    timed(async (ctx) => {
      const query = dashboardInput.get(ctx).query;
      const build = async () => new EncodedBody(JSON.stringify(await schedulerDashboard(s.db, query, s.clock())));
      await sendEncoded(ctx, (await dashboardCache.read(JSON.stringify(query), () => reportingMark(s.db), build)).value);
    }),
  );

  router.get(
    '/api/scheduler/tickets',
    requireStaff(),
    ticketsInput,
    timed(async (ctx) => {
      ctx.body = await schedulerTickets(s.db, ticketsInput.get(ctx).query, s.clock());
    }),
  );

  router.get(
    '/api/scheduler/technicians/:id',
    requireStaff(),
    detailInput,
    timed(async (ctx) => {
      const { params, query } = detailInput.get(ctx);
      const build = async () => new EncodedBody(JSON.stringify(await technicianDetail(s.db, params.id, query, s.clock())));
      await sendEncoded(ctx, (await detailCache.read(JSON.stringify([params.id, query]), () => reportingMark(s.db), build)).value);
    }),
  );
  return router;
}
