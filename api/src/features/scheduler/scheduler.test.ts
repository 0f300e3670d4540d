/**
 * Scheduler and KPI dashboard (issue 12) against hand-computed fixtures. Tickets are created and
 * updated through the real API with the test clock set to each moment, so the work history has
 * its real shape; surveys are inserted directly (the survey flow is another feature).
 *
 * Main fixture, zone America/New_York (EDT, UTC-4), now = Wed 2025-06-18 12:00 EDT (16:00Z).
 * This week = Mon Jun 16 00:00 EDT (04:00Z) .. Mon Jun 23 04:00Z.
 *
 * alice (technician), week tickets:
 *   A1 created Jun16 14:00Z, assigned 14:30 (first response 30 min), in_progress 15:00, resolved 20:00
 *      (resolution 6 h), comment Jun17 12:00 (updated_at moves: created->updated would say 22 h)
 *   A2 created Jun17 13:00Z, assigned 14:00 (60 min), closed 17:00 (4 h)
 *   A3 created Jun18 12:00Z, assigned 12:10 (10 min), stays open
 *   A4 created Jun18 13:00Z, assigned + in_progress 14:00 (60 min)
 *   A5 created Jun16 12:00Z, assigned 12:30 (30 min), resolved 13:00, reopened 14:00, resolved 18:00 (6 h)
 *   plus one open ticket from May (outside the week) -> active 3 (A3, A4, May) = light
 *   total 5, open 1, in_progress 1, resolved 2, closed 1; done 3 -> rate 60 %;
 *   resolution (6 + 4 + 6) / 3 = 5.33 -> 5.3 h; first response (30+60+10+60+30)/5 = 38 min;
 *   surveys in the week: A1 5, A2 4, A5 4 (survey without technician id: the ticket's assignee)
 *   -> 4.333 x 20 = 86.67 -> 87 %, 3 surveys; a May survey (rating 1) is outside the week.
 * bob: B1-B4 created Jun18 13:00-13:30Z, assigned 15 min later, open -> active 4 = moderate, N/A.
 * carol: 8 open tickets from May -> active 8 = moderate, 0 tickets in the week.
 * dave: 9 open tickets from May -> active 9 = heavy.
 * erin: no tickets at all. zed (admin): Z1 created Jun18 14:30Z, assigned, open -> has a card; the
 * requesting admin has no tickets -> no card.
 * Unassigned: U1 created Jun18 15:00Z open; U2 created Jun17 03:30Z (= Jun16 23:30 EDT), closed
 * by the admin Jun17 13:00Z.
 * Week summary: 12 tickets; open 7 (A3, B1-4, U1, Z1), in_progress 1, resolved 2, closed 2; assigned 10.
 * Daily (EDT days): Jun16 created 3 (A1, A5, U2) resolved 2 (A1, A5 once); Jun17 created 1 (A2)
 * resolved 2 (A2, U2); Jun18 created 8, resolved 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type {
  ApiErrorBody,
  SchedulerDashboard,
  SchedulerTicketPage,
  TechnicianDetail,
  TechnicianKpi,
  TicketCreateInput,
} from '@portal/shared';
import { SCHEDULER_MSG } from '@portal/shared';
import { satisfactionSurveys } from '../../db/schema';
import { startTestApp, type TestApp } from '../../test/app';

const NY = 'America/New_York';
const NOW = '2025-06-18T16:00:00.000Z';
const LONG_ISSUE = 'The VPN client disconnects every few minutes. '.repeat(4).trim();

let t: TestApp;
let admin: string;
const user: Record<string, { id: string; token: string }> = {};
const tk: Record<string, string> = {};

const at = (iso: string) => {
  t.clock.current = new Date(iso);
};

async function ticket(name: string, iso: string, overrides: Partial<TicketCreateInput> = {}): Promise<string> {
  at(iso);
  const id = (await t.createTicket({ clientName: `Client ${name}`, ...overrides })).id;
  tk[name] = id;
  return id;
}

async function patch(id: string, iso: string, token: string, body: Record<string, unknown>): Promise<void> {
  at(iso);
  const res = await t.request('PATCH', `/api/tickets/${id}`, { token, body });
  expect(res.status, res.text).toBe(200);
}

async function survey(ticketName: string, iso: string, technicianRating: number, technicianId: string | null): Promise<void> {
  await t.db.insert(satisfactionSurveys).values({
    ticketId: tk[ticketName]!,
    ticketNumber: `N-${ticketName}`,
    customerName: `Customer ${ticketName}`,
    assignedTechnicianId: technicianId,
    overallRating: 5,
    technicianRating,
    responseTimeRating: 3,
    resolutionRating: 4,
    comments: `comment ${ticketName}`,
    createdAt: new Date(iso),
  });
}

/** GET as the admin (or `token`); the body is the success type or the error envelope. */
const get = <T>(path: string, token = admin) => t.request<T & Partial<ApiErrorBody>>('GET', path, { token });
const dashboard = (query: string, token = admin) => get<SchedulerDashboard>(`/api/scheduler?${query}`, token);
const card = (d: SchedulerDashboard, name: string): TechnicianKpi | undefined => d.technicians.find((k) => k.username === name);

