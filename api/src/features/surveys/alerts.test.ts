/**
 * A bad rating (overall 1 or 2) alerts staff in the submit transaction (alerts.ts): the
 * jobs, then the e-mail through a real SMTP sink and the push through a local push service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../test/app';
import { TEST_PUBLIC_URL, allJobs, configureNotifications, startNotifyTestApp, type NotifyTestApp } from '../../test/notify';
import { surveyTestkit } from './surveys.testkit';

let h: NotifyTestApp;
let tech: TestUser & { token: string };

beforeAll(async () => {
  h = await startNotifyTestApp();
  const admin = await h.t.loginAs('admin');
  tech = await h.t.loginAs('technician');
  await configureNotifications(h.t, admin.token, { emails: ['boss@example.com'] });
});
afterAll(() => h.close());

const { deliver, invitedTicket, submit } = surveyTestkit(() => ({ h, tech }));

describe('a bad rating (overall 1 or 2) alerts staff in the same transaction', () => {
  it('e-mails every notification recipient and pushes to the assigned technician, with the comments and a ticket link', async () => {
    const sub = h.push.subscribe();
    expect((await h.t.request('POST', '/api/push/subscriptions', { token: tech.token, body: sub.json })).status).toBe(201);
    try {
      const link = await invitedTicket();
      expect((await submit(link, { overallRating: 2, comments: 'Took three days <sigh>', improvements: 'Call back sooner' })).status).toBe(201);
      const jobs = (await allJobs(h.t.db)).filter((j) => j.ticketId === link.ticketId && j.kind.startsWith('bad_rating'));
      expect(jobs.map((j) => `${j.kind} ${j.recipient}`).sort()).toEqual(['bad_rating_push push:' + tech.username, 'bad_rating_staff boss@example.com']);
      await deliver();
      const mail = h.smtp.to('boss@example.com').find((m) => m.subject.startsWith(`Low rating 2/5 for ticket ${link.ticketNumber}`))!;
      expect(mail.decoded).toContain('Took three days <sigh>');
      expect(mail.decoded).toContain('Call back sooner');
      expect(mail.decoded).toContain(`${TEST_PUBLIC_URL}/technician?ticket=${link.ticketId}`);
      expect(mail.decoded).toContain(`Technician: 5/5 (Excellent)`);
      expect(h.push.payloadsFor(sub).at(-1)).toEqual({
        title: `Low rating 2/5 on ${link.ticketNumber}`,
        body: expect.stringContaining('Took three days <sigh>'),
        url: `/technician?ticket=${link.ticketId}`,
        tag: `survey-${link.ticketId}`,
      });
    } finally {
      await h.t.request('DELETE', '/api/push/subscriptions', { token: tech.token, body: { endpoint: sub.json.endpoint } });
    }
  });

  it('writes no alert for 3 and above, nor for a refused or repeated submit', async () => {
    const fine = await invitedTicket();
    expect((await submit(fine, { overallRating: 3 })).status).toBe(201);
    expect((await submit(fine, { overallRating: 1 })).status).toBe(409);
    const jobs = (await allJobs(h.t.db)).filter((j) => j.ticketId === fine.ticketId && j.kind.startsWith('bad_rating'));
    expect(jobs).toEqual([]);
  });
});

