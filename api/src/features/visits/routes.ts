/**
 * Visits routes (issue 54, docs/api.md "Visits", docs/visits.md). Staff only; `user` 403, anonymous 401.
 * - POST /api/tickets/:id/visits   visitCreateSchema -> 201 Visit; Idempotency-Key (the phone's outbox
 *                                  resends the close-out with the same key: applied once, the first
 *                                  answer replayed; the same key with another body -> 422).
 *                                  400 bad times/parts/signature, 403 a ticket assigned to another
 *                                  technician, 404 no ticket, 409 a closed ticket or a visit already corrected.
 * - GET  /api/tickets/:id/visits   -> Visit[] oldest first (404 no ticket).
 * - GET  /api/visits/:id/report.pdf -> application/pdf, the service report: the PDF attached at close-out
 *                                  (a fresh rendering for a visit without one; reportService.ts; 404 no visit).
 * - POST /api/visits/:id/resend    -> 202 { message }: the report e-mailed to the ticket's contact again
 *                                  (one more outbox job; Idempotency-Key optional: a keyed retry queues
 *                                  nothing more); 409 VISIT_MSG.noCustomerEmail, 404 no visit.
 * The checks run and the photos and signature are processed before the transaction opens (as PATCH /api/tickets/:id does).
 */
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { MSG, VISIT_MSG, visitCreateSchema } from '@portal/shared';
import { requireStaff } from '../../http/authenticate';
import { conflict, notFound } from '../../http/errors';
import type { AppState } from '../../http/state';
import { keyScopeOf, readIdempotencyKey, readStoredAnswers, transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import type { AttachmentBatch } from '../attachments/port';
import { checkCloseOut, closeOutVisit, listVisits } from './service';
import { storedVisitReport } from './reportService';
import { queueReportEmail } from './reportDelivery';
import { presentVisit } from './presenter';
import { findVisit } from './repository';

export function visitRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const createInput = validate({ params: idParamsSchema, body: visitCreateSchema, notFoundMessage: MSG.ticketNotFound });
  const idInput = validate({ params: idParamsSchema, notFoundMessage: MSG.ticketNotFound });
  const batches = new WeakMap<object, AttachmentBatch>();
  // A retried close-out whose first answer is stored skips the checks: the key step replays that
  // answer even when the ticket changed since (closed, reassigned).
  const prepare: Middleware<AppState> = async (ctx, next) => {
    const { params, body } = createInput.get(ctx);
    const key = readIdempotencyKey(ctx);
    const [stored] = key ? await readStoredAnswers(s.db, [{ key, scope: keyScopeOf(ctx, body) }]) : [null];
    if (stored && !('refused' in stored)) return next();
    const batch = await checkCloseOut(s, params.id, body, ctx.state.auth!.user);
    if (batch) batches.set(ctx, batch);
    await next();
  };

  router.post('/api/tickets/:id/visits', requireStaff(), createInput, prepare, transaction(s, { idempotent: true }), async (ctx) => {
    const { params, body } = createInput.get(ctx);
    ctx.status = 201;
    ctx.body = await closeOutVisit(txOf(ctx), s, params.id, body, ctx.state.auth!.user, s.clock(), batches.get(ctx));
  });
  router.get('/api/tickets/:id/visits', requireStaff(), idInput, async (ctx) => {
    ctx.body = await listVisits(s.db, idInput.get(ctx).params.id);
  });
  const visitInput = validate({ params: idParamsSchema, notFoundMessage: VISIT_MSG.visitNotFound });
  router.get('/api/visits/:id/report.pdf', requireStaff(), visitInput, async (ctx) => {
    const { pdf, fileName } = await storedVisitReport(s, visitInput.get(ctx).params.id);
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `inline; filename="${fileName}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = pdf;
  });
  router.post('/api/visits/:id/resend', requireStaff(), visitInput, transaction(s, { idempotent: true }), async (ctx) => {
    const tx = txOf(ctx);
    const row = await findVisit(tx, visitInput.get(ctx).params.id);
    if (!row) throw notFound(VISIT_MSG.visitNotFound);
    if (!(await queueReportEmail(tx, presentVisit(row, null), s.clock()))) throw conflict(VISIT_MSG.noCustomerEmail);
    ctx.status = 202;
    ctx.body = { message: VISIT_MSG.reportResent };
  });
  return router;
}
