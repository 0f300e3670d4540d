/**
 * Ticket routes (SPEC.md 7, DESIGN.md 4):
 * - POST  /api/tickets          anonymous; ticketCreateSchema -> 201 TicketCreated with `statusUrl` (docs/status-links.md);
 *                               Idempotency-Key optional; rate limited per IP.
 * - POST  /api/tickets/staff    staff; ticketStaffCreateSchema -> 201 TicketCreated (staffCreate.ts); Idempotency-Key optional.
 * - GET   /api/tickets          staff; `?since=CURSOR[&limit][&recentDays]` -> DeltaPage<Ticket> (delta sync, paged);
 *                               without `since`: 410 `gone` naming the paged list and delta sync (the unpaged array
 *                               was removed: 589 KB per call to any staff token).
 * - GET   /api/tickets/list     staff; keyset page of the staff list (status, assignee, q filters) -> TicketListPage;
 *                               pages are reused while no ticket changed and concurrent rebuilds of one page
 *                               share one query (pageCache.ts); `Server-Timing` says `cache;desc=hit|shared|miss`;
 *                               each page's answer is serialised and brotli/gzip-compressed once.
 * - GET   /api/tickets/counts   staff; tickets per status tab (`?assignee=&q=&tag=`, as in the list) -> TicketCounts.
 * - GET   /api/tickets/export.csv staff; `?from=YYYY-MM-DD&to=YYYY-MM-DD` -> text/csv of the tickets created then (export.ts).
 * - GET   /api/tickets/:ref     staff; one ticket by id or number (`TKT-000123`) -> Ticket (with `assetIds` and `tags`, as the delta feed and PATCH).
 * - PATCH /api/tickets/:id      staff; ticketPatchSchema -> 200 TicketPatchResult; 409 TicketConflictBody; Idempotency-Key optional;
 *                               `macroId` / `timeEntry`: a macro's update (macroPatch.ts).
 * - POST  /api/tickets/:id/merge  staff; ticketMergeSchema -> 200 TicketMergeResult; 409 with the refusal's message;
 *                               Idempotency-Key optional (merge.ts, docs/merge.md).
 * - PATCH /api/tickets/:id/contact  staff; ticketContactSchema -> 200 Ticket; a changed e-mail or phone rotates the status link.
 * - GET   /api/ticket-updates   staff; work history with `updatedByName`: `?since=CURSOR[&limit][&recentDays]` ->
 *                               DeltaPage<TicketUpdateEntry> oldest change first; without `since` an array newest
 *                               first (at most `limit`, default DELTA_PAGE_DEFAULT); `?ticketId=` narrows.
 * PATCH runs in the route's transaction (http/transaction.ts) with the Idempotency-Key step; POST is
 * written by its group commit (createQueue.ts), which keeps the same Idempotency-Key guarantees for each
 * submission.
 */
import Router from '@koa/router';
import { z } from 'zod';
import {
  DELTA_PAGE_DEFAULT,
  MSG,
  TICKET_LIST_DEFAULT,
  deltaQuerySchema,
  ticketCountsQuerySchema,
  ticketExportQuerySchema,
  ticketListQuerySchema,
  ticketPatchSchema,
  ticketContactSchema,
  ticketMergeSchema,
} from '@portal/shared';
import type { DeltaPage, Ticket, TicketAssigneeFilter, TicketUpdateEntry } from '@portal/shared';
import { nextCursor } from '../../db/sync';
import { requireStaff } from '../../http/authenticate';
import { sendEncoded } from '../../http/compression';
import { ApiError, notFound } from '../../http/errors';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import { presentTicket, presentTicketUpdate } from './presenter';
import { listTicketsSince } from './feedRepository';
import { findTicketByRef } from './repository';
import { listTicketUpdates, listTicketUpdatesSince } from './historyRepository';
import { countMatchingTickets, countTickets } from './staffListRepository';
import { TicketPageCache, readTicketPage } from './pageCache';
import { patchTicketWithMacro } from './macroPatch';
import { withAssetIds } from './assetLinks';
import { withTags } from './tagLinks';
import { addStaffCreate } from './staffCreate';
import { ticketExportCsv, type VisitCounts } from './export';
import { addPublicCreate } from './publicCreate';
import { changeTicketContact } from './customerReply';
import { mergeTicket } from './merge';
import { attachmentsOfUpdates, listTicketAttachments, prepareAttachments, type AttachmentBatch } from '../attachments/port';
import { checklistsOf } from '../checklists/port';
import type { Middleware } from 'koa';

