/**
 * GET /api/surveys/stats and GET /api/surveys against a hand-computed fixture (SPEC.md 3
 * and 9). Everything is made through the real API on a clock that walks through 40 days; the
 * expected figures below are worked out by hand in the comments, not by re-running the SQL.
 *
 * Now N = 2026-03-31 12:00 UTC. Tickets (created at N - d; resolution moments from the work history):
 *   T7 alice  N-40d  resolved +1 day (outside the 30-day range; its invitation was sent at N-39d)
 *   T1 alice  N-10d  resolved +4h                         survey (N-9d+13h) 5 5 4 5  "Great"
 *   T2 alice  N-9d   resolved +10h, closed +12h           survey (N-3d)     2 3 2 1  improvements "Faster"
 *   T3 bob    N-8d   in progress
 *   T4 bob    N-7d   closed +3h (open -> closed)          invited, no answer
 *   T5 -      N-6d   resolved +1h (unassigned)            survey (N-2d)     4 4 4 4
 *   T6 -      N-5d   open
 *   T8 bob    N-4d   resolved +2h, reopened +3h, resolved +6h   survey (N-1d) 1 1 1 2 "Broke again"
 * dave is a technician with no work; carol (admin) assigns but has no tickets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SurveyPage, SurveyStats, TicketStatus } from '@portal/shared';
import { surveyInvitations } from '../../db/schema';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';
import { surveyLinksFor } from './links';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const N = new Date('2026-03-31T12:00:00.000Z');

let t: TestApp;
let carol: TestUser & { token: string };
let alice: TestUser;
let bob: TestUser;
let dave: TestUser;
const ids: Record<string, string> = {};

const at = (ms: number) => {
  t.clock.current = new Date(N.getTime() + ms);
};
const patch = async (id: string, body: Record<string, unknown>) => {
  const res = await t.request('PATCH', `/api/tickets/${id}`, { token: carol.token, body });
  if (res.status !== 200) throw new Error(`patch ${res.status} ${res.text}`);
};
const setStatus = (id: string, status: TicketStatus) => patch(id, { status });
const deliver = () => t.notifier.dispatcher.runOnce();

async function ticket(name: string, createdAtMs: number, assignee?: TestUser) {
  at(createdAtMs);
  ids[name] = (await t.createTicket({ clientName: `Client ${name}` })).id;
  if (assignee) await patch(ids[name]!, { assignedTo: assignee.id });
}

/** Submits through the real route with the token the e-mail carried (derived from the invitation like the dispatcher does). */
async function survey(name: string, whenMs: number, r: [number, number, number, number], text: { comments?: string; improvements?: string } = {}) {
  at(whenMs);
  const [inv] = await t.db.select().from(surveyInvitations).where(eq(surveyInvitations.ticketId, ids[name]!));
  const res = await t.request('POST', '/api/surveys', {
    body: {
      ticketNumber: (await t.request('GET', `/api/tickets/${ids[name]}`, { token: carol.token })).body.ticketNumber,
      token: surveyLinksFor(t.config).token(inv!.id),
      overallRating: r[0],
      technicianRating: r[1],
      responseTimeRating: r[2],
      resolutionRating: r[3],
      ...text,
    },
  });
  if (res.status !== 201) throw new Error(`survey ${name}: ${res.status} ${res.text}`);
}

beforeAll(async () => {
  t = await startTestApp({ env: { SESSION_TTL_HOURS: '100000' } });
  at(-41 * DAY);
  carol = await t.loginAs('admin', { username: 'carol' });
  alice = await t.createUser('technician', { username: 'alice' });
  bob = await t.createUser('technician', { username: 'bob' });
  dave = await t.createUser('technician', { username: 'dave' });

  await ticket('T7', -40 * DAY, alice);
  at(-39 * DAY);
  await setStatus(ids.T7!, 'resolved');
  await deliver();

  await ticket('T1', -10 * DAY, alice);
  at(-10 * DAY + 4 * HOUR);
  await setStatus(ids.T1!, 'resolved');
  await deliver();

  await ticket('T2', -9 * DAY, alice);
  at(-9 * DAY + 10 * HOUR);
  await setStatus(ids.T2!, 'resolved');
  await deliver();
  at(-9 * DAY + 12 * HOUR);
  await setStatus(ids.T2!, 'closed');

  await survey('T1', -9 * DAY + 13 * HOUR, [5, 5, 4, 5], { comments: 'Great' });

  await ticket('T3', -8 * DAY, bob);
  await setStatus(ids.T3!, 'in_progress');

  await ticket('T4', -7 * DAY, bob);
  at(-7 * DAY + 3 * HOUR);
  await setStatus(ids.T4!, 'closed');
  await deliver();

  await ticket('T5', -6 * DAY);
  at(-6 * DAY + HOUR);
  await setStatus(ids.T5!, 'resolved');
  await deliver();

  await ticket('T6', -5 * DAY);

  await ticket('T8', -4 * DAY, bob);
  at(-4 * DAY + 2 * HOUR);
  await setStatus(ids.T8!, 'resolved');
  await deliver();
  at(-4 * DAY + 3 * HOUR);
  await setStatus(ids.T8!, 'open');
  at(-4 * DAY + 6 * HOUR);
  await setStatus(ids.T8!, 'resolved');
  await deliver();

  await survey('T2', -3 * DAY, [2, 3, 2, 1], { improvements: 'Faster' });
  await survey('T5', -2 * DAY, [4, 4, 4, 4]);
  await survey('T8', -1 * DAY, [1, 1, 1, 2], { comments: 'Broke again' });
  at(0);
});
afterAll(() => t.close());

