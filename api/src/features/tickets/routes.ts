/**
 * Ticket routes (SPEC.md 7, DESIGN.md 4):
 * - POST  /api/tickets         anonymous; ticketCreateSchema -> 201 TicketCreated; Idempotency-Key optional; rate limited per IP.
 * - GET   /api/tickets         staff; array newest first, or `?since=CURSOR` -> DeltaPage<Ticket>.
 * - PATCH /api/tickets/:id     staff; ticketPatchSchema -> 200 TicketPatchResult; 409 TicketConflictBody; Idempotency-Key optional.
 * - GET   /api/ticket-updates  staff; work history with `updatedByName`: array newest first, or
 *                              `?since=CURSOR` -> DeltaPage<TicketUpdateEntry> oldest change first; `?ticketId=` narrows.
 * Writes run in the route's transaction (http/transaction.ts) with the Idempotency-Key step.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { MSG, deltaQuerySchema, ticketCreateSchema, ticketPatchSchema } from '@portal/shared';
import type { DeltaPage, Ticket, TicketUpdateEntry } from '@portal/shared';
import { nextCursor } from '../../db/sync';
import { requireStaff } from '../../http/authenticate';
import { rateLimit } from '../../http/rate-limit';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import { presentTicket, presentTicketUpdate } from './presenter';
import { listTicketUpdates, listTickets, listTicketsSince } from './repository';
import { createTicket, patchTicket } from './service';

const updatesQuerySchema = deltaQuerySchema.extend({ ticketId: z.uuid('ticketId must be a ticket id').optional() });

export function ticketRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const createInput = validate({ body: ticketCreateSchema });
  const listInput = validate({ query: deltaQuerySchema });
  const patchInput = validate({ params: idParamsSchema, body: ticketPatchSchema, notFoundMessage: MSG.ticketNotFound });
  const updatesInput = validate({ query: updatesQuerySchema });
  const idempotentWrite = transaction(s, { idempotent: true });

  router.post('/api/tickets', rateLimit(s.limiters.ticketCreate, (ctx) => ctx.ip), createInput, idempotentWrite, async (ctx) => {
    ctx.status = 201;
    ctx.body = await createTicket(txOf(ctx), createInput.get(ctx).body, s.clock());
  });

  router.get('/api/tickets', requireStaff(), listInput, async (ctx) => {
    const { since } = listInput.get(ctx).query;
    if (since === undefined) {
      ctx.body = (await listTickets(s.db)).map(presentTicket);
      return;
    }
    const rows = await listTicketsSince(s.db, since);
    ctx.body = { items: rows.map(presentTicket), cursor: nextCursor(rows, since) } satisfies DeltaPage<Ticket>;
  });

  router.patch('/api/tickets/:id', requireStaff(), patchInput, idempotentWrite, async (ctx) => {
    const { params, body } = patchInput.get(ctx);
    const survey = { links: s.notifier.surveyLinks, ttlDays: s.config.surveyTtlDays };
    ctx.body = await patchTicket(txOf(ctx), params.id, body, ctx.state.auth!.user, s.clock(), survey);
  });

  router.get('/api/ticket-updates', requireStaff(), updatesInput, async (ctx) => {
    const { since, ticketId } = updatesInput.get(ctx).query;
    const rows = await listTicketUpdates(s.db, { since, ticketId });
    const items = rows.map(presentTicketUpdate);
    ctx.body = since === undefined ? items : ({ items, cursor: nextCursor(rows, since) } satisfies DeltaPage<TicketUpdateEntry>);
  });
  return router;
}
