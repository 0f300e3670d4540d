/**
 * The KPI dashboard's tag filter and per-tag rows (issue 57 item 3, docs/tags.md "In the reports")
 * over HTTP on PGlite or PostgreSQL: with `tag` (any case) every figure counts only tickets having it
 * (tiles, cards with workload and surveys, board, timeline, daily chart, drill-down lists), even over
 * whole days that the unfiltered figures read from the day rollup; `byTag` counts a two-tag ticket
 * under both; an unknown tag gives empty figures and a too-long one 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchedulerDashboard, SchedulerTicketPage } from '@portal/shared';
import { satisfactionSurveys } from '../../db/schema';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';

let t: TestApp;
let tech: TestUser & { token: string };
let admin: TestUser & { token: string };
const tk: Record<string, string> = {};

const at = (iso: string) => (t.clock.current = new Date(iso));
async function patch(id: string, iso: string, body: Record<string, unknown>) {
  at(iso);
  const res = await t.request('PATCH', `/api/tickets/${id}`, { token: admin.token, body });
  if (res.status !== 200) throw new Error(`PATCH ${id}: ${res.status} ${res.text}`);
}
async function ticket(name: string, iso: string, tags: string[]) {
  at(iso);
  tk[name] = (await t.createTicket({ clientName: `Client ${name}` })).id;
  await patch(tk[name], iso.replace(':00:00', ':05:00'), { assignedTo: tech.id, ...(tags.length ? { tagsAdd: tags } : {}) });
}
async function survey(name: string, iso: string, technicianRating: number) {
  await t.db.insert(satisfactionSurveys).values({
    ticketId: tk[name]!,
    ticketNumber: `N-${name}`,
    customerName: `Customer ${name}`,
    assignedTechnicianId: tech.id,
    overallRating: 5,
    technicianRating,
    responseTimeRating: 3,
    resolutionRating: 4,
    createdAt: new Date(iso),
  });
}
const dashboard = async (query: string) => {
  const res = await t.request<SchedulerDashboard>('GET', `/api/scheduler?range=month&tz=UTC${query}`, { token: admin.token });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const list = async (query: string) => (await t.request<SchedulerTicketPage>('GET', `/api/scheduler/tickets?range=month&tz=UTC${query}`, { token: admin.token })).body;

beforeAll(async () => {
  t = await startTestApp({ env: { SESSION_TTL_HOURS: '100000' } });
  at('2026-08-01T00:00:00Z');
  tech = await t.loginAs('technician', { username: 'kpi-tag-tech' });
  admin = await t.loginAs('admin', { username: 'kpi-tag-admin' });
  await ticket('D', '2026-08-15T10:00:00Z', ['Onsite']); // last month: workload only
  await patch(tk.D!, '2026-08-15T11:00:00Z', { status: 'in_progress' });
  await ticket('A', '2026-09-02T10:00:00Z', ['Onsite', 'vpn']);
  await patch(tk.A!, '2026-09-03T10:00:00Z', { status: 'resolved', resolution: 'Fixed' });
  await ticket('B', '2026-09-05T10:00:00Z', ['onsite']); // the same tag, other case
  await ticket('C', '2026-09-06T10:00:00Z', []);
  await survey('A', '2026-09-04T10:00:00Z', 4);
  await survey('C', '2026-09-08T10:00:00Z', 2);
  at('2026-09-20T12:00:00Z');
}, 60_000);
afterAll(() => t.close());

describe('GET /api/scheduler?tag= (issue 57 item 3)', () => {
  it('without a tag: every ticket, and the range per tag', async () => {
    const d = await dashboard('');
    expect(d.tag).toBeNull();
    expect(d.summary.total).toBe(3);
    expect(d.technicians.find((k) => k.username === 'kpi-tag-tech')).toMatchObject({ total: 3, activeTickets: 3, surveyCount: 2 });
    expect(d.byTag).toEqual([
      { tag: 'Onsite', total: 2, done: 1 },
      { tag: 'vpn', total: 1, done: 1 },
    ]);
  });

  it('with a tag in any case: only its tickets in every figure', async () => {
    const d = await dashboard('&tag=ONSITE');
    expect(d.tag).toBe('ONSITE');
    expect(d.summary).toEqual({ total: 2, byStatus: { open: 1, in_progress: 0, resolved: 1, closed: 0 }, assigned: 2, unassigned: 0 });
    expect(d.technicians.find((k) => k.username === 'kpi-tag-tech')).toMatchObject({ total: 2, resolutionRate: 50, activeTickets: 2, surveyCount: 1 });
    expect(d.kanban.map((c) => [c.status, c.tickets.map((x) => x.id)])).toEqual([
      ['open', [tk.B]],
      ['in_progress', []],
      ['resolved', [tk.A]],
      ['closed', []],
    ]);
    expect(d.timeline.map((x) => x.id)).toEqual([tk.B, tk.A]);
    const day = (date: string) => d.daily.find((x) => x.date === date);
    expect([day('2026-09-02'), day('2026-09-03'), day('2026-09-06')]).toEqual([
      { date: '2026-09-02', created: 1, resolved: 0 },
      { date: '2026-09-03', created: 0, resolved: 1 },
      { date: '2026-09-06', created: 0, resolved: 0 },
    ]);
    expect(d.byTag).toEqual([
      { tag: 'Onsite', total: 2, done: 1 },
      { tag: 'vpn', total: 1, done: 1 },
    ]);
    expect((await dashboard('')).daily.find((x) => x.date === '2026-09-06')?.created).toBe(1);
  });

  it('narrows the drill-down lists, also of the workload', async () => {
    expect((await list('&tag=vpn')).items.map((x) => x.id)).toEqual([tk.A]);
    const active = await list(`&tag=onsite&scope=active&technicianId=${tech.id}`);
    expect([active.total, active.items.map((x) => x.id)]).toEqual([2, [tk.B, tk.D]]);
    expect((await list('')).total).toBe(3);
  });

  it('an unknown tag gives empty figures; a tag over 40 characters is refused with 400', async () => {
    const d = await dashboard('&tag=nobody');
    expect([d.summary.total, d.byTag, d.timeline]).toEqual([0, [], []]);
    for (const path of ['/api/scheduler', '/api/scheduler/tickets']) {
      expect((await t.request('GET', `${path}?tag=${'x'.repeat(41)}`, { token: admin.token })).status).toBe(400);
    }
  });
});
