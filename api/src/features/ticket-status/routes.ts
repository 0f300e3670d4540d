/**
 * Status link routes (docs/status-links.md, DESIGN.md 7 "Public tokens"):
 * - GET    /api/ticket-status/:token          anonymous; -> TicketStatusView; unknown, expired, revoked,
 *                                             rotated or malformed tokens -> the same 404 STATUS_TEXT.invalidLink.
 * - GET    /api/ticket-status/:token/attachments/:attachmentId[?thumb=1]  anonymous; a file the customer may see
 *                                             (theirs, a staff reply's; never an internal note's) with Content-Disposition,
 *                                             nosniff and a sandbox CSP; anything else -> the same 404 STATUS_TEXT.invalidLink.
 * - GET    /api/ticket-status/:token/visits/:visitId/report.pdf  anonymous; the service report of a visit of
 *                                             this ticket that is not superseded (the view's `reports`, visits port),
 *                                             as an attachment download; anything else -> the same 404 STATUS_TEXT.invalidLink.
 * - POST   /api/ticket-status/:token/replies  anonymous; statusReplySchema -> 201 StatusReplyResult; a work-history
 *                                             entry of type customer_reply, reopens Resolved; Closed -> 409
 *                                             STATUS_TEXT.closedSubmitNew; Idempotency-Key optional (the page's outbox sends one);
 *                                             at most `statusReplyTicket` (10) per ticket per hour, else 429 REPLY_CAP_MESSAGE.
 * - POST   /api/ticket-status/lookup          anonymous; statusLookupSchema -> 200 { message: LOOKUP_TEXT.answer }
 *                                             always; rate limited per IP and per ticket number.
 * - POST   /api/tickets/:id/status-link       staff; resend: a live link is kept, a missing or expired one issued
 *                                             -> 202 { expiresAt }; rate limited per ticket.
 * - DELETE /api/tickets/:id/status-link       staff; revoke -> 204 (the link stops working).
 * - POST   /api/tickets/:id/customer-reply-seen  staff; clears 'Customer replied' -> 200 Ticket.
 * The public routes are rate limited per IP (`status`); every /api/ticket-status answer carries
 * no-referrer, no-store and noindex (http/security.ts tokenPageHeaders).
 */
import Router from '@koa/router';
import {
  MSG,
  LOOKUP_TEXT,
  STATUS_TEXT,
  attachmentQuerySchema,
  statusAttachmentParamsSchema,
  statusReportParamsSchema,
  statusLookupSchema,
  statusReplySchema,
  statusTokenParamsSchema,
} from '@portal/shared';
import type { StatusLookupAnswer, StatusReplyResult } from '@portal/shared';
import { requireStaff } from '../../http/authenticate';
import { ApiError, RateLimitedError, notFound } from '../../http/errors';
import { consumeOrThrow, rateLimit } from '../../http/rate-limit';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import {
  addCustomerReply,
  findTicketByRef,
  findTicketByStatusToken,
  linkForContact,
  liveStatusLink,
  markCustomerReplySeen,
  newStatusLink,
  presentTicket,
  revokeStatusLink,
  storeStatusLink,
} from '../tickets/port';
import { customerFiles, sendCustomerFile } from './files';
import { presentStatusView } from './presenter';
import { resolverOf, usernameOf, visibleHistory } from './repository';
import { openSurveyLink } from '../surveys/port';
import { customerVisitReport, statusReportsOf } from '../visits/port';
import { queueStatusLinkMessage, trySpend } from './sending';

/** 429 message of a ticket over its status-page reply cap (`statusReplyTicket`, issue 55). */
export const REPLY_CAP_MESSAGE = 'This ticket has received many replies in the last hour. Please wait before sending another, or call us.';

/** Takes one point of the ticket's reply cap. @throws 429 REPLY_CAP_MESSAGE with Retry-After. */
async function spendReplyPoint(ctx: { set(name: string, value: string): void }, s: Services, ticketId: string): Promise<void> {
  try {
    await consumeOrThrow(s.limiters.statusReplyTicket, ticketId);
  } catch (err) {
    if (!(err instanceof RateLimitedError)) throw err;
    ctx.set('Retry-After', String(err.retryAfterSec));
    throw new ApiError(429, 'rate_limited', REPLY_CAP_MESSAGE);
  }
}

