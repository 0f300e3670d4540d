/**
 * GET /api/ticket-updates (staff; SPEC.md 7, DESIGN.md 4): work history with `updatedByName`.
 * Without `since`: array newest first. With `?since=CURSOR`: DeltaPage<TicketUpdateEntry>, oldest
 * change first. `?ticketId=` narrows to one ticket.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { deltaQuerySchema } from '@portal/shared';
import type { DeltaPage, TicketUpdateEntry } from '@portal/shared';
import { nextCursor } from '../../db/sync';
import { requireStaff } from '../../http/authenticate';
import type { AppState } from '../../http/state';
import { validate } from '../../http/validate';
import type { Services } from '../../services';
import { listTicketUpdates, toUpdateEntry } from '../tickets/repository';

const querySchema = deltaQuerySchema.extend({ ticketId: z.uuid('ticketId must be a ticket id').optional() });

export function ticketUpdateRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const input = validate({ query: querySchema });
  router.get('/api/ticket-updates', requireStaff(), input, async (ctx) => {
    const { since, ticketId } = input.get(ctx).query;
    const rows = await listTicketUpdates(s.db, { since, ticketId });
    const items = rows.map(toUpdateEntry);
    ctx.body = since === undefined ? items : ({ items, cursor: nextCursor(rows, since) } satisfies DeltaPage<TicketUpdateEntry>);
  });
  return router;
}
