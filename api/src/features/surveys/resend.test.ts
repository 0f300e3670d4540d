/**
 * "Send me the survey link" and survey invitations by SMS over HTTP (docs/surveys.md "Lost survey
 * link"): the link goes only to the ticket's stored contact (e-mail, and SMS for contact method
 * text), the answer is the same for every number, nothing is sent for unknown, answered, open or
 * expired tickets, and the per-IP and per-ticket limits answer 429 whatever the number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SURVEY_RESEND_TEXT } from '@portal/shared';
import { notificationJobs, supportTickets, surveyInvitations } from '../../db/schema';
import { startTestApp, type TestUser } from '../../test/app';
import { TEST_PUBLIC_URL, startNotifyTestApp, type NotifyTestApp } from '../../test/notify';
import { surveyTestkit } from './surveys.testkit';

let h: NotifyTestApp;
let tech: TestUser & { token: string };
const ROOMY = { points: 100_000, durationSec: 60 };

beforeAll(async () => {
  h = await startNotifyTestApp({ rateLimits: { surveyResendIp: ROOMY, surveyResendTicket: ROOMY, survey: ROOMY } });
  tech = await h.t.loginAs('technician');
});
afterAll(() => h.close());

const { deliver, LINK, invitedTicket, submit, check } = surveyTestkit(() => ({ h, tech }));
const resend = (ticketNumber: unknown) => h.t.request('POST', '/api/surveys/resend', { body: { ticketNumber } });
const jobsOf = (ticketId: string) => h.t.db.select().from(notificationJobs).where(eq(notificationJobs.ticketId, ticketId));
const SMS_LINK = new RegExp(`${TEST_PUBLIC_URL}/survey\\?ticket=(TKT-\\d+)&token=([A-Za-z0-9_-]{43})`);

describe('survey invitations by SMS', () => {
  it('texts the signed link to a customer whose contact method is text, as well as e-mailing it', async () => {
    const link = await invitedTicket('resolved', { contactMethod: 'text', customerPhone: '555 010 4242' });
    const texts = h.sms.messages.filter((m) => m.to === '+15550104242' && m.body.includes('Rate our support'));
    expect(texts).toHaveLength(1);
    const [, number, token] = SMS_LINK.exec(texts[0]!.body)!;
    expect(number).toBe(link.ticketNumber);
    expect(token).toBe(link.token);
    expect((await check(number!, token!)).status).toBe(200);
    const [inv] = await h.t.db.select().from(surveyInvitations).where(eq(surveyInvitations.ticketId, link.ticketId));
    expect(inv!.sentAt).not.toBeNull();
    expect(JSON.stringify(await jobsOf(link.ticketId))).not.toContain(link.token);
  });

  it('sends no SMS invitation to a customer who chose e-mail', async () => {
    const link = await invitedTicket('resolved', { contactMethod: 'email', customerPhone: '555 010 4343' });
    expect((await jobsOf(link.ticketId)).map((j) => j.kind)).not.toContain('survey_invite_sms');
    expect(h.sms.messages.filter((m) => m.to === '+15550104343')).toEqual([]);
  });
});

describe('POST /api/surveys/resend', () => {
  it('e-mails the same working link again to the stored address only, and texts it for contact method text', async () => {
    const link = await invitedTicket('closed', { contactMethod: 'text', customerPhone: '555 010 5151' });
    const [ticket] = await h.t.db.select().from(supportTickets).where(eq(supportTickets.id, link.ticketId));
    const email = ticket!.customerEmail;
    const res = await resend(link.ticketNumber.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: SURVEY_RESEND_TEXT.answer });
    await deliver();
    const mails = h.smtp.to(email).filter((m) => m.subject.startsWith('How did we do?'));
    expect(mails).toHaveLength(2);
    expect(LINK.exec(mails[1]!.decoded)![2]).toBe(link.token);
    const texts = h.sms.messages.filter((m) => m.to === '+15550105151' && m.body.includes('Rate our support'));
    expect(texts).toHaveLength(2);
    expect(SMS_LINK.exec(texts[1]!.body)![2]).toBe(link.token);
  });

  it('answers the same for unknown, answered, open and malformed-looking numbers, and sends nothing for them', async () => {
    const answered = await invitedTicket();
    expect((await submit(answered)).status).toBe(201);
    const open = await h.t.createTicket({});
    const before = (await h.t.db.select().from(notificationJobs)).length;
    const answers = [];
    for (const n of ['TKT-999999', answered.ticketNumber, open.ticketNumber, 'not a ticket', "TKT-1' or 1=1 --"]) answers.push(await resend(n));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual({ message: SURVEY_RESEND_TEXT.answer });
    }
    expect((await h.t.db.select().from(notificationJobs)).length).toBe(before);
  });

  it('sends nothing once the invitation expired', async () => {
    const link = await invitedTicket();
    await h.t.db.update(surveyInvitations).set({ expiresAt: new Date(h.t.clock.now().getTime() - 1000) }).where(eq(surveyInvitations.ticketId, link.ticketId));
    const before = (await jobsOf(link.ticketId)).map((j) => j.kind);
    expect((await resend(link.ticketNumber)).body).toEqual({ message: SURVEY_RESEND_TEXT.answer });
    expect((await jobsOf(link.ticketId)).map((j) => j.kind)).toEqual(before);
  });

  it('refuses a missing ticket number with a field message and sends nothing', async () => {
    for (const body of [{}, { ticketNumber: '' }, { ticketNumber: 'x'.repeat(41) }]) {
      const res = await h.t.request('POST', '/api/surveys/resend', { body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.fieldErrors).toHaveProperty('ticketNumber');
    }
  });
});

describe('rate limits', () => {
  it('limits resends per ticket number and per IP through the shared limiter, whatever the number', async () => {
    const limited = await startTestApp({ rateLimits: { surveyResendIp: { points: 3, durationSec: 900 }, surveyResendTicket: { points: 2, durationSec: 3600 } } });
    try {
      const ask = (ticketNumber: string) => limited.request('POST', '/api/surveys/resend', { body: { ticketNumber } });
      expect((await ask('TKT-000001')).status).toBe(200);
      expect((await ask('tkt-000001')).status).toBe(200);
      const third = await ask('TKT-000001');
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBeTruthy();
      expect((await ask('TKT-424242')).status).toBe(200);
      expect((await ask('TKT-434343')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
