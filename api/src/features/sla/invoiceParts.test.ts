/**
 * Parts as invoice lines (issue 57, docs/billing.md "Parts as invoice lines") over HTTP on PGlite or
 * PostgreSQL: the invoice-lines CSV carries each part of the range's visits as its own line beside the
 * time lines (quantity, unit price, amount; a part without a price at 0.00 with the note), billed to the
 * ticket's client; a corrected visit's parts only through its correction; visits outside the range, of
 * another technician (a technician's own export) or with a tag filter left out; the generic CSV unchanged.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, type Visit, type VisitCreateInput } from '@portal/shared';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';

let t: TestApp;
let tech: TestUser & { token: string };
let other: TestUser & { token: string };
let admin: TestUser & { token: string };

beforeAll(async () => {
  t = await startTestApp({ env: { SESSION_TTL_HOURS: '100000' } });
  t.clock.current = new Date('2026-10-01T08:00:00.000Z');
  tech = await t.loginAs('technician', { username: 'parts-tech' });
  other = await t.loginAs('technician', { username: 'parts-other' });
  admin = await t.loginAs('admin', { username: 'parts-admin' });
});
afterAll(() => t.close());

/** A close-out by `token` arriving at `arrived` (one hour on site), the test clock an hour later. */
async function visit(token: string, ticketId: string, arrived: string, parts: VisitCreateInput['parts'], supersedesVisitId?: string): Promise<Visit> {
  const start = new Date(arrived);
  t.clock.current = new Date(start.getTime() + 2 * 3600_000);
  const body: VisitCreateInput = {
    arrivedAt: start.toISOString(),
    departedAt: new Date(start.getTime() + 3600_000).toISOString(),
    workDone: 'Serviced the printer.',
    parts,
    minutes: 0,
    ...(supersedesVisitId ? { supersedesVisitId } : {}),
  };
  const res = await t.request<Visit>('POST', `/api/tickets/${ticketId}/visits`, { token, body, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const csv = async (token: string, query: string) =>
  (await t.request('GET', `/api/time-report/entries?from=2026-10-01&to=2026-10-31&${query}`, { token })).text.split('\r\n').filter(Boolean);

describe('parts as invoice lines', () => {
  it('puts each part of the range’s visits on the client’s invoice beside the time lines', async () => {
    const client = (await t.request<{ id: string }>('POST', '/api/clients', { token: admin.token, body: { name: 'Parts Client Ltd' } })).body;
    const linked = await t.createTicket({ businessName: 'Typed Name' });
    expect((await t.request('PATCH', `/api/tickets/${linked.id}`, { token: admin.token, body: { clientId: client.id } })).status).toBe(200);
    const loose = await t.createTicket({ businessName: 'Parts Bakery' });
    t.clock.current = new Date('2026-10-10T09:00:00.000Z');
    await t.request('POST', `/api/tickets/${linked.id}/time-entries`, { token: tech.token, body: { minutes: 60, billable: true, note: 'Fixed printer' } });
    await visit(tech.token, linked.id, '2026-10-10T10:00:00.000Z', [
      { description: 'Fuser unit', quantity: 1, unitPrice: 89.5 },
      { description: 'Cable ties', quantity: 4 },
    ]);
    const first = await visit(other.token, loose.id, '2026-10-12T10:00:00.000Z', [{ description: 'Toner', quantity: 2, unitPrice: 45.25 }]);
    await visit(other.token, loose.id, '2026-10-12T10:00:00.000Z', [{ description: 'Toner', quantity: 3, unitPrice: 45.25 }], first.id);
    await visit(tech.token, linked.id, '2026-11-02T10:00:00.000Z', [{ description: 'Next month', quantity: 1, unitPrice: 1 }]);

    const n = (x: { ticketNumber: string }) => x.ticketNumber;
    expect(await csv(admin.token, 'format=invoice&rate=80')).toEqual([
      'ContactName,InvoiceNumber,Reference,InvoiceDate,DueDate,Description,Quantity,UnitAmount,LineAmount,ServiceDate',
      `Parts Bakery,TB-20261031-1,Time 2026-10-01 to 2026-10-31,2026-10-31,2026-11-30,${n(loose)}: Part: Toner (parts-other),3,45.25,135.75,2026-10-12`,
      `Parts Client Ltd,TB-20261031-2,Time 2026-10-01 to 2026-10-31,2026-10-31,2026-11-30,${n(linked)}: Fixed printer (parts-tech),1.00,80.00,80.00,2026-10-10`,
      `Parts Client Ltd,TB-20261031-2,Time 2026-10-01 to 2026-10-31,2026-10-31,2026-11-30,${n(linked)}: Part: Fuser unit (parts-tech),1,89.50,89.50,2026-10-10`,
      `Parts Client Ltd,TB-20261031-2,Time 2026-10-01 to 2026-10-31,2026-10-31,2026-11-30,${n(linked)}: Part: Cable ties (parts-tech) [no unit price recorded: set the price],4,0.00,0.00,2026-10-10`,
    ]);
    // One client's export: only its lines; the price of a part does not depend on the hourly rate.
    expect((await csv(admin.token, `format=invoice&clientId=${client.id}`)).slice(1).map((l) => l.split(',').slice(5, 9).join(','))).toEqual([
      `${n(linked)}: Fixed printer (parts-tech),1.00,,`,
      `${n(linked)}: Part: Fuser unit (parts-tech),1,89.50,89.50`,
      `${n(linked)}: Part: Cable ties (parts-tech) [no unit price recorded: set the price],4,0.00,0.00`,
    ]);
    // A technician's export holds their own visits only; with a tag no visits (they are not split by tag).
    expect((await csv(other.token, 'format=invoice')).slice(1).map((l) => l.split(',')[5])).toEqual([`${n(loose)}: Part: Toner (parts-other)`]);
    expect((await csv(admin.token, 'format=invoice&tag=none')).length).toBe(1);
    // The generic CSV stays one row per time entry.
    expect((await csv(admin.token, 'format=csv')).length).toBe(2);
  });
});
