/**
 * Mark invoiced locks visits too (issue 57, docs/billing.md "Mark invoiced") over HTTP on PGlite or
 * PostgreSQL: marking a client's range invoiced locks its visits arrived in the range (counted in the
 * answer; a second marking locks nothing new); a correcting close-out of a locked visit is refused with
 * 409 saying who invoiced it and when, and changes nothing (no visit, no time entry); the visit's time
 * entry is locked with the range's entries; another client's visit and a visit after the range stay
 * correctable.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, type BillingInvoicedResult, type Visit, type VisitCreateInput } from '@portal/shared';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';

let t: TestApp;
let tech: TestUser & { token: string };
let admin: TestUser & { token: string };

beforeAll(async () => {
  t = await startTestApp({ env: { SESSION_TTL_HOURS: '100000' } });
  t.clock.current = new Date('2026-10-01T08:00:00.000Z');
  tech = await t.loginAs('technician', { username: 'lock-tech' });
  admin = await t.loginAs('admin', { username: 'lock-admin' });
});
afterAll(() => t.close());

/** A close-out arriving at `arrived` (an hour on site, 30 minutes recorded), the test clock two hours later. */
function closeOut(ticketId: string, arrived: string, supersedesVisitId?: string) {
  const start = new Date(arrived);
  t.clock.current = new Date(start.getTime() + 2 * 3600_000);
  const body: VisitCreateInput = {
    arrivedAt: start.toISOString(),
    departedAt: new Date(start.getTime() + 3600_000).toISOString(),
    workDone: 'Replaced the switch.',
    parts: [{ description: 'Switch', quantity: 1, unitPrice: 120 }],
    minutes: supersedesVisitId ? 45 : 30,
    ...(supersedesVisitId ? { supersedesVisitId } : {}),
  };
  return t.request<Visit & { message?: string; locked?: unknown }>('POST', `/api/tickets/${ticketId}/visits`, {
    token: tech.token,
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  });
}
const count = async (q: string) => Number(((await t.db.execute(q as never)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe('Mark invoiced locks visits', () => {
  it('refuses a correction of an invoiced visit and leaves other visits correctable', async () => {
    const client = (await t.request<{ id: string }>('POST', '/api/clients', { token: admin.token, body: { name: 'Locked Client Ltd' } })).body;
    const linked = await t.createTicket({ businessName: 'Typed' });
    expect((await t.request('PATCH', `/api/tickets/${linked.id}`, { token: admin.token, body: { clientId: client.id } })).status).toBe(200);
    const loose = await t.createTicket({ businessName: 'Open Bakery' });
    const october = (await closeOut(linked.id, '2026-10-10T10:00:00.000Z')).body;
    const otherClient = (await closeOut(loose.id, '2026-10-11T10:00:00.000Z')).body;
    const november = (await closeOut(linked.id, '2026-11-01T09:00:00.000Z')).body;

    t.clock.current = new Date('2026-11-02T09:00:00.000Z');
    const mark = () => t.request<BillingInvoicedResult>('POST', '/api/time-report/invoiced', { token: admin.token, body: { from: '2026-10-01', to: '2026-10-31', clientId: client.id } });
    expect((await mark()).body).toEqual({ locked: 1, alreadyInvoiced: 0, visitsLocked: 1, invoicedAt: '2026-11-02T09:00:00.000Z', invoicedBy: 'lock-admin' });
    t.clock.current = new Date('2026-11-03T09:00:00.000Z');
    expect((await mark()).body).toMatchObject({ locked: 0, alreadyInvoiced: 1, visitsLocked: 0 });

    const visitsBefore = await count(`select count(*)::int as n from visits where ticket_id = '${linked.id}'`);
    const entriesBefore = await count(`select count(*)::int as n from time_entries where ticket_id = '${linked.id}'`);
    const refused = await closeOut(linked.id, '2026-10-10T10:00:00.000Z', october.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This visit was invoiced on 2026-11-02 by lock-admin and is locked: it can no longer be corrected.');
    expect(refused.body.locked).toEqual({ invoicedAt: '2026-11-02T09:00:00.000Z', invoicedBy: 'lock-admin' });
    expect(await count(`select count(*)::int as n from visits where ticket_id = '${linked.id}'`)).toBe(visitsBefore);
    expect(await count(`select count(*)::int as n from time_entries where ticket_id = '${linked.id}'`)).toBe(entriesBefore);

    // The visit's time entry (recorded in October) is locked with the range's entries.
    const [entry] = (await t.request<{ entries: { id: string; createdAt: string }[] }>('GET', `/api/tickets/${linked.id}/time-entries`, { token: admin.token })).body.entries.filter((e) => e.createdAt.startsWith('2026-10'));
    const edit = await t.request('PATCH', `/api/time-entries/${entry!.id}`, { token: admin.token, body: { minutes: 10 } });
    expect([edit.status, edit.body.message]).toEqual([409, 'This time entry was invoiced on 2026-11-02 by lock-admin and is locked: it can no longer be changed.']);

    // Another client's visit and a visit after the range are not locked.
    expect((await closeOut(loose.id, '2026-10-11T10:00:00.000Z', otherClient.id)).status).toBe(201);
    expect((await closeOut(linked.id, '2026-11-01T09:00:00.000Z', november.id)).status).toBe(201);
  });
});
