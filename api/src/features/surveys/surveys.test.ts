/**
 * Survey links and submissions over HTTP (SPEC.md 2 / 5 / 7): the e-mailed link (read from
 * a real SMTP sink) is the only way in; forged, expired, missing, foreign and reused tokens, and
 * tickets that are not resolved or closed, all get the same 'Survey Not Found' 404; opening a link
 * records nothing; one response per ticket, also under two racing submits; every SPEC.md 5 message;
 * rate limits. Bad-rating alerts: alerts.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { MSG, SURVEY_RATING_MESSAGES, type SurveyQuestion } from '@portal/shared';
import { notificationJobs, satisfactionSurveys, surveyInvitations } from '../../db/schema';
import { surveyTokenHash } from './links';
import { startTestApp, type TestUser } from '../../test/app';
import { allJobs, configureNotifications, startNotifyTestApp, type NotifyTestApp } from '../../test/notify';
import { surveyTestkit } from './surveys.testkit';

let h: NotifyTestApp;
let admin: TestUser & { token: string };
let tech: TestUser & { token: string };
const DAY = 86_400_000;
const RECIPIENTS = ['boss@example.com'];

beforeAll(async () => {
  h = await startNotifyTestApp();
  admin = await h.t.loginAs('admin');
  tech = await h.t.loginAs('technician');
  await configureNotifications(h.t, admin.token, { emails: RECIPIENTS });
});
afterAll(() => h.close());

const { deliver, patch, LINK, invitedTicket, ratings, submit, check } = surveyTestkit(() => ({ h, tech }));
const surveysOf = (ticketId: string) => h.t.db.select().from(satisfactionSurveys).where(eq(satisfactionSurveys.ticketId, ticketId));

function expectNotFound(res: { status: number; body: { message: string; code: string } }) {
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ message: MSG.surveyNotFound, code: 'not_found' });
}

describe('the e-mailed link', () => {
  it('carries a 256-bit token that is stored nowhere: only its sha256, and the job holds the invitation id', async () => {
    const link = await invitedTicket();
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [inv] = await h.t.db.select().from(surveyInvitations).where(eq(surveyInvitations.ticketId, link.ticketId));
    expect(inv!.tokenHash).toBe(surveyTokenHash(link.token));
    const jobs = await h.t.db.select().from(notificationJobs).where(eq(notificationJobs.ticketId, link.ticketId));
    const invite = jobs.find((j) => j.kind === 'survey_invite')!;
    expect(invite.payload).toMatchObject({ invitationId: inv!.id });
    const everything = JSON.stringify([inv, jobs]);
    expect(everything).not.toContain(link.token);
  });

  it('records when the invitation was sent, and expires SURVEY_TTL_DAYS (28) after it was written', async () => {
    const ticket = await h.t.createTicket();
    await patch(ticket.id, { status: 'resolved' });
    const [before] = await h.t.db.select().from(surveyInvitations).where(eq(surveyInvitations.ticketId, ticket.id));
    expect(before!.sentAt).toBeNull();
    expect(before!.expiresAt.getTime() - before!.createdAt.getTime()).toBe(28 * DAY);
    await deliver();
    const [after] = await h.t.db.select().from(surveyInvitations).where(eq(surveyInvitations.ticketId, ticket.id));
    expect(after!.sentAt).toEqual(h.t.clock.now());
  });

  it('opening it (GET) answers the ticket number and records nothing', async () => {
    const link = await invitedTicket('closed');
    const [before] = await h.t.db.select().from(surveyInvitations).where(eq(surveyInvitations.ticketId, link.ticketId));
    for (let i = 0; i < 3; i += 1) {
      const res = await check(link.ticketNumber, link.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ticketNumber: link.ticketNumber, submitted: false, expiresAt: before!.expiresAt.toISOString() });
    }
    expect(await surveysOf(link.ticketId)).toEqual([]);
    const [after] = await h.t.db.select().from(surveyInvitations).where(eq(surveyInvitations.ticketId, link.ticketId));
    expect(after).toEqual(before);
  });

  it('invites once per ticket: closing a resolved ticket, or resolving it again after a reopen, sends nothing new', async () => {
    const link = await invitedTicket();
    await patch(link.ticketId, { status: 'closed' });
    await patch(link.ticketId, { status: 'open' });
    await patch(link.ticketId, { status: 'resolved' });
    const invites = (await allJobs(h.t.db)).filter((j) => j.ticketId === link.ticketId && j.kind === 'survey_invite');
    expect(invites).toHaveLength(1);
    expect(await h.t.db.select().from(surveyInvitations).where(eq(surveyInvitations.ticketId, link.ticketId))).toHaveLength(1);
    expect((await check(link.ticketNumber, link.token)).status).toBe(200);
  });
});

describe("links that are not the customer's: 'Survey Not Found' for every case, nothing recorded", () => {
  it('forged, malformed, missing and empty tokens', async () => {
    const link = await invitedTicket();
    const forged = randomBytes(32).toString('base64url');
    const last = link.token.at(-1) === 'A' ? 'B' : 'A';
    const oneCharOff = `${link.token.slice(0, -1)}${last}`;
    for (const token of [forged, oneCharOff, 'abc', '', `${link.token}x`, link.token.slice(0, 42)]) {
      expectNotFound(await check(link.ticketNumber, token));
      expectNotFound(await submit(link, { token }));
    }
    expectNotFound(await h.t.request('GET', `/api/surveys/invitation?ticket=${link.ticketNumber}`));
    expectNotFound(await h.t.request('POST', '/api/surveys', { body: { ticketNumber: link.ticketNumber, ...ratings } }));
    expect(await surveysOf(link.ticketId)).toEqual([]);
  });

  it('a missing ticket number, or the token of another ticket', async () => {
    const a = await invitedTicket();
    const b = await invitedTicket();
    expectNotFound(await h.t.request('GET', `/api/surveys/invitation?token=${a.token}`));
    expectNotFound(await check(b.ticketNumber, a.token));
    expectNotFound(await submit({ ticketNumber: b.ticketNumber, token: a.token }));
    expectNotFound(await check('TKT-999999', a.token));
    expect(await surveysOf(a.ticketId)).toEqual([]);
    expect(await surveysOf(b.ticketId)).toEqual([]);
  });

  it('an expired link (SURVEY_TTL_DAYS after the invitation)', async () => {
    const link = await invitedTicket();
    h.t.clock.advance(28 * DAY - 1000);
    expect((await check(link.ticketNumber, link.token)).status).toBe(200);
    h.t.clock.advance(1000);
    expectNotFound(await check(link.ticketNumber, link.token));
    expectNotFound(await submit(link));
    expect(await surveysOf(link.ticketId)).toEqual([]);
  });

  it('a ticket that is not resolved or closed (reopened), which works again once it is resolved again', async () => {
    const link = await invitedTicket();
    await patch(link.ticketId, { status: 'in_progress' });
    expectNotFound(await check(link.ticketNumber, link.token));
    expectNotFound(await submit(link));
    await patch(link.ticketId, { status: 'closed' });
    expect((await submit(link)).status).toBe(201);
  });
});

describe('submitting', () => {
  it('records one response with the ticket, customer, assigned technician and resolution time from the work history', async () => {
    const ticket = await h.t.createTicket({ clientName: 'Robin Rater', customerEmail: 'robin@customer.test' });
    await patch(ticket.id, { assignedTo: tech.id });
    h.t.clock.advance(2 * 3_600_000);
    await patch(ticket.id, { status: 'resolved' });
    h.t.clock.advance(3 * 3_600_000); // closing later does not move the resolution moment
    await patch(ticket.id, { status: 'closed' });
    await deliver();
    const link = LINK.exec(h.smtp.to('robin@customer.test').find((m) => m.subject.startsWith('How did we do?'))!.decoded)!;
    const res = await submit({ ticketNumber: link[1]!, token: link[2]! }, { comments: '  Quick and friendly  ', improvements: '' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), ticketNumber: ticket.ticketNumber, createdAt: h.t.clock.now().toISOString() });
    const [row] = await surveysOf(ticket.id);
    expect(row).toMatchObject({
      ticketNumber: ticket.ticketNumber,
      customerName: 'Robin Rater',
      customerEmail: 'robin@customer.test',
      assignedTechnicianId: tech.id,
      assignedTechnicianName: tech.username,
      resolutionTimeHours: 2,
      ...ratings,
      comments: 'Quick and friendly',
      improvements: null,
    });
    expect((await check(link[1]!, link[2]!)).body.submitted).toBe(true);
  });

  it('refuses a second submit with a clear message and changes nothing', async () => {
    const link = await invitedTicket();
    expect((await submit(link, { overallRating: 5 })).status).toBe(201);
    const again = await submit(link, { overallRating: 1, comments: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: MSG.surveyAlreadySubmitted, code: 'conflict' });
    const rows = await surveysOf(link.ticketId);
    expect(rows.map((r) => [r.overallRating, r.comments])).toEqual([[5, null]]);
  });

  it('keeps exactly one response when two submits race', async () => {
    const link = await invitedTicket();
    const results = await Promise.all([submit(link, { overallRating: 1 }), submit(link, { overallRating: 5 }), submit(link, { overallRating: 3 })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const rows = await surveysOf(link.ticketId);
    expect(rows).toHaveLength(1);
    const winner = results.find((r) => r.status === 201)!;
    expect(rows[0]!.id).toBe(winner.body.id);
  });

  it('answers a replay with the same Idempotency-Key (an offline outbox resend) with the stored 201', async () => {
    const link = await invitedTicket();
    const key = randomUUID();
    const first = await submit(link, {}, { 'Idempotency-Key': key });
    const again = await submit(link, {}, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await surveysOf(link.ticketId)).toHaveLength(1);
  });

  it('accepts the ticket number in any case and with spaces', async () => {
    const link = await invitedTicket();
    expect((await submit({ ticketNumber: ` ${link.ticketNumber.toLowerCase()} `, token: link.token })).status).toBe(201);
  });
});

describe('SPEC.md 5 messages (400, nothing recorded)', () => {
  const QUESTIONS = Object.keys(SURVEY_RATING_MESSAGES) as SurveyQuestion[];

  it.each(QUESTIONS)('%s missing, 0, 6, 2.5 or text', async (q) => {
    const link = await invitedTicket();
    for (const value of [undefined, 0, 6, 2.5, 'five', null]) {
      const res = await submit(link, { [q]: value });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.message).toBe(SURVEY_RATING_MESSAGES[q]);
      expect(res.body.fieldErrors).toEqual({ [q]: [SURVEY_RATING_MESSAGES[q]] });
    }
    expect(await surveysOf(link.ticketId)).toEqual([]);
  });

  it('all four missing: each message under its field', async () => {
    const res = await h.t.request('POST', '/api/surveys', { body: { ticketNumber: 'TKT-000001', token: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      overallRating: ['Please rate your overall experience'],
      technicianRating: ["Please rate our technician's service"],
      responseTimeRating: ['Please rate our response time'],
      resolutionRating: ['Please rate how well we resolved your issue'],
    });
  });

  it("'No ticket number provided' when the ticket number is missing or blank", async () => {
    for (const ticketNumber of [undefined, '', '   ']) {
      const res = await h.t.request('POST', '/api/surveys', { body: { ticketNumber, token: 'x', ...ratings } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('No ticket number provided');
      expect(res.body.fieldErrors).toEqual({ ticketNumber: ['No ticket number provided'] });
    }
  });

  it('comments and improvements are optional and limited to 5000 characters', async () => {
    const link = await invitedTicket();
    expect((await submit(link, { comments: 'x'.repeat(5001) })).status).toBe(400);
    expect((await submit(link, { comments: null, improvements: undefined })).status).toBe(201);
  });
});

describe('rate limits', () => {
  it('answers 429 after RATE_LIMIT_SURVEYS public survey requests per minute from one address', async () => {
    const t = await startTestApp({ rateLimits: { survey: { points: 3, durationSec: 60 } } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await t.request('GET', '/api/surveys/invitation?ticket=TKT-000001&token=x')).status);
      const limited = await t.request('POST', '/api/surveys', { body: { ticketNumber: 'TKT-000001', token: 'x', ...ratings } });
      expect(statuses).toEqual([404, 404, 404]);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ message: MSG.tooManyRequests, code: 'rate_limited' });
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await t.close();
    }
  });
});
