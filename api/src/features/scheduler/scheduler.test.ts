/**
 * Scheduler and KPI dashboard against hand-computed fixtures: the figures asserted here
 * are worked out in scheduler.testkit.ts, beside the code that seeds them (zone America/New_York,
 * now = Wed 2025-06-18 12:00 EDT; alice, bob, carol, dave, erin, zed and unassigned tickets).
 * Range edges in other zones are in ranges.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type {
  ApiErrorBody,
  SchedulerDashboard,
  SchedulerTicketPage,
  TechnicianDetail,
  TechnicianKpi,
} from '@portal/shared';
import { SCHEDULER_MSG } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';
import { LONG_ISSUE, NOW, NY, seedSchedulerFixture, type SchedulerFixture } from './scheduler.testkit';

let t: TestApp;
let admin: string;
let user: SchedulerFixture['user'];
let tk: SchedulerFixture['tk'];

/** GET as the admin (or `token`); the body is the success type or the error envelope. */
const get = <T>(path: string, token = admin) => t.request<T & Partial<ApiErrorBody>>('GET', path, { token });
const dashboard = (query: string, token = admin) => get<SchedulerDashboard>(`/api/scheduler?${query}`, token);
const card = (d: SchedulerDashboard, name: string): TechnicianKpi | undefined => d.technicians.find((k) => k.username === name);

beforeAll(async () => {
  t = await startTestApp({ env: { SESSION_TTL_HOURS: '100000' } });
  ({ admin, user, tk } = await seedSchedulerFixture(t));
}, 120_000);
afterAll(() => t.close());

