/**
 * Statistics and KPIs kept per range while no write changes what they read (db/marks.ts,
 * lib/marked-cache.ts; README Decisions "Statistics cache"): a repeated call is a hit; a ticket
 * write, an invitation sent by the dispatcher, a survey submitted or a renamed technician shows in
 * the very next answer; the clock alone expires an answer after REPORT_CACHE_MAX_AGE_MS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SchedulerDashboard, SurveyStats } from '@portal/shared';
import { surveyInvitations } from '../../db/schema';
import { REPORT_CACHE_MAX_AGE_MS } from '../../lib/marked-cache';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';
import { surveyLinksFor } from './links';

let t: TestApp;
let admin: TestUser & { token: string };
let tech: TestUser;

const stats = async () => {
  const res = await t.request<SurveyStats>('GET', '/api/surveys/stats?days=30', { token: admin.token });
  expect(res.status).toBe(200);
  return { body: res.body, source: /cache;desc=(\w+)/.exec(res.headers.get('server-timing') ?? '')?.[1] };
};
const dashboard = async () => (await t.request<SchedulerDashboard>('GET', '/api/scheduler?range=month', { token: admin.token })).body;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.loginAs('admin');
  tech = await t.createUser('technician', { username: 'kim' });
});
afterAll(() => t.close());

describe('statistics cache', () => {
  it('answers a repeated call from the cache and shows every kind of write in the next answer', async () => {
    const first = await stats();
    expect(first.source).toBe('miss');
    expect((await stats()).source).toBe('hit');
    const board = await dashboard();
    expect(await dashboard()).toEqual(board);

    // A ticket write.
    const ticket = await t.createTicket();
    t.clock.advance(1000); // the range ends at "now": step past the creation instant
    const afterCreate = await stats();
    expect(afterCreate.source).toBe('miss');
    expect(afterCreate.body.totalTickets).toBe(first.body.totalTickets + 1);
    expect((await dashboard()).summary).not.toEqual(board.summary);
    await t.request('PATCH', `/api/tickets/${ticket.id}`, { token: admin.token, body: { assignedTo: tech.id, status: 'resolved', resolution: 'Replaced the cable' } });
    t.clock.advance(1000);
    const resolved = await stats();
    expect(resolved.body.closedTickets).toBe(afterCreate.body.closedTickets + 1);
    expect(resolved.body.invitationsSent).toBe(0);

    // The dispatcher sends the survey invitation: no ticket write, still a new answer.
    expect((await stats()).source).toBe('hit');
    await t.notifier.dispatcher.runOnce();
    t.clock.advance(1000);
    const [invitation] = await t.db.select().from(surveyInvitations).where(eq(surveyInvitations.ticketId, ticket.id));
    expect(invitation?.sentAt).not.toBeNull();
    expect((await stats()).body.invitationsSent).toBe(1);

    // A survey submitted.
    const res = await t.request('POST', '/api/surveys', {
      body: { ticketNumber: ticket.ticketNumber, token: surveyLinksFor(t.config).token(invitation!.id), overallRating: 5, technicianRating: 4, responseTimeRating: 5, resolutionRating: 5 },
    });
    expect(res.status).toBe(201);
    t.clock.advance(1000);
    const answered = await stats();
    expect(answered.body.totalResponses).toBe(1);
    expect(answered.body.technicianPerformance.map((p) => p.technicianName)).toContain('kim');

    // A technician renamed.
    expect((await t.request('PATCH', `/api/users/${tech.id}`, { token: admin.token, body: { username: 'kim2', role: 'technician' } })).status).toBe(200);
    expect((await stats()).body.technicianPerformance.map((p) => p.technicianName)).toContain('kim2');

    // Nothing written, but the rolling range moved on.
    expect((await stats()).source).toBe('hit');
    t.clock.advance(REPORT_CACHE_MAX_AGE_MS);
    expect((await stats()).source).toBe('miss');
  });

  it('lets 10 concurrent callers of one range share one build', async () => {
    await t.createTicket(); // a new mark: nothing cached for it
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.request('GET', '/api/surveys/stats?days=365', { token: admin.token })));
    const sources = answers.map((a) => /cache;desc=(\w+)/.exec(a.headers.get('server-timing') ?? '')?.[1]);
    expect(sources.filter((s) => s === 'miss')).toHaveLength(1);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
  });
});