const stats = async (days?: number) => {
  const res = await t.request('GET', `/api/surveys/stats${days ? `?days=${days}` : ''}`, { token: carol.token });
  expect(res.status, res.text).toBe(200);
  return res.body as SurveyStats;
};

describe('GET /api/surveys/stats (default 30 days)', () => {
  it('computes the SPEC.md 3 figures with the SPEC.md 9 formulas', async () => {
    const s = await stats();
    expect(s.days).toBe(30);
    expect(s.since).toBe('2026-03-01T12:00:00.000Z');
    // In range: T1 T2 T3 T4 T5 T6 T8 = 7 tickets; resolved or closed: T1 T2 T4 T5 T8 = 5.
    expect(s.totalTickets).toBe(7);
    expect(s.closedTickets).toBe(5);
    // Resolution rate = resolved / assigned: assigned T1 T2 T3 T4 T8 = 5, of which done T1 T2 T4 T8 = 4 -> 80 %.
    expect(s.resolutionRate).toBe(80);
    // Resolution moments: T1 4h, T2 10h (closing later does not count), T4 3h, T5 1h, T8 6h (the last entry
    // into resolved) -> 24 / 5 = 4.8 h.
    expect(s.averageResolutionTime).toBe(4.8);
    // Responses in range: T1 T2 T5 T8.
    expect(s.totalResponses).toBe(4);
    expect(s.averageOverallRating).toBe(3); // (5 + 2 + 4 + 1) / 4
    expect(s.averageTechnicianRating).toBe(3.3); // (5 + 3 + 4 + 1) / 4 = 3.25, rounded half away from zero
    expect(s.averageResponseTimeRating).toBe(2.8); // (4 + 2 + 4 + 1) / 4 = 2.75
    expect(s.averageResolutionRating).toBe(3); // (5 + 1 + 4 + 2) / 4
    // Invitations sent in range: T1 T2 T4 T5 T8 (T8 once; T7's was sent before the range) = 5; answered 4 -> 80 %.
    expect([s.invitationsSent, s.invitationsAnswered, s.responseRate]).toEqual([5, 4, 80]);
  });

  it('lists each technician (and only staff with work, plus every technician) with their own figures', async () => {
    const s = await stats();
    expect(s.technicianPerformance).toEqual([
      // alice: T1 T2 in range (T7 is older), both done, 4h and 10h; her surveys rated her 5 and 3.
      { technicianId: alice.id, technicianName: 'alice', averageRating: 4, totalTickets: 2, resolutionRate: 100, averageResolutionTime: 7, totalSurveys: 2, closedTickets: 2 },
      // bob: T3 T4 T8, done T4 (3h) and T8 (6h) -> 67 % and 4.5h; T8's survey rated him 1.
      { technicianId: bob.id, technicianName: 'bob', averageRating: 1, totalTickets: 3, resolutionRate: 67, averageResolutionTime: 4.5, totalSurveys: 1, closedTickets: 2 },
      { technicianId: dave.id, technicianName: 'dave', averageRating: null, totalTickets: 0, resolutionRate: null, averageResolutionTime: null, totalSurveys: 0, closedTickets: 0 },
    ]);
  });

  it('adds rating distributions, the daily timeline and the latest three feedback items', async () => {
    const s = await stats();
    expect(s.ratingDistribution).toEqual({
      overallRating: [1, 1, 0, 1, 1],
      technicianRating: [1, 0, 1, 1, 1],
      responseTimeRating: [1, 1, 0, 2, 0],
      resolutionRating: [1, 1, 0, 1, 1],
    });
    expect(s.timeline.bucket).toBe('day');
    expect(s.timeline.points).toHaveLength(31); // Mar 1 ... Mar 31
    expect(s.timeline.points[0]).toEqual({ start: '2026-03-01', responses: 0, averageOverallRating: null });
    expect(s.timeline.points.filter((p) => p.responses > 0)).toEqual([
      { start: '2026-03-23', responses: 1, averageOverallRating: 5 }, // T1 at N-9d+13h = Mar 23 01:00
      { start: '2026-03-28', responses: 1, averageOverallRating: 2 },
      { start: '2026-03-29', responses: 1, averageOverallRating: 4 },
      { start: '2026-03-30', responses: 1, averageOverallRating: 1 },
    ]);
    expect(s.recentFeedback.map((f) => [f.ticketNumber, f.comments, f.improvements])).toEqual([
      [expect.any(String), 'Broke again', null],
      [expect.any(String), null, 'Faster'],
      [expect.any(String), 'Great', null],
    ]);
    expect(s.recentFeedback.map((f) => f.ticketId)).toEqual([ids.T8, ids.T2, ids.T1]);
    expect(s.recentFeedback[0]).toMatchObject({ assignedTechnicianName: 'bob', resolutionTimeHours: 6, customerName: 'Client T8' });
  });
});