describe('GET /api/scheduler: this week in America/New_York', () => {
  let d: SchedulerDashboard;
  beforeAll(async () => {
    const res = await dashboard(`range=week&tz=${encodeURIComponent(NY)}`);
    expect(res.status, res.text).toBe(200);
    d = res.body;
  });

  it('reports the range as Monday 00:00 local to the next Monday', () => {
    expect(d).toMatchObject({ range: 'week', timeZone: NY, technicianId: null, generatedAt: NOW });
    expect(d.from).toBe('2025-06-16T04:00:00.000Z');
    expect(d.to).toBe('2025-06-23T04:00:00.000Z');
  });

  it('counts the seven summary tiles', () => {
    expect(d.summary).toEqual({ total: 12, byStatus: { open: 7, in_progress: 1, resolved: 2, closed: 2 }, assigned: 10, unassigned: 2 });
  });

  it("computes alice's KPIs", () => {
    expect(card(d, 'alice')).toEqual({
      technicianId: user.alice!.id,
      username: 'alice',
      role: 'technician',
      total: 5,
      byStatus: { open: 1, in_progress: 1, resolved: 2, closed: 1 },
      avgResolutionHours: 5.3,
      resolutionRate: 60,
      satisfactionPercent: 87,
      surveyCount: 3,
      activeTickets: 3,
      workload: 'light',
      avgFirstResponseMinutes: 38,
      respondedTickets: 5,
    });
  });

  it('applies the workload boundaries 3/4 and 8/9 to active tickets of any age', () => {
    expect(card(d, 'alice')).toMatchObject({ activeTickets: 3, workload: 'light' });
    expect(card(d, 'bob')).toMatchObject({ activeTickets: 4, workload: 'moderate' });
    expect(card(d, 'carol')).toMatchObject({ activeTickets: 8, workload: 'moderate', total: 0 });
    expect(card(d, 'dave')).toMatchObject({ activeTickets: 9, workload: 'heavy', total: 0 });
  });

  it("computes bob's KPIs with no resolved tickets and no surveys", () => {
    expect(card(d, 'bob')).toMatchObject({
      total: 4,
      byStatus: { open: 4, in_progress: 0, resolved: 0, closed: 0 },
      avgResolutionHours: null,
      resolutionRate: 0,
      satisfactionPercent: null,
      surveyCount: 0,
      avgFirstResponseMinutes: 15,
    });
  });

  it('gives a technician with no tickets a card of zeros, and admins a card only when they have work', () => {
    expect(card(d, 'erin')).toEqual({
      technicianId: user.erin!.id,
      username: 'erin',
      role: 'technician',
      total: 0,
      byStatus: { open: 0, in_progress: 0, resolved: 0, closed: 0 },
      avgResolutionHours: null,
      resolutionRate: 0,
      satisfactionPercent: null,
      surveyCount: 0,
      activeTickets: 0,
      workload: 'light',
      avgFirstResponseMinutes: null,
      respondedTickets: 0,
    });
    expect(card(d, 'zed')).toMatchObject({ role: 'admin', total: 1, activeTickets: 1, avgFirstResponseMinutes: 5 });
    expect(card(d, 'root-admin')).toBeUndefined();
    expect(d.technicians.map((k) => k.username)).toEqual(['alice', 'bob', 'carol', 'dave', 'erin', 'zed']);
    // The filter offers every technician and admin.
    expect(d.staff.map((u) => u.username)).toEqual(['alice', 'bob', 'carol', 'dave', 'erin', 'root-admin', 'zed']);
  });

  it('builds kanban columns with full counts and newest cards first', () => {
    expect(d.kanban.map((c) => [c.status, c.count, c.tickets.length])).toEqual([
      ['open', 7, 7],
      ['in_progress', 1, 1],
      ['resolved', 2, 2],
      ['closed', 2, 2],
    ]);
    expect(d.kanban[0]!.tickets.map((c) => c.clientName)).toEqual([
      'Client U1',
      'Client Z1',
      'Client B4',
      'Client B3',
      'Client B2',
      'Client B1',
      'Client A3',
    ]);
    expect(d.kanban[2]!.tickets.map((c) => c.clientName)).toEqual(['Client A1', 'Client A5']);
    expect(d.kanban[0]!.tickets[1]).toMatchObject({ assigneeName: 'zed', assignedTo: user.zed!.id, severity: 'medium', status: 'open' });
  });

  it('lists the 10 newest tickets on the timeline with the issue cut to 100 characters', () => {
    expect(d.timeline).toHaveLength(10);
    expect(d.timeline.map((x) => x.clientName)).not.toContain('Client A1');
    expect(d.timeline.map((x) => x.clientName)).not.toContain('Client A5');
    expect(d.timeline[0]!.clientName).toBe('Client U1');
    const a3 = d.timeline.find((x) => x.id === tk.A3)!;
    expect(a3.issue).toBe(`${LONG_ISSUE.slice(0, 100)}…`);
    expect(a3).toMatchObject({ severity: 'urgent', assigneeName: 'alice' });
  });

  it('counts created and resolved tickets per local day up to today', () => {
    expect(d.daily).toEqual([
      { date: '2025-06-16', created: 3, resolved: 2 },
      { date: '2025-06-17', created: 1, resolved: 2 },
      { date: '2025-06-18', created: 8, resolved: 0 },
    ]);
  });
});

