/**
 * Inbound mail admin routes (admin only; docs/inbound-mail.md "Admin screen", docs/api.md):
 * - GET    /api/settings/inbound-mail                      -> InboundMailStatus (this process's view).
 * - POST   /api/settings/inbound-mail/test                 {} -> InboundActionResult (connects, opens the mailbox, logs out).
 * - GET    /api/settings/inbound-mail/failures             -> { failures: InboundFailure[] } newest first (200 at most).
 * - POST   /api/settings/inbound-mail/failures/:id/retry   -> InboundActionResult: imports the kept message again
 *          and removes the row (a new failure row holds the new reason); 400 validation_failed when the raw message
 *          was not kept (over the size limit: it stays in the mailbox); 404 when no such row.
 * - DELETE /api/settings/inbound-mail/failures/:id         -> 204; 404 when no such row.
 */
import Router from '@koa/router';
import { inboundFailureParamsSchema, type InboundActionResult, type InboundFailure, type InboundMailStatus } from '@portal/shared';
import { requireAdmin } from '../../http/authenticate';
import { badRequest, notFound } from '../../http/errors';
import type { AppState } from '../../http/state';
import { validate } from '../../http/validate';
import type { Services } from '../../services';
import { importMessage } from './importer';
import { deleteFailure, findFailure, listFailures } from './repository';

const FAILURE_NOT_FOUND = 'Message not found';
const NOT_KEPT = 'This message was not kept (over the size limit); it stays in the mailbox.';

function describeOutcome(o: Awaited<ReturnType<typeof importMessage>>): InboundActionResult {
  switch (o.kind) {
    case 'ticket':
      return { ok: true, message: `Imported as ticket ${o.ticketNumber}.` };
    case 'reply':
      return { ok: true, message: 'Imported as a customer reply.' };
    case 'duplicate':
      return { ok: true, message: 'This message was already imported.' };
    case 'ignored':
      return { ok: true, message: `Ignored: ${o.reason}.` };
    case 'failed':
      return { ok: false, message: `Could not import: ${o.reason}` };
  }
}

export function inboundRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const idInput = validate({ params: inboundFailureParamsSchema, notFoundMessage: FAILURE_NOT_FOUND });

  router.get('/api/settings/inbound-mail', requireAdmin(), (ctx) => {
    ctx.body = s.inbound.status() satisfies InboundMailStatus;
  });

  router.post('/api/settings/inbound-mail/test', requireAdmin(), async (ctx) => {
    ctx.body = (await s.inbound.test()) satisfies InboundActionResult;
  });

  router.get('/api/settings/inbound-mail/failures', requireAdmin(), async (ctx) => {
    const rows = await listFailures(s.db);
    const failures: InboundFailure[] = rows.map((r) => ({ ...r, retryable: Boolean(r.retryable), createdAt: r.createdAt.toISOString() }));
    ctx.body = { failures };
  });

  router.post('/api/settings/inbound-mail/failures/:id/retry', requireAdmin(), idInput, async (ctx) => {
    const row = await findFailure(s.db, idInput.get(ctx).params.id);
    if (!row) throw notFound(FAILURE_NOT_FOUND);
    if (!row.rawBase64) throw badRequest(NOT_KEPT);
    const statusLinks = { key: s.publicTokens, ttlDays: s.config.statusLinkTtlDays };
    const outcome = await importMessage(s.db, Buffer.from(row.rawBase64, 'base64'), { ...s.config.inbound.rules, events: s.events, statusLinks }, s.clock());
    await deleteFailure(s.db, row.id);
    ctx.body = describeOutcome(outcome) satisfies InboundActionResult;
  });

  router.delete('/api/settings/inbound-mail/failures/:id', requireAdmin(), idInput, async (ctx) => {
    if (!(await deleteFailure(s.db, idInput.get(ctx).params.id))) throw notFound(FAILURE_NOT_FOUND);
    ctx.status = 204;
  });

  return router;
}