beforeAll(async () => {
  t = await startTestApp({ env: { SESSION_TTL_HOURS: '100000' } });
  at('2025-05-01T00:00:00Z');
  admin = (await t.loginAs('admin', { username: 'root-admin' })).token;
  for (const name of ['alice', 'bob', 'carol', 'dave', 'erin']) {
    const u = await t.loginAs('technician', { username: name });
    user[name] = { id: u.id, token: u.token };
  }
  const zed = await t.loginAs('admin', { username: 'zed' });
  user.zed = { id: zed.id, token: zed.token };
  await t.loginAs('user', { username: 'plain-user' }).then((u) => (user.plain = { id: u.id, token: u.token }));
  const alice = user.alice!;

  // May: workload tickets outside the week.
  const mayAlice = await ticket('M-alice', '2025-05-20T12:00:00Z');
  await patch(mayAlice, '2025-05-20T12:05:00Z', alice.token, { assignedTo: alice.id });
  for (const [name, n] of [['carol', 8], ['dave', 9]] as const) {
    for (let i = 0; i < n; i++) {
      const id = await ticket(`M-${name}-${i}`, `2025-05-21T1${i}:00:00Z`);
      await patch(id, `2025-05-21T1${i}:30:00Z`, admin, { assignedTo: user[name]!.id });
    }
  }

  // alice's week.
  const a1 = await ticket('A1', '2025-06-16T14:00:00Z');
  await patch(a1, '2025-06-16T14:30:00Z', alice.token, { assignedTo: alice.id });
  await patch(a1, '2025-06-16T15:00:00Z', alice.token, { status: 'in_progress' });
  await patch(a1, '2025-06-16T20:00:00Z', alice.token, { status: 'resolved', resolution: 'Replaced the cable' });
  await patch(a1, '2025-06-17T12:00:00Z', alice.token, { comment: 'Customer confirmed' });
  const a2 = await ticket('A2', '2025-06-17T13:00:00Z');
  await patch(a2, '2025-06-17T14:00:00Z', admin, { assignedTo: alice.id });
  await patch(a2, '2025-06-17T17:00:00Z', alice.token, { status: 'closed' });
  const a3 = await ticket('A3', '2025-06-18T12:00:00Z', { issue: LONG_ISSUE, severity: 'urgent' });
  await patch(a3, '2025-06-18T12:10:00Z', alice.token, { assignedTo: alice.id });
  const a4 = await ticket('A4', '2025-06-18T13:00:00Z');
  await patch(a4, '2025-06-18T14:00:00Z', alice.token, { assignedTo: alice.id, status: 'in_progress' });
  const a5 = await ticket('A5', '2025-06-16T12:00:00Z');
  await patch(a5, '2025-06-16T12:30:00Z', alice.token, { assignedTo: alice.id });
  await patch(a5, '2025-06-16T13:00:00Z', alice.token, { status: 'resolved' });
  await patch(a5, '2025-06-16T14:00:00Z', alice.token, { status: 'in_progress' });
  await patch(a5, '2025-06-16T18:00:00Z', alice.token, { status: 'resolved' });

  for (let i = 0; i < 4; i++) {
    const id = await ticket(`B${i + 1}`, `2025-06-18T13:${i}0:00Z`);
    await patch(id, `2025-06-18T13:${i + 1}5:00Z`, user.bob!.token, { assignedTo: user.bob!.id });
  }
  const z1 = await ticket('Z1', '2025-06-18T14:30:00Z');
  await patch(z1, '2025-06-18T14:35:00Z', admin, { assignedTo: user.zed!.id });
  await ticket('U1', '2025-06-18T15:00:00Z');
  const u2 = await ticket('U2', '2025-06-17T03:30:00Z');
  await patch(u2, '2025-06-17T13:00:00Z', admin, { status: 'closed' });

  await survey('A1', '2025-06-17T15:00:00Z', 5, alice.id);
  await survey('A2', '2025-06-18T09:00:00Z', 4, alice.id);
  await survey('A5', '2025-06-18T10:00:00Z', 4, null);
  await survey('M-alice', '2025-05-25T10:00:00Z', 1, alice.id);
  at(NOW);
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
