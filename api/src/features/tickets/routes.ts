/**
 * Ticket routes (SPEC.md 7, DESIGN.md 4):
 * - POST  /api/tickets      anonymous; ticketCreateSchema -> 201 TicketCreated; Idempotency-Key optional; rate limited per IP.
 * - GET   /api/tickets      staff; array newest first, or `?since=CURSOR` -> DeltaPage<Ticket>.
 * - PATCH /api/tickets/:id  staff; ticketPatchSchema -> 200 TicketPatchResult; 409 TicketConflictBody; Idempotency-Key optional.
 */
import Router from '@koa/router';
import { MSG, deltaQuerySchema, ticketCreateSchema, ticketPatchSchema } from '@portal/shared';
import type { DeltaPage, Ticket } from '@portal/shared';
import { nextCursor } from '../../db/sync';
import { requireStaff } from '../../http/authenticate';
import { readIdempotencyKey, requestFingerprint, runIdempotent, sendResult } from '../../http/idempotency';
import { rateLimit } from '../../http/rate-limit';
import type { AppState } from '../../http/state';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import { listTickets, listTicketsSince, toTicket } from './repository';
import { createTicket, patchTicket } from './service';

export function ticketRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const createInput = validate({ body: ticketCreateSchema });
  const listInput = validate({ query: deltaQuerySchema });
  const patchInput = validate({ params: idParamsSchema, body: ticketPatchSchema, notFoundMessage: MSG.ticketNotFound });

  router.post('/api/tickets', rateLimit(s.limiters.ticketCreate, (ctx) => ctx.ip), createInput, async (ctx) => {
    const { body } = createInput.get(ctx);
    const key = readIdempotencyKey(ctx);
    const now = s.clock();
    const scope = { userId: null, fingerprint: requestFingerprint('POST', '/api/tickets', body), now };
    const result = await runIdempotent(s.db, key, scope, async (tx) => ({ status: 201, body: await createTicket(tx, body, now) }));
    sendResult(ctx, result);
  });

  router.get('/api/tickets', requireStaff(), listInput, async (ctx) => {
    const { since } = listInput.get(ctx).query;
    if (since === undefined) {
      ctx.body = (await listTickets(s.db)).map(toTicket);
      return;
    }
    const rows = await listTicketsSince(s.db, since);
    ctx.body = { items: rows.map(toTicket), cursor: nextCursor(rows, since) } satisfies DeltaPage<Ticket>;
  });

  router.patch('/api/tickets/:id', requireStaff(), patchInput, async (ctx) => {
    const { params, body } = patchInput.get(ctx);
    const actor = ctx.state.auth!.user;
    const key = readIdempotencyKey(ctx);
    const now = s.clock();
    const scope = { userId: actor.id, fingerprint: requestFingerprint('PATCH', `/api/tickets/${params.id}`, body), now };
    const result = await runIdempotent(s.db, key, scope, async (tx) => ({
      status: 200,
      body: await patchTicket(tx, params.id, body, actor, now, { links: s.notifier.surveyLinks, ttlDays: s.config.surveyTtlDays }),
    }));
    sendResult(ctx, result);
  });

  return router;
}
