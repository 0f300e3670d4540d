/**
 * Recurring tickets with a controlled clock (issue 52 items 3, 4, 8, "Done when"): weekly and monthly
 * schedules over a DST change in two zones open one ticket per occurrence; a two-day outage opens
 * each missed occurrence once, late; a crash mid-sweep (rolled back) and a second sweep open nothing
 * twice; two sweepers at once (with DATABASE_URL: two apps on one PostgreSQL database) open each
 * occurrence once; skip-while-open; pause; run-now once; bad input refused with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecurringCreateInput, RecurringSchedule, RecurringScheduleDetail, Ticket } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';
import { openDue, sweepRecurring } from './sweep';
import { findSchedule } from './repository';

let t: TestApp;
let admin = '';
let techId = '';
beforeAll(async () => {
  t = await startTestApp();
  t.clock.current = new Date('2026-03-01T00:00:00Z');
  admin = (await t.loginAs('admin')).token;
  techId = (await t.loginAs('technician', { username: 'rita' })).id;
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- error bodies and schedules alike
const call = async <T = any>(method: string, path: string, body?: unknown) => {
  // The clock jumps weeks: a session idle that long has expired, so sign in again after each jump.
  if (!admin) admin = (await t.loginAs('admin')).token;
  return t.request<T>(method, path, { token: admin, body });
};
const sweep = (app: TestApp = t) => sweepRecurring(app.db, { events: app.events, fallbackEmail: 'support@example.com' }, t.clock.now());
const at = (iso: string) => {
  t.clock.current = new Date(iso);
  admin = '';
};
const count = async (table: string) => Number(((await t.db.execute(`select count(*)::int as n from ${table}` as never)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const base = (over: Partial<RecurringCreateInput> = {}): RecurringCreateInput => ({
  title: 'Weekly backup check',
  issue: 'Check the backups ran and test a restore.',
  severity: 'medium',
  recurrence: { frequency: 'weekly', weekdays: [1], startDate: '2026-03-02', time: '09:00' },
  timeZone: 'America/New_York',
  ...over,
});
async function create(over: Partial<RecurringCreateInput> = {}): Promise<RecurringSchedule> {
  const res = await call<RecurringSchedule>('POST', '/api/recurring-tickets', base(over));
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const detail = async (id: string) => (await call<RecurringScheduleDetail>('GET', `/api/recurring-tickets/${id}`)).body;
const opened = async (id: string) => (await detail(id)).history.filter((h) => h.outcome === 'opened').map((h) => [h.date, h.late]).reverse();

describe('recurring schedules API', () => {
  it('refuses a rule that never occurs, an end before the start, an unknown zone, a lead longer than the interval; nothing stored', async () => {
    const before = await count('recurring_schedules');
    const cases: [Partial<RecurringCreateInput>, string, string][] = [
      [{ recurrence: { frequency: 'yearly', month: 2, monthDay: 30, startDate: '2026-01-01', time: '09:00' } }, 'recurrence', 'This recurrence never occurs: no date matches it.'],
      [{ recurrence: { frequency: 'weekly', startDate: '2026-03-02', endDate: '2026-03-01', time: '09:00' } }, 'endDate', 'The end date is before the start date.'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'Unknown time zone: Mars/Olympus'],
      [{ leadDays: 8 }, 'leadDays', 'The lead time (8 days) is longer than the time between occurrences (7 days).'],
    ];
    for (const [over, field, message] of cases) {
      const res = await call('POST', '/api/recurring-tickets', base(over));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, fieldErrors: { [field]: [message] } });
    }
    const s = await create();
    const bad = await call('PATCH', `/api/recurring-tickets/${s.id}`, { timeZone: 'Nowhere/Land' });
    expect(bad.status).toBe(400);
    expect((await detail(s.id)).timeZone).toBe('America/New_York');
    expect(await count('recurring_schedules')).toBe(before + 1);
    const preview = await call('GET', `/api/recurring-tickets/${s.id}/occurrences?count=3`);
    expect(preview.body.map((o: { at: string }) => o.at)).toEqual(['2026-03-02T14:00:00.000Z', '2026-03-09T13:00:00.000Z', '2026-03-16T13:00:00.000Z']);
    expect((await call('DELETE', `/api/recurring-tickets/${s.id}`)).status).toBe(204);
  });
});

describe('the sweep, exactly once', () => {
  it('weekly in New York and monthly in Auckland across their DST changes: one ticket per occurrence, at local 09:00', async () => {
    at('2026-03-01T00:00:00Z');
    const ny = await create({ assignedTo: techId });
    const nz = await create({ title: 'Monthly patching', timeZone: 'Pacific/Auckland', recurrence: { frequency: 'monthly', nth: { n: 1, weekday: 1 }, startDate: '2026-03-01', time: '09:00' } });
    at('2026-03-01T20:00:00Z');
    await sweep();
    expect(await opened(nz.id)).toEqual([['2026-03-02', false]]);
    at('2026-03-02T14:00:00Z');
    await sweep();
    await sweep();
    expect(await opened(ny.id)).toEqual([['2026-03-02', false]]);
    at('2026-03-09T12:59:00Z'); // 08:59 EDT: not yet
    await sweep();
    expect(await opened(ny.id)).toHaveLength(1);
    at('2026-03-09T13:00:00Z'); // 09:00 EDT, an hour earlier in UTC than last week
    await sweep();
    expect(await opened(ny.id)).toEqual([['2026-03-02', false], ['2026-03-09', false]]);
    at('2026-04-05T20:59:00Z'); // 08:59 NZST on Monday 6 April
    await sweep();
    expect(await opened(nz.id)).toHaveLength(1);
    at('2026-04-05T21:00:00Z');
    await sweep();
    expect(await opened(nz.id)).toEqual([['2026-03-02', false], ['2026-04-06', false]]);
    const last = (await detail(ny.id)).lastTicket!;
    const ticket = (await call<Ticket>('GET', `/api/tickets/${last.id}`)).body;
    expect(ticket).toMatchObject({ assignedTo: techId, status: 'open', severity: 'medium' });
    expect(ticket.resolutionDueAt).not.toBeNull();
    await call('DELETE', `/api/recurring-tickets/${ny.id}`);
    await call('DELETE', `/api/recurring-tickets/${nz.id}`);
  });

  it('a two-day outage opens each missed occurrence once, marked late; a crash mid-sweep leaves nothing; the template checklist comes along', async () => {
    const tpl = await call('POST', '/api/checklist-templates', { name: 'Daily', items: [{ text: 'Check UPS', required: true }] });
    at('2026-05-01T07:00:00Z');
    const s = await create({ timeZone: 'UTC', templateId: tpl.body.id, recurrence: { frequency: 'daily', startDate: '2026-05-01', time: '08:00' } });
    at('2026-05-01T08:00:00Z');
    await sweep();
    at('2026-05-04T08:05:00Z');
    // A process that dies before COMMIT: its claims and tickets roll back with it.
    const row = (await findSchedule(t.db, s.id))!;
    await expect(
      t.db.transaction(async (tx) => {
        await openDue(tx as never, { events: t.events, fallbackEmail: 'x@example.com' }, row, t.clock.now());
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect(await opened(s.id)).toHaveLength(1);
    await sweep();
    await sweep();
    expect(await opened(s.id)).toEqual([['2026-05-01', false], ['2026-05-02', true], ['2026-05-03', true], ['2026-05-04', false]]);
    const ticket = (await call<Ticket>('GET', `/api/tickets/${(await detail(s.id)).lastTicket!.id}`)).body;
    expect(ticket.checklist!.map((i) => [i.text, i.required, i.done])).toEqual([['Check UPS', true, false]]);
    await call('DELETE', `/api/recurring-tickets/${s.id}`);
  });

  it("the opened ticket carries the schedule's client, site and contact", async () => {
    at('2026-05-20T00:00:00Z');
    const client = (await call('POST', '/api/clients', { name: 'Sited Dental' })).body;
    const site = (await call('POST', `/api/clients/${client.id}/sites`, { name: 'Back office', address: '2 Side St' })).body;
    const contact = (await call('POST', `/api/clients/${client.id}/contacts`, { name: 'Sam Site', email: 'sam@sited.test' })).body;
    const s = await create({ timeZone: 'UTC', clientId: client.id, siteId: site.id, contactId: contact.id, recurrence: { frequency: 'daily', startDate: '2026-05-20', time: '08:00' } });
    at('2026-05-20T08:00:00Z');
    await sweep();
    const ticket = (await call<Ticket>('GET', `/api/tickets/${(await detail(s.id)).lastTicket!.id}`)).body;
    expect(ticket).toMatchObject({ clientId: client.id, siteId: site.id, contactId: contact.id, customerEmail: 'sam@sited.test' });
    await call('DELETE', `/api/recurring-tickets/${s.id}`);
  });

  it('two sweepers at once open each occurrence once (two apps on PostgreSQL when DATABASE_URL is set)', async () => {
    at('2026-06-01T00:00:00Z');
    const s = await create({ timeZone: 'UTC', recurrence: { frequency: 'daily', startDate: '2026-06-01', time: '08:00' } });
    const other = t.databaseUrl ? await startTestApp({ attachTo: t.databaseUrl }) : t;
    try {
      at('2026-06-05T08:00:00Z');
      const tickets = await count('support_tickets');
      await Promise.all([sweep(), sweep(other), sweep(), sweep(other)]);
      await Promise.all([sweep(), sweep(other)]);
      expect((await opened(s.id)).map(([d]) => d)).toEqual(['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05']);
      expect(await count('support_tickets')).toBe(tickets + 5);
    } finally {
      if (other !== t) await other.close();
    }
    await call('DELETE', `/api/recurring-tickets/${s.id}`);
  });

  it('skips while the previous ticket is open, pauses and resumes, and run-now opens the next occurrence once', async () => {
    at('2026-07-01T00:00:00Z');
    const s = await create({ timeZone: 'UTC', skipWhileOpen: true, recurrence: { frequency: 'weekly', weekdays: [3], startDate: '2026-07-01', time: '10:00' } });
    at('2026-07-01T10:00:00Z');
    await sweep();
    at('2026-07-08T10:00:00Z');
    await sweep();
    let h = (await detail(s.id)).history;
    expect(h.map((x) => [x.date, x.outcome])).toEqual([['2026-07-08', 'skipped'], ['2026-07-01', 'opened']]);
    expect(h[0]!.reason).toMatch(/^TKT-\d+ was still open$/);
    const resolved = await call('PATCH', `/api/tickets/${h[1]!.ticketId}`, { status: 'resolved', resolution: 'Done' });
    expect(resolved.status, resolved.text).toBe(200);
    expect((await call('PATCH', `/api/recurring-tickets/${s.id}`, { paused: true })).body.paused).toBe(true);
    at('2026-07-15T10:00:00Z');
    await sweep();
    expect((await detail(s.id)).history).toHaveLength(2);
    at('2026-07-20T00:00:00Z');
    await call('PATCH', `/api/recurring-tickets/${s.id}`, { paused: false });
    const run = await call<RecurringScheduleDetail>('POST', `/api/recurring-tickets/${s.id}/run-now`);
    expect(run.status, run.text).toBe(201);
    expect(run.body.history[0]).toMatchObject({ date: '2026-07-22', outcome: 'opened', late: false });
    const again = await call('POST', `/api/recurring-tickets/${s.id}/run-now`);
    expect(again.status).toBe(409);
    at('2026-07-22T10:00:00Z');
    await sweep();
    h = (await detail(s.id)).history;
    expect(h.map((x) => [x.date, x.outcome])).toEqual([['2026-07-22', 'opened'], ['2026-07-08', 'skipped'], ['2026-07-01', 'opened']]);
  });
});