/** Work-history entries with their attachments (docs/attachments.md), one query for the page. */
async function withAttachments(db: Services['db'], entries: TicketUpdateEntry[]): Promise<TicketUpdateEntry[]> {
  const byUpdate = await attachmentsOfUpdates(db, entries.map((e) => e.id));
  return entries.map((e) => (byUpdate.has(e.id) ? { ...e, attachments: byUpdate.get(e.id)! } : e));
}

/** Tickets with their checklists (docs/recurring-tickets.md), one query for the page; tickets without items keep none. */
async function withChecklists(db: Services['db'], tickets: Ticket[]): Promise<Ticket[]> {
  const lists = await checklistsOf(db, tickets.map((t) => t.id));
  return tickets.map((t) => (lists.has(t.id) ? { ...t, checklist: lists.get(t.id)! } : t));
}

const updatesQuerySchema = deltaQuerySchema.extend({ ticketId: z.uuid('ticketId must be a ticket id').optional() });
/** `:ref` of GET /api/tickets/:ref: a ticket id or a ticket number such as TKT-000123 (any case). */
const ticketRefSchema = z.object({ ref: z.union([z.uuid(), z.string().regex(/^TKT-\d{6,}$/i)]) });

/** The `assignee` filter as a user id, null (unassigned) or undefined (everyone's). */
function resolveAssignee(assignee: TicketAssigneeFilter | undefined, callerId: string): string | null | undefined {
  if (assignee === 'mine') return callerId;
  if (assignee === 'unassigned') return null;
  return assignee;
}

/** What the ticket routes use of features that import the tickets port (handed in by app.ts). */
export interface TicketRoutePorts {
  /** Visits per ticket for the CSV export (visits port). */
  visitCounts: VisitCounts;
}

