/**
 * Issue 55 defect 8: status-page reply spam (240 replies in 54 s from 4 IPs made 240 staff alert
 * e-mails). A ticket takes at most 10 status-page replies an hour (429 with a clear message,
 * nothing written), and a burst of replies makes ONE alert per target, however many replies.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { allJobs, configureNotifications, startNotifyTestApp, type NotifyTestApp } from '../../test/notify';
import { REPLY_CAP_MESSAGE } from '../ticket-status/routes';

let h: NotifyTestApp;
const RECIPIENT = 'lead@example.com';

beforeAll(async () => {
  h = await startNotifyTestApp();
  const admin = await h.t.loginAs('admin');
  await configureNotifications(h.t, admin.token, { emails: [RECIPIENT] });
});
afterAll(() => h.close());

it('a burst of status-page replies is capped per ticket and alerts each recipient once', async () => {
  const ticket = await h.t.createTicket({ clientName: 'Spam Sender' });
  const token = /\/status\/([A-Za-z0-9_-]{43})$/.exec(ticket.statusUrl ?? '')![1]!;
  const reply = (i: number) => h.t.request('POST', `/api/ticket-status/${token}/replies`, { body: { comment: `Reply number ${i}` } });
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    // The burst straddles a 15-minute window boundary: still no second alert.
    if (i === 5) h.t.clock.advance(15 * 60_000);
    statuses.push((await reply(i)).status);
  }
  expect(statuses).toEqual([...Array<number>(10).fill(201), 429, 429]);
  const refused = await reply(12);
  expect(refused.body.message).toBe(REPLY_CAP_MESSAGE);
  const history = await h.t.request('GET', `/api/ticket-updates?ticketId=${ticket.id}`, { token: (await h.t.loginAs('technician')).token });
  expect(history.body.filter((e: { updateType: string }) => e.updateType === 'customer_reply')).toHaveLength(10);
  const alerts = (await allJobs(h.t.db)).filter((j) => j.ticketId === ticket.id && j.kind === 'customer_reply_email');
  expect(alerts.map((j) => j.recipient)).toEqual([RECIPIENT]);
});
