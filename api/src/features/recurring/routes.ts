/**
 * Recurring ticket routes (issue 52 item 7; docs/api.md "Recurring tickets"). Staff read; admins
 * write. Writes run in the route's transaction and accept an Idempotency-Key.
 * - GET    /api/recurring-tickets                      -> RecurringSchedule[] (next occurrence, last ticket, paused)
 * - POST   /api/recurring-tickets                      admin; recurringCreateSchema -> 201 RecurringSchedule
 * - GET    /api/recurring-tickets/:id                  -> RecurringScheduleDetail (history newest first)
 * - PATCH  /api/recurring-tickets/:id                  admin; recurringPatchSchema (`paused`: pause/resume) -> RecurringSchedule
 * - DELETE /api/recurring-tickets/:id                  admin; 204 (its tickets stay)
 * - GET    /api/recurring-tickets/:id/occurrences      `?count=1..50` (5) -> OccurrencePreview[] in the schedule's zone
 * - POST   /api/recurring-tickets/:id/run-now          admin; opens the next occurrence now, once -> 201 RecurringScheduleDetail; 409 when already opened
 */
import Router from '@koa/router';
import { eq } from 'drizzle-orm';
import { RECURRING_MSG, nextOccurrences, occurrenceQuerySchema, recurringCreateSchema, recurringPatchSchema } from '@portal/shared';
import { recurringSchedules } from '../../db/schema';
import { requireAdmin, requireStaff } from '../../http/authenticate';
import { conflict, notFound } from '../../http/errors';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import { recordedDates } from './repository';
import { createSchedule, deleteSchedule, getSchedule, listSchedules, patchSchedule, previewSchedule } from './service';
import { openDue } from './sweep';

export function recurringRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const write = transaction(s, { idempotent: true });
  const idInput = validate({ params: idParamsSchema, notFoundMessage: RECURRING_MSG.notFound });
  const createInput = validate({ body: recurringCreateSchema });
  const patchInput = validate({ params: idParamsSchema, body: recurringPatchSchema, notFoundMessage: RECURRING_MSG.notFound });
  const previewInput = validate({ params: idParamsSchema, query: occurrenceQuerySchema, notFoundMessage: RECURRING_MSG.notFound });
  const deps = { events: s.events, fallbackEmail: s.config.supportEmail };

  router.get('/api/recurring-tickets', requireStaff(), async (ctx) => {
    ctx.body = await listSchedules(s.db, s.clock());
  });
  router.post('/api/recurring-tickets', requireAdmin(), createInput, write, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createSchedule(txOf(ctx), createInput.get(ctx).body, ctx.state.auth!.user.id, s.clock());
  });
  router.get('/api/recurring-tickets/:id', requireStaff(), idInput, async (ctx) => {
    ctx.body = await getSchedule(s.db, idInput.get(ctx).params.id, s.clock());
  });
  router.patch('/api/recurring-tickets/:id', requireAdmin(), patchInput, write, async (ctx) => {
    const { params, body } = patchInput.get(ctx);
    ctx.body = await patchSchedule(txOf(ctx), params.id, body, s.clock());
  });
  router.delete('/api/recurring-tickets/:id', requireAdmin(), idInput, transaction(s), async (ctx) => {
    await deleteSchedule(txOf(ctx), idInput.get(ctx).params.id);
    ctx.status = 204;
  });
  router.get('/api/recurring-tickets/:id/occurrences', requireStaff(), previewInput, async (ctx) => {
    const { params, query } = previewInput.get(ctx);
    ctx.body = await previewSchedule(s.db, params.id, query.count, s.clock());
  });
  router.post('/api/recurring-tickets/:id/run-now', requireAdmin(), idInput, write, async (ctx) => {
    const tx = txOf(ctx);
    const id = idInput.get(ctx).params.id;
    const now = s.clock();
    const [row] = await tx.select().from(recurringSchedules).where(eq(recurringSchedules.id, id)).for('update');
    if (!row) throw notFound(RECURRING_MSG.notFound);
    const [next] = nextOccurrences(row.recurrence, row.timeZone, now.getTime(), 1);
    if (!next || (await recordedDates(tx, id, [next.date])).size > 0) throw conflict(RECURRING_MSG.alreadyOpened);
    await openDue(tx, deps, row, now, [next]);
    ctx.status = 201;
    ctx.body = await getSchedule(tx, id, now);
  });
  return router;
}
