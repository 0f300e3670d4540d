/**
 * Visits in the figures over HTTP (issue 54 item 4; PGlite, and PostgreSQL with DATABASE_URL): the time
 * report's `visits` per client (count, time on site, parts and their value; a superseded visit not
 * counted, its correction is) beside its unchanged rows, the client filter, the client page's
 * GET /api/clients/:id/visits (both visits, the earlier marked corrected; 404 and 403), and the ticket
 * CSV export's 'Visits' column.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, TICKET_EXPORT_COLUMNS, type ClientVisits, type TimeReport, type Visit, type VisitCreateInput } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let tech: { id: string; token: string };
let user = '';
beforeAll(async () => {
  t = await startTestApp();
  tech = await t.loginAs('technician');
  user = (await t.loginAs('user')).token;
}, 180_000);
afterAll(() => t.close());

const post = (ticketId: string, body: VisitCreateInput) =>
  t.request<Visit>('POST', `/api/tickets/${ticketId}/visits`, { token: tech.token, body, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } });

/** A close-out of `minutesOnSite` minutes that ended 5 minutes ago by the test clock. */
function closeOut(minutesOnSite: number, overrides: Partial<VisitCreateInput> = {}): VisitCreateInput {
  const now = t.clock.now().getTime();
  return { arrivedAt: new Date(now - (minutesOnSite + 5) * 60_000).toISOString(), departedAt: new Date(now - 5 * 60_000).toISOString(), workDone: 'Swapped the switch.', ...overrides };
}

async function ticketFor(fields: { businessName?: string; clientId?: string }): Promise<string> {
  const created = await t.createTicket({ clientName: 'Pat Person', businessName: fields.businessName });
  await t.db.execute(`update support_tickets set created_at = now() - interval '1 day' where id = '${created.id}'` as never);
  if (fields.clientId) expect((await t.request('PATCH', `/api/tickets/${created.id}`, { token: tech.token, body: { clientId: fields.clientId } })).status).toBe(200);
  return created.id;
}

describe('visits in the figures', () => {
  it('counts visits, time on site and parts per client in the time report, the client page and the ticket export', async () => {
    const client = (await t.request<{ id: string }>('POST', '/api/clients', { token: tech.token, body: { name: 'Figures Client Ltd' } })).body;
    const linked = await ticketFor({ clientId: client.id });
    const unlinked = await ticketFor({ businessName: 'Walk-in Garage' });
    const first = await post(linked, closeOut(60, { parts: [{ description: 'Switch', quantity: 1, unitPrice: 100 }] }));
    expect(first.status, first.text).toBe(201);
    // The correction replaces the first visit in the figures: 45 min, 2 x 20.25 + 3 unpriced ties.
    const parts = [{ description: 'Patch cable', quantity: 2, unitPrice: 20.25 }, { description: 'Cable ties', quantity: 3 }];
    const correction = await post(linked, closeOut(45, { parts, supersedesVisitId: first.body.id, minutes: 45 }));
    expect(correction.status, correction.text).toBe(201);
    expect((await post(unlinked, closeOut(30))).status).toBe(201);

    // From the day the earliest visit began (50 minutes ago: yesterday when this runs just after
    // midnight UTC, which failed the test at 00:37) to today.
    const day = t.clock.now().toISOString().slice(0, 10);
    const visitsFrom = new Date(t.clock.now().getTime() - 2 * 3_600_000).toISOString().slice(0, 10);
    const report = await t.request<TimeReport>('GET', `/api/time-report?from=${visitsFrom}&to=${day}`, { token: tech.token });
    expect(report.status, report.text).toBe(200);
    expect(report.body.visits).toEqual([
      { clientId: client.id, client: 'Figures Client Ltd', visits: 1, visitMinutes: 45, partLines: 2, partQuantity: 5, partsTotal: 40.5 },
      { clientId: null, client: 'Walk-in Garage', visits: 1, visitMinutes: 30, partLines: 0, partQuantity: 0, partsTotal: 0 },
    ]);
    expect(report.body).toMatchObject({ visitCount: 2, visitMinutes: 75, partsTotal: 40.5, totalMinutes: 45, billableMinutes: 45 });
    expect(report.body.rows).toEqual([expect.objectContaining({ clientId: client.id, client: 'Figures Client Ltd', entries: 1, totalMinutes: 45 })]);
    const onlyClient = await t.request<TimeReport>('GET', `/api/time-report?from=${visitsFrom}&to=${day}&clientId=${client.id}`, { token: tech.token });
    expect(onlyClient.body.visits.map((r) => r.client)).toEqual(['Figures Client Ltd']);
    const before = await t.request<TimeReport>('GET', '/api/time-report?from=2020-01-01&to=2020-01-31', { token: tech.token });
    expect(before.body).toMatchObject({ visits: [], visitCount: 0, visitMinutes: 0, partsTotal: 0 });

    const page = await t.request<ClientVisits>('GET', `/api/clients/${client.id}/visits`, { token: tech.token });
    expect(page.status, page.text).toBe(200);
    expect(page.body.total).toBe(2);
    expect(page.body.visits.map((v) => [v.id, v.supersededBy, v.partLines])).toEqual([
      [correction.body.id, null, 2],
      [first.body.id, correction.body.id, 1],
    ]);
    expect(page.body.visits[0]).toMatchObject({ ticketId: linked, workDone: 'Swapped the switch.', technicianName: expect.any(String) });
    expect((await t.request('GET', `/api/clients/${randomUUID()}/visits`, { token: tech.token })).status).toBe(404);
    expect((await t.request('GET', `/api/clients/${client.id}/visits`, { token: user })).status).toBe(403);

    const since = new Date(t.clock.now().getTime() - 3 * 86_400_000).toISOString().slice(0, 10);
    const csv = (await t.request('GET', `/api/tickets/export.csv?from=${since}&to=${day}&clientId=${client.id}`, { token: tech.token })).text;
    const [header, row] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(TICKET_EXPORT_COLUMNS.join(','));
    // The Visits cell, counted from the end (the columns after it, e.g. Tags, are empty here; earlier cells may hold quoted commas).
    const fromEnd = TICKET_EXPORT_COLUMNS.length - TICKET_EXPORT_COLUMNS.indexOf('Visits');
    expect(header!.split(',').at(-fromEnd)).toBe('Visits');
    expect(row!.split(',').at(-fromEnd)).toBe('1');
  });
});
