/**
 * Time & Billing routes (issue 57 item 1, docs/billing.md; the report itself stays GET /api/time-report):
 * - GET   /api/time-report/entries?from&to[&clientId|client][&technicianId][&tag][&format=json|csv|invoice][&rate]
 *         staff; -> BillingEntries (drill-down), or text/csv: `csv` every entry, `invoice` billable
 *         entries and the parts of the range's visits (not with `tag`: visits are not split by tag) as
 *         QuickBooks Online / Xero invoice lines. A technician gets only their own entries and visits.
 * - POST  /api/time-report/invoiced  admin; billingInvoicedSchema { from, to, clientId | client } ->
 *         BillingInvoicedResult: the client's entries (recorded in the range) and visits (arrived in it)
 *         locked with who and when, in one transaction; Idempotency-Key optional.
 * - PATCH /api/time-entries/:id  staff (its author, or an admin); timeEntryPatchSchema -> TimeEntry;
 *         409 when the entry is invoiced (lockedEntryMessage); 400 past 1440 minutes on the entry's day; 404 unknown.
 */
import Router from '@koa/router';
import { billingEntriesQuerySchema, billingInvoicedSchema, lockedEntryMessage, timeEntryPatchSchema } from '@portal/shared';
import type { BillingEntries, BillingInvoicedResult, TimeEntry, VisitPartLine } from '@portal/shared';
import type { Database } from '../../db/client';
import { clientNamesOf } from '../clients/port';
import { requireAdmin, requireStaff } from '../../http/authenticate';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import { billingEntries, lockEntry, markInvoiced, updateEntry } from './billingRepository';
import { genericCsv, invoiceCsv, presentBillingEntry } from './billingPresenter';
import { presentTimeEntry } from './presenter';
import { DAY_MINUTES, minutesRecordedToday } from './timeEntriesRepository';

const DAY_MS = 86_400_000;
const range = (from: string, to: string) => ({ from: new Date(`${from}T00:00:00Z`), to: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) });
const ENTRY_NOT_FOUND = 'Time entry not found';

/** What the billing routes need of the visits feature, handed in by app.ts (visits port). */
export interface BillingVisitsPort {
  /** The part lines of the visits arrived in [from, to) (not superseded), of a client / technician when given. */
  visitPartLines(db: Database, f: VisitRange): Promise<VisitPartLine[]>;
  /** Marks the client's not yet invoiced visits arrived in [from, to) invoiced (in the caller's transaction); how many. */
  markVisitsInvoiced(tx: Database, f: VisitRange, by: { id: string; username: string }, now: Date): Promise<number>;
}
type VisitRange = { from: Date; to: Date; clientId?: string | undefined; client?: string | undefined; technicianId?: string | undefined };

export function billingRoutes(s: Services, visits: BillingVisitsPort): Router<AppState> {
  const router = new Router<AppState>();
  const entriesInput = validate({ query: billingEntriesQuerySchema });
  const invoicedInput = validate({ body: billingInvoicedSchema });
  const patchInput = validate({ params: idParamsSchema, body: timeEntryPatchSchema, notFoundMessage: ENTRY_NOT_FOUND });

  router.get('/api/time-report/entries', requireStaff(), entriesInput, async (ctx) => {
    const q = entriesInput.get(ctx).query;
    const user = ctx.state.auth!.user;
    const technicianId = user.role === 'admin' ? q.technicianId : user.id;
    const filter = { ...range(q.from, q.to), clientId: q.clientId, client: q.client, technicianId };
    const { rows, truncated } = await billingEntries(s.db, { ...filter, tag: q.tag });
    const parts = q.format === 'invoice' && !q.tag ? await visits.visitPartLines(s.db, filter) : [];
    const names = await clientNamesOf(s.db, [...rows, ...parts].flatMap((r) => (r.clientId ? [r.clientId] : [])));
    const named = <R extends { clientId: string | null; client: string }>(r: R): R => (r.clientId ? { ...r, client: names.get(r.clientId) ?? r.client } : r);
    const entries = rows.map((r) => presentBillingEntry(named(r)));
    if (q.format === 'csv' || q.format === 'invoice') {
      ctx.type = 'text/csv; charset=utf-8';
      const name = q.format === 'csv' ? 'time-entries' : 'invoice-lines';
      ctx.set('Content-Disposition', `attachment; filename="${name}-${q.from}-to-${q.to}.csv"`);
      ctx.body = q.format === 'csv' ? genericCsv(entries) : invoiceCsv(entries, q, q.rate, parts.map(named));
      return;
    }
    ctx.body = { from: q.from, to: q.to, entries, truncated } satisfies BillingEntries;
  });

  router.post('/api/time-report/invoiced', requireAdmin(), invoicedInput, transaction(s, { idempotent: true }), async (ctx) => {
    const b = invoicedInput.get(ctx).body;
    const by = ctx.state.auth!.user;
    const now = s.clock();
    const filter = { ...range(b.from, b.to), clientId: b.clientId, client: b.client };
    const counts = await markInvoiced(txOf(ctx), filter, by, now);
    const visitsLocked = await visits.markVisitsInvoiced(txOf(ctx), filter, by, now);
    ctx.body = { ...counts, visitsLocked, invoicedAt: now.toISOString(), invoicedBy: by.username } satisfies BillingInvoicedResult;
  });

  router.patch('/api/time-entries/:id', requireStaff(), patchInput, transaction(s, { idempotent: true }), async (ctx) => {
    const { params, body } = patchInput.get(ctx);
    const user = ctx.state.auth!.user;
    const tx = txOf(ctx);
    const entry = await lockEntry(tx, params.id);
    // A technician edits only their own entries; another's is "not found" to them (no existence leak).
    if (!entry || (user.role !== 'admin' && entry.userId !== user.id)) throw notFound(ENTRY_NOT_FOUND);
    if (entry.invoicedAt) {
      const message = lockedEntryMessage(entry.invoicedAt.toISOString(), entry.invoicedByName);
      throw conflict(message, { locked: { invoicedAt: entry.invoicedAt.toISOString(), invoicedBy: entry.invoicedByName } });
    }
    if (body.minutes !== undefined && body.minutes > entry.minutes && entry.userId) {
      const left = DAY_MINUTES - ((await minutesRecordedToday(tx, entry.userId, entry.createdAt)) - entry.minutes);
      if (body.minutes > left) {
        const message = `A day has 1440 minutes: this entry may be at most ${Math.max(0, left)} minutes.`;
        throw badRequest(message, { minutes: [message] });
      }
    }
    const row = await updateEntry(tx, params.id, body);
    if (!row) throw notFound(ENTRY_NOT_FOUND);
    ctx.body = presentTimeEntry(row) satisfies TimeEntry;
  });

  return router;
}
