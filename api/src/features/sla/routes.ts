/**
 * SLA policy and time tracking routes (docs/sla.md):
 * - GET  /api/sla-policy                 staff; -> SlaPolicy (the default until an admin saves one; the
 *                                        phone caches it for its offline clock).
 * - PUT  /api/sla-policy                 admin; slaPolicySchema -> 200 SlaPolicy. Applies to tickets
 *                                        created (or resumed from a pause) afterwards.
 * - POST /api/tickets/:id/time-entries   staff; timeEntryCreateSchema -> 201 TimeEntry; Idempotency-Key;
 *                                        400 when the person's minutes of the UTC day (all tickets) would pass 1440
 *                                        optional (an entry queued offline is recorded once); 404 unknown ticket.
 * - GET  /api/tickets/:id/time-entries   staff; -> TicketTime (entries newest first, totals).
 * - GET  /api/time-report?from&to[&clientId][&tag][&format=csv]  staff; -> TimeReport grouped by client (and byTag)
 *                                        (client objects named through the clients port), or text/csv.
 *                                        With `visits`: on-site visits, their durations and parts per
 *                                        client (the visits port's `visitFigures`, handed in by app.ts).
 * - GET  /api/sla-compliance?from&to[&clientId]  staff; -> SlaCompliance (tickets created in the range),
 *                                        also per client object (issue 50 item 7).
 */
import Router from '@koa/router';
import { MSG, slaComplianceQuerySchema, slaPolicySchema, timeEntryCreateSchema, timeReportQuerySchema } from '@portal/shared';
import type { SlaCompliance, SlaPolicy, TicketTime, TimeEntry, VisitFiguresRow } from '@portal/shared';
import type { Database } from '../../db/client';
import { slaCompliance, slaComplianceByClient } from './complianceRepository';
import { clientNamesOf } from '../clients/port';
import { usernames } from './timeEntriesRepository';
import { requireAdmin, requireStaff } from '../../http/authenticate';
import { badRequest, notFound } from '../../http/errors';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import { readSlaPolicy, saveSlaPolicy } from './policy';
import { presentTimeEntry, presentTimeReport, timeReportCsv } from './presenter';
import { timeByTag } from './tagReport';
import { DAY_MINUTES, insertTimeEntry, minutesRecordedToday, nameReportRows, ticketExists, ticketTime, timeReport } from './timeEntriesRepository';
import { event } from '../../events';
import { actorOf } from '../../http/actor';

const DAY_MS = 86_400_000;


/** The refusal of an entry beyond a person's day (issue 55 defect 12). */
const dayFullMessage = (left: number) => `A day has 1440 minutes: you can record at most ${Math.max(0, left)} more today.`;

/** What the sla routes use of features that import the sla port (handed in by app.ts). */
export interface SlaPorts {
  /** Visits per client in [from, to) (visits port). */
  visitFigures: (db: Database, from: Date, to: Date, clientId?: string) => Promise<VisitFiguresRow[]>;
}