export function ticketStatusRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const links = { key: s.publicTokens, ttlDays: s.config.statusLinkTtlDays };
  const limited = rateLimit(s.limiters.status, (ctx) => ctx.ip);
  const viewInput = validate({ params: statusTokenParamsSchema, notFoundMessage: STATUS_TEXT.invalidLink });
  const replyInput = validate({ params: statusTokenParamsSchema, body: statusReplySchema, notFoundMessage: STATUS_TEXT.invalidLink });
  const lookupInput = validate({ body: statusLookupSchema });
  const fileInput = validate({ params: statusAttachmentParamsSchema, query: attachmentQuerySchema, notFoundMessage: STATUS_TEXT.invalidLink });
  const staffInput = validate({ params: idParamsSchema, notFoundMessage: MSG.ticketNotFound });
  const reportInput = validate({ params: statusReportParamsSchema, notFoundMessage: STATUS_TEXT.invalidLink });
  const invalid = () => notFound(STATUS_TEXT.invalidLink);

  // Before `/:token` so 'lookup' is never taken for a token (it could not be one anyway: 6 characters).
  router.post('/api/ticket-status/lookup', lookupInput, async (ctx) => {
    const { ticketNumber, contact } = lookupInput.get(ctx).body;
    const ticketKey = ticketNumber.toUpperCase();
    await consumeOrThrow(s.limiters.statusLookupIp, ctx.ip);
    await consumeOrThrow(s.limiters.statusLookupTicket, ticketKey);
    // The same work whether or not the pair matches: one statement, one send-limit spend and one
    // queueing statement (writing no job for no match), so neither the answer nor its time tells.
    const now = s.clock();
    await s.db.transaction(async (raw) => {
      const tx = raw as unknown as typeof s.db;
      const fresh = newStatusLink(links, now);
      const found = await linkForContact(tx, { ticketNumber, contact, fresh, now });
      const allowed = await trySpend(s.limiters.statusLinkSend, ticketKey);
      await queueStatusLinkMessage(tx, allowed && found ? { ticket: found.ticket, nonce: found.nonce } : null, now);
    });
    ctx.body = { message: LOOKUP_TEXT.answer } satisfies StatusLookupAnswer;
  });

  router.get('/api/ticket-status/:token', limited, viewInput, async (ctx) => {
    const ticket = await findTicketByStatusToken(s.db, viewInput.get(ctx).params.token, s.clock());
    if (!ticket) throw invalid();
    const done = ticket.status === 'resolved' || ticket.status === 'closed';
    const [history, assignee, resolver, survey, reports] = await Promise.all([
      visibleHistory(s.db, ticket.id),
      usernameOf(s.db, ticket.assignedTo),
      done && !ticket.assignedTo ? resolverOf(s.db, ticket.id) : null,
      openSurveyLink(s.db, s.config, ticket, s.clock()),
      statusReportsOf(s.db, ticket.id),
    ]);
    const files = await customerFiles(s.db, ticket.id, history.map((u) => u.id));
    ctx.body = { ...presentStatusView(ticket, history, assignee ?? resolver, s.config.supportPhone, files, survey), reports };
  });

  router.get('/api/ticket-status/:token/attachments/:attachmentId', limited, fileInput, async (ctx) => {
    const { params, query } = fileInput.get(ctx);
    const ticket = await findTicketByStatusToken(s.db, params.token, s.clock());
    if (!ticket || !(await sendCustomerFile(ctx, s, ticket.id, params.attachmentId, query.thumb === '1'))) throw invalid();
  });

  router.get('/api/ticket-status/:token/visits/:visitId/report.pdf', limited, reportInput, async (ctx) => {
    const { token, visitId } = reportInput.get(ctx).params;
    const ticket = await findTicketByStatusToken(s.db, token, s.clock());
    const report = ticket && (await customerVisitReport(s, ticket.id, visitId));
    if (!report) throw invalid();
    ctx.type = 'application/pdf';
    ctx.attachment(report.fileName);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = report.pdf;
  });

  router.post('/api/ticket-status/:token/replies', limited, replyInput, transaction(s, { idempotent: true }), async (ctx) => {
    const { params, body } = replyInput.get(ctx);
    const tx = txOf(ctx);
    const now = s.clock();
    const ticket = await findTicketByStatusToken(tx, params.token, now);
    if (!ticket) throw invalid();
    await spendReplyPoint(ctx, s, ticket.id);
    const { ticket: after, entries } = await addCustomerReply(tx, s.events, ticket.id, body.comment, now);
    ctx.status = 201;
    ctx.body = { id: entries[0]!.id, ticketNumber: after.ticketNumber, status: after.status, createdAt: now.toISOString() } satisfies StatusReplyResult;
  });

  router.post('/api/tickets/:id/status-link', requireStaff(), staffInput, transaction(s), async (ctx) => {
    const { id } = staffInput.get(ctx).params;
    const tx = txOf(ctx);
    const now = s.clock();
    const ticket = await findTicketByRef(tx, { id });
    if (!ticket) throw notFound(MSG.ticketNotFound);
    await consumeOrThrow(s.limiters.statusLinkSend, ticket.ticketNumber);
    let link = await liveStatusLink(tx, id, now);
    if (!link) {
      link = newStatusLink(links, now);
      await storeStatusLink(tx, id, link, now);
    }
    await queueStatusLinkMessage(tx, { ticket, nonce: link.nonce }, now);
    ctx.status = 202;
    ctx.body = { expiresAt: link.expiresAt.toISOString() };
  });

  router.delete('/api/tickets/:id/status-link', requireStaff(), staffInput, transaction(s), async (ctx) => {
    await revokeStatusLink(txOf(ctx), staffInput.get(ctx).params.id);
    ctx.status = 204;
  });

  router.post('/api/tickets/:id/customer-reply-seen', requireStaff(), staffInput, transaction(s), async (ctx) => {
    ctx.body = presentTicket(await markCustomerReplySeen(txOf(ctx), staffInput.get(ctx).params.id, s.clock()));
  });
  return router;
}