export function ticketRoutes(s: Services, ports: TicketRoutePorts): Router<AppState> {
  const router = new Router<AppState>();
  const listInput = validate({ query: deltaQuerySchema });
  const patchInput = validate({ params: idParamsSchema, body: ticketPatchSchema, notFoundMessage: MSG.ticketNotFound });
  const updatesInput = validate({ query: updatesQuerySchema });
  const pageInput = validate({ query: ticketListQuerySchema });
  const countsInput = validate({ query: ticketCountsQuerySchema });
  const refInput = validate({ params: ticketRefSchema, notFoundMessage: MSG.ticketNotFound });
  const pageCache = new TicketPageCache();
  const idempotentWrite = transaction(s, { idempotent: true });
  // PATCH's attachments are processed before its transaction opens (sharp and storage take time).
  const patchAttachments = new WeakMap<object, AttachmentBatch>();
  const preparePatchAttachments: Middleware<AppState> = async (ctx, next) => {
    const { params, body } = patchInput.get(ctx);
    const batch = await prepareAttachments(s, body.attachments, params.id);
    if (batch) patchAttachments.set(ctx, batch);
    await next();
  };
  const contactInput = validate({ params: idParamsSchema, body: ticketContactSchema, notFoundMessage: MSG.ticketNotFound });
  const links = { key: s.publicTokens, ttlDays: s.config.statusLinkTtlDays };
  // Staff create (issue 51): the public create's path with an assignee and an author (staffCreate.ts).
  addStaffCreate(router, s, links);

  // Group commit (createQueue.ts): the queue writes the create and owns its Idempotency-Key step.
  addPublicCreate(router, s, links);

  router.get('/api/tickets', requireStaff(), listInput, async (ctx) => {
    const { since, limit, recentDays } = listInput.get(ctx).query;
    if (since === undefined) {
      ctx.set('Link', '</api/tickets/list>; rel="successor-version"');
      throw new ApiError(410, 'gone', MSG.ticketListGone);
    }
    const page = await listTicketsSince(s.db, { since: Number(since), limit: limit ?? DELTA_PAGE_DEFAULT, recentDays, now: s.clock() });
    ctx.body = { items: await withTags(s.db, await withChecklists(s.db, await withAssetIds(s.db, page.rows.map(presentTicket)))), cursor: nextCursor(page.rows, since), more: page.more } satisfies DeltaPage<Ticket>;
  });

  router.get('/api/tickets/list', requireStaff(), pageInput, async (ctx) => {
    const { status, assignee, q, tag, limit, cursor } = pageInput.get(ctx).query;
    const filter = { statuses: status, assignee: resolveAssignee(assignee, ctx.state.auth!.user.id), q, tag };
    const started = performance.now();
    const { page, source } = await readTicketPage(s.db, pageCache, filter, { cursor, limit: limit ?? TICKET_LIST_DEFAULT });
    ctx.set('Server-Timing', `db;dur=${(performance.now() - started).toFixed(1)}, cache;desc=${source}`);
    // A TicketListPage, serialised and compressed once per page (pageCache.ts toCachedPage).
    await sendEncoded(ctx, page.body);
  });

  router.get('/api/tickets/counts', requireStaff(), countsInput, async (ctx) => {
    const { assignee, q, tag } = countsInput.get(ctx).query;
    const who = resolveAssignee(assignee, ctx.state.auth!.user.id);
    ctx.body = q || tag ? await countMatchingTickets(s.db, { assignee: who, q, tag }) : await countTickets(s.db, who);
  });

  const exportInput = validate({ query: ticketExportQuerySchema });
  router.get('/api/tickets/export.csv', requireStaff(), exportInput, async (ctx) => {
    const q = exportInput.get(ctx).query;
    ctx.set('Content-Disposition', `attachment; filename="tickets-${q.from}-to-${q.to}.csv"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = await ticketExportCsv(s.db, q, ports.visitCounts);
  });

  router.get('/api/tickets/:ref', requireStaff(), refInput, async (ctx) => {
    const { ref } = refInput.get(ctx).params;
    const row = await findTicketByRef(s.db, z.uuid().safeParse(ref).success ? { id: ref } : { ticketNumber: ref });
    if (!row) throw notFound(MSG.ticketNotFound);
    const [ticket] = await withTags(s.db, await withAssetIds(s.db, [presentTicket(row)]));
    const checklist = (await checklistsOf(s.db, [row.id])).get(row.id) ?? [];
    ctx.body = { ...ticket!, attachments: await listTicketAttachments(s.db, row.id), checklist };
  });

  router.patch('/api/tickets/:id', requireStaff(), patchInput, preparePatchAttachments, idempotentWrite, async (ctx) => {
    const { params, body } = patchInput.get(ctx);
    ctx.body = await patchTicketWithMacro(txOf(ctx), params.id, body, ctx.state.auth!.user, s.clock(), s.events, patchAttachments.get(ctx));
  });

  const mergeInput = validate({ params: idParamsSchema, body: ticketMergeSchema, notFoundMessage: MSG.ticketNotFound });
  router.post('/api/tickets/:id/merge', requireStaff(), mergeInput, idempotentWrite, async (ctx) => {
    const { params, body } = mergeInput.get(ctx);
    ctx.body = await mergeTicket(txOf(ctx), params.id, body, ctx.state.auth!.user, s.clock(), s.events);
  });

  router.patch('/api/tickets/:id/contact', requireStaff(), contactInput, transaction(s), async (ctx) => {
    const { params, body } = contactInput.get(ctx);
    ctx.body = presentTicket((await changeTicketContact(txOf(ctx), params.id, body, links, s.clock())).ticket);
  });

  router.get('/api/ticket-updates', requireStaff(), updatesInput, async (ctx) => {
    const { since, ticketId, limit, recentDays } = updatesInput.get(ctx).query;
    if (since === undefined) {
      ctx.body = await withAttachments(s.db, (await listTicketUpdates(s.db, { ticketId, limit: limit ?? DELTA_PAGE_DEFAULT })).map(presentTicketUpdate));
      return;
    }
    const page = await listTicketUpdatesSince(s.db, { since: Number(since), ticketId, limit: limit ?? DELTA_PAGE_DEFAULT, recentDays, now: s.clock() });
    ctx.body = {
      items: await withAttachments(s.db, page.rows.map(presentTicketUpdate)),
      cursor: nextCursor(page.rows, since),
      more: page.more,
    } satisfies DeltaPage<TicketUpdateEntry>;
  });
  return router;
}