export function slaRoutes(s: Services, ports: SlaPorts): Router<AppState> {
  const router = new Router<AppState>();
  const policyInput = validate({ body: slaPolicySchema });
  const entryInput = validate({ params: idParamsSchema, body: timeEntryCreateSchema, notFoundMessage: MSG.ticketNotFound });
  const ticketInput = validate({ params: idParamsSchema, notFoundMessage: MSG.ticketNotFound });
  const reportInput = validate({ query: timeReportQuerySchema });
  const complianceInput = validate({ query: slaComplianceQuerySchema });

  router.get('/api/sla-policy', requireStaff(), async (ctx) => {
    ctx.body = (await readSlaPolicy(s.db)) satisfies SlaPolicy;
  });

  router.put('/api/sla-policy', requireAdmin(), policyInput, transaction(s), async (ctx) => {
    const policy = await saveSlaPolicy(txOf(ctx), policyInput.get(ctx).body, s.clock());
    await s.events.emit(txOf(ctx), [event('settings.changed', { area: 'sla_policy', key: null, action: 'set' }, s.clock(), actorOf(ctx))]);
    ctx.body = policy satisfies SlaPolicy;
  });

  router.post('/api/tickets/:id/time-entries', requireStaff(), entryInput, transaction(s, { idempotent: true }), async (ctx) => {
    const { params, body } = entryInput.get(ctx);
    const tx = txOf(ctx);
    if (!(await ticketExists(tx, params.id))) throw notFound(MSG.ticketNotFound);
    const left = DAY_MINUTES - (await minutesRecordedToday(tx, ctx.state.auth!.user.id, s.clock()));
    if (body.minutes > left) throw badRequest(dayFullMessage(left), { minutes: [dayFullMessage(left)] });
    ctx.status = 201;
    ctx.body = presentTimeEntry(await insertTimeEntry(tx, params.id, ctx.state.auth!.user, body, s.clock())) satisfies TimeEntry;
  });

  router.get('/api/tickets/:id/time-entries', requireStaff(), ticketInput, async (ctx) => {
    const { id } = ticketInput.get(ctx).params;
    if (!(await ticketExists(s.db, id))) throw notFound(MSG.ticketNotFound);
    const time = await ticketTime(s.db, id);
    ctx.body = { entries: time.rows.map(presentTimeEntry), totalMinutes: time.total, billableMinutes: time.billable } satisfies TicketTime;
  });

  router.get('/api/time-report', requireStaff(), reportInput, async (ctx) => {
    const { from, to, format, clientId, tag } = reportInput.get(ctx).query;
    const range = [new Date(`${from}T00:00:00Z`), new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS)] as const;
    // Visits are not split by tag (the visits port has no tag filter): with `tag` they are left out.
    const [raw, visitRows, byTag] = await Promise.all([
      timeReport(s.db, ...range, clientId, tag),
      tag ? Promise.resolve([]) : ports.visitFigures(s.db, ...range, clientId),
      timeByTag(s.db, ...range, clientId, tag),
    ]);
    const names = await clientNamesOf(s.db, [...raw, ...visitRows].flatMap((r) => (r.clientId ? [r.clientId] : [])));
    const rows = nameReportRows(raw, names);
    const visits = visitRows
      .map((r) => (r.clientId ? { ...r, client: names.get(r.clientId) ?? r.client } : r))
      .sort((a, b) => a.client.localeCompare(b.client) || (a.clientId ?? '').localeCompare(b.clientId ?? ''));
    const report = presentTimeReport(from, to, rows, visits, byTag, tag ?? null);
    if (format === 'csv') {
      ctx.type = 'text/csv; charset=utf-8';
      ctx.set('Content-Disposition', `attachment; filename="time-report-${from}-to-${to}.csv"`);
      ctx.body = timeReportCsv(report);
      return;
    }
    ctx.body = report;
  });

  router.get('/api/sla-compliance', requireStaff(), complianceInput, async (ctx) => {
    const { from, to, clientId } = complianceInput.get(ctx).query;
    const range = [new Date(`${from}T00:00:00Z`), new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS), s.clock(), clientId] as const;
    const [rows, byClient] = await Promise.all([slaCompliance(s.db, ...range), slaComplianceByClient(s.db, ...range)]);
    const [names, clientNames] = await Promise.all([usernames(s.db, rows.map((r) => r.technicianId)), clientNamesOf(s.db, byClient.map((r) => r.clientId))]);
    const clients = byClient.map((r) => ({ ...r, client: clientNames.get(r.clientId) ?? '' })).sort((a, b) => a.client.localeCompare(b.client));
    ctx.body = { from, to, rows: rows.map((r) => ({ ...r, technician: r.technicianId ? (names.get(r.technicianId) ?? null) : null })), clients } satisfies SlaCompliance;
  });

  return router;
}