describe('GET /api/scheduler: technician filter and roles', () => {
  it('narrows tiles, cards, board, timeline and chart to one technician', async () => {
    const res = await dashboard(`range=week&tz=${encodeURIComponent(NY)}&technicianId=${user.alice!.id}`);
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.summary).toEqual({ total: 5, byStatus: { open: 1, in_progress: 1, resolved: 2, closed: 1 }, assigned: 5, unassigned: 0 });
    expect(d.technicians.map((k) => k.username)).toEqual(['alice']);
    expect(d.kanban.flatMap((c) => c.tickets).every((c) => c.assignedTo === user.alice!.id)).toBe(true);
    expect(d.timeline).toHaveLength(5);
    expect(d.daily).toEqual([
      { date: '2025-06-16', created: 2, resolved: 2 },
      { date: '2025-06-17', created: 1, resolved: 1 },
      { date: '2025-06-18', created: 2, resolved: 0 },
    ]);
  });

  it('answers a technician the same figures as an admin', async () => {
    const asAdmin = await dashboard(`range=month&tz=${encodeURIComponent(NY)}`);
    const asTech = await dashboard(`range=month&tz=${encodeURIComponent(NY)}`, user.bob!.token);
    expect(asTech.status).toBe(200);
    expect(asTech.body).toEqual(asAdmin.body);
  });

  it('counts this month (June, EDT) and today', async () => {
    const month = (await dashboard(`range=month&tz=${encodeURIComponent(NY)}`)).body;
    expect([month.from, month.to]).toEqual(['2025-06-01T04:00:00.000Z', '2025-07-01T04:00:00.000Z']);
    expect(month.summary.total).toBe(12);
    expect(month.daily).toHaveLength(18);
    const today = (await dashboard(`range=today&tz=${encodeURIComponent(NY)}`)).body;
    expect([today.from, today.to]).toEqual(['2025-06-18T04:00:00.000Z', '2025-06-19T04:00:00.000Z']);
    expect(today.summary).toEqual({ total: 8, byStatus: { open: 7, in_progress: 1, resolved: 0, closed: 0 }, assigned: 7, unassigned: 1 });
    // Surveys count by submission time: A2 and A5 were answered today.
    expect(card(today, 'alice')).toMatchObject({ total: 2, satisfactionPercent: 80, surveyCount: 2, avgResolutionHours: null });
  });

  it('reports its server time (Server-Timing, read by the benchmark)', async () => {
    const res = await dashboard(`range=week&tz=${encodeURIComponent(NY)}`);
    expect(res.headers.get('server-timing')).toMatch(/^app;dur=\d+(\.\d)?$/);
  });

  it('refuses bad input with 400/404 and changes nothing', async () => {
    const zone = await dashboard('range=week&tz=Mars%2FOlympus');
    expect(zone.status).toBe(400);
    expect(zone.body).toMatchObject({ code: 'validation_failed', fieldErrors: { tz: [SCHEDULER_MSG.timeZoneInvalid] } });
    const range = await dashboard('range=year');
    expect(range.body.fieldErrors).toEqual({ range: [SCHEDULER_MSG.rangeInvalid] });
    const tech = await dashboard('technicianId=nope');
    expect(tech.body.fieldErrors).toEqual({ technicianId: [SCHEDULER_MSG.technicianInvalid] });
    const notStaff = await dashboard(`technicianId=${user.plain!.id}`);
    expect(notStaff.status).toBe(404);
    expect(notStaff.body.message).toBe(SCHEDULER_MSG.technicianNotFound);
    expect((await dashboard(`technicianId=${randomUUID()}`)).status).toBe(404);
  });
});