describe('other ranges', () => {
  it('7 days: since N-7d exactly (T4, created then, is in); responses from N-7d', async () => {
    const s = await stats(7);
    // T4 T5 T6 T8; done T4 T5 T8; assigned T4 T8 both done.
    expect([s.totalTickets, s.closedTickets, s.resolutionRate]).toEqual([4, 3, 100]);
    expect(s.averageResolutionTime).toBe(3.3); // (3 + 1 + 6) / 3 = 3.33
    // T2 (N-3d), T5, T8: (2 + 4 + 1) / 3 = 2.33
    expect([s.totalResponses, s.averageOverallRating]).toEqual([3, 2.3]);
    // Sent in range: T4 (N-7d+3h), T5, T8 = 3, answered T5 T8 -> 66.7 -> 67 %.
    expect([s.invitationsSent, s.invitationsAnswered, s.responseRate]).toEqual([3, 2, 67]);
    expect(s.timeline.points.map((p) => p.start)).toEqual(['2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31']);
  });

  it('90 days groups the timeline by week (Mondays), 365 by month', async () => {
    const q = await stats(90);
    expect(q.totalTickets).toBe(8);
    expect(q.timeline.bucket).toBe('week');
    expect(q.timeline.points.at(-1)!.start).toBe('2026-03-30'); // a Monday
    expect(q.timeline.points.find((p) => p.start === '2026-03-23')).toEqual({ start: '2026-03-23', responses: 3, averageOverallRating: 3.7 }); // 5, 2, 4
    const y = await stats(365);
    expect(y.timeline.bucket).toBe('month');
    expect(y.timeline.points).toHaveLength(13);
    expect(y.timeline.points.at(-1)).toEqual({ start: '2026-03-01', responses: 4, averageOverallRating: 3 });
  });

  it('refuses other ranges with 400', async () => {
    for (const days of ['14', 'abc', '-7']) {
      const res = await t.request('GET', `/api/surveys/stats?days=${days}`, { token: carol.token });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors.days).toEqual(['days must be one of 7, 30, 90, 365']);
    }
  });

  it('an empty database answers zeros and nulls, never an error', async () => {
    const empty = await startTestApp();
    try {
      const admin = await empty.loginAs('admin');
      const res = await empty.request('GET', '/api/surveys/stats', { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        totalResponses: 0,
        resolutionRate: null,
        averageResolutionTime: null,
        averageOverallRating: null,
        responseRate: null,
        totalTickets: 0,
        closedTickets: 0,
        technicianPerformance: [],
        ratingDistribution: { overallRating: [0, 0, 0, 0, 0] },
        recentFeedback: [],
      });
      expect(res.body.timeline.points).toHaveLength(31);
    } finally {
      await empty.close();
    }
  });
});

describe('GET /api/surveys', () => {
  it('pages the range newest first with a keyset cursor', async () => {
    const page = async (q: string) => (await t.request('GET', `/api/surveys?${q}`, { token: carol.token })).body as SurveyPage;
    const first = await page('limit=3');
    expect(first.items.map((i) => i.ticketId)).toEqual([ids.T8, ids.T5, ids.T2]);
    expect(first.items[0]).toMatchObject({ overallRating: 1, technicianRating: 1, responseTimeRating: 1, resolutionRating: 2, comments: 'Broke again' });
    const second = await page(`limit=3&cursor=${first.nextCursor}`);
    expect(second.items.map((i) => i.ticketId)).toEqual([ids.T1]);
    expect(second.nextCursor).toBeNull();
    expect((await page('days=7')).items.map((i) => i.ticketId)).toEqual([ids.T8, ids.T5, ids.T2]);
    const bad = await t.request('GET', '/api/surveys?cursor=nope', { token: carol.token });
    expect(bad.status).toBe(400);
  });
});