describe('GET /api/scheduler/tickets: the tickets behind a count', () => {
  const list = (query: string) => get<SchedulerTicketPage>(`/api/scheduler/tickets?range=week&tz=${encodeURIComponent(NY)}&${query}`);

  it('lists a status tile newest first, page by page, without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof list>> = await list(`status=open&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.total).toBe(7);
      seen.push(...res.body.items.map((x) => x.clientName));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Client U1', 'Client Z1', 'Client B4', 'Client B3', 'Client B2', 'Client B1', 'Client A3']);
  });

  it('lists assigned, unassigned and one technician per status', async () => {
    expect((await list('assigned=true')).body.total).toBe(10);
    expect((await list('assigned=false')).body.items.map((x) => x.clientName)).toEqual(['Client U1', 'Client U2']);
    const aliceResolved = await list(`technicianId=${user.alice!.id}&status=resolved`);
    expect(aliceResolved.body.items.map((x) => x.clientName)).toEqual(['Client A1', 'Client A5']);
    expect((await list('')).body.total).toBe(12);
  });

  it('lists the active tickets behind a workload badge, whatever their age', async () => {
    const res = await list(`scope=active&technicianId=${user.carol!.id}`);
    expect(res.body.total).toBe(8);
    expect(res.body.items).toHaveLength(8);
  });

  it("names the ticket's client object, not free text, once linked (issue 50)", async () => {
    expect((await list('assigned=false')).body.items.map((x) => x.client)).toEqual([null, null]);
    const client = await t.request<{ id: string }>('POST', '/api/clients', { token: admin, body: { name: 'Scheduler Client Co' } });
    expect((await t.request('PATCH', `/api/tickets/${tk.U2}`, { token: admin, body: { clientId: client.body.id } })).status).toBe(200);
    expect((await list('assigned=false')).body.items.map((x) => [x.clientName, x.clientId, x.client])).toEqual([
      ['Client U1', null, null],
      ['Client U2', client.body.id, 'Scheduler Client Co'],
    ]);
  });

  it('refuses a forged cursor', async () => {
    const res = await list('cursor=abc');
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ cursor: [SCHEDULER_MSG.cursorInvalid] });
  });
});

describe('GET /api/scheduler/technicians/:id', () => {
  it("shows alice's KPIs, assigned tickets newest first with work history and survey stars, and feedback", async () => {
    const res = await get<TechnicianDetail>(`/api/scheduler/technicians/${user.alice!.id}?range=week&tz=${encodeURIComponent(NY)}`);
    expect(res.status, res.text).toBe(200);
    const d = res.body;
    const week = (await dashboard(`range=week&tz=${encodeURIComponent(NY)}`)).body;
    expect(d.kpi).toEqual(card(week, 'alice'));
    expect(d.tickets.map((x) => x.clientName)).toEqual(['Client A4', 'Client A3', 'Client A2', 'Client A1', 'Client A5']);
    expect(d.nextCursor).toBeNull();
    const a1 = d.tickets.find((x) => x.id === tk.A1)!;
    expect(a1.resolution).toBe('Replaced the cable');
    expect(a1.survey).toEqual({ overallRating: 5, technicianRating: 5, responseTimeRating: 3, resolutionRating: 4 });
    expect(a1.history.map((h) => [h.updateType, h.previousValue, h.newValue, h.updatedByName])).toEqual([
      ['comment', null, null, 'alice'],
      ['resolution', null, 'Replaced the cable', 'alice'],
      ['status_change', 'in_progress', 'resolved', 'alice'],
      ['status_change', 'open', 'in_progress', 'alice'],
      ['assignment', null, 'alice', 'alice'],
      ['created', null, 'open', null],
    ]);
    expect(d.tickets.find((x) => x.id === tk.A3)!.issue).toBe(LONG_ISSUE);
    expect(d.tickets.find((x) => x.id === tk.A4)!.survey).toBeNull();
    expect(d.feedback.map((f) => [f.ticketNumber, f.technicianRating])).toEqual([
      ['N-A5', 4],
      ['N-A2', 4],
      ['N-A1', 5],
    ]);
    expect(d.feedback[0]).toMatchObject({ customerName: 'Customer A5', comments: 'comment A5', overallRating: 5 });
  });

  it('shows a technician with no tickets', async () => {
    const res = await get<TechnicianDetail>(`/api/scheduler/technicians/${user.erin!.id}?range=month&tz=${encodeURIComponent(NY)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tickets: [], feedback: [], nextCursor: null, kpi: { username: 'erin', total: 0, satisfactionPercent: null } });
  });

  it('answers 404 for an unknown id or a user who is not staff', async () => {
    expect((await get(`/api/scheduler/technicians/${randomUUID()}`)).status).toBe(404);
    const plain = await get(`/api/scheduler/technicians/${user.plain!.id}`);
    expect(plain.status).toBe(404);
    expect(plain.body.message).toBe(SCHEDULER_MSG.technicianNotFound);
  });
});
