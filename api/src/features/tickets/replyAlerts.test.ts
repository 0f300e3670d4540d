/**
 * The customer-reply alert end to end (replyAlerts.ts): a reply from the status page and a reply by
 * e-mail (inbound importer) push to the assignee's devices only; on an unassigned ticket they alert
 * whom a new ticket alerts (every staff device, every notification e-mail recipient). One reply gives
 * one alert per target.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { TestUser } from '../../test/app';
import { allJobs, configureNotifications, startNotifyTestApp, type NotifyTestApp } from '../../test/notify';
import type { BrowserSubscription } from '../../test/push-peer';
import { importMessage } from '../inbound/importer';
import { mail } from '../inbound/inbound.testkit';

let h: NotifyTestApp;
let admin: TestUser & { token: string };
let tech: TestUser & { token: string };
let techSub: BrowserSubscription;
let adminSub: BrowserSubscription;
const RECIPIENTS = ['lead@example.com'];

beforeAll(async () => {
  h = await startNotifyTestApp();
  admin = await h.t.loginAs('admin');
  tech = await h.t.loginAs('technician');
  await configureNotifications(h.t, admin.token, { emails: RECIPIENTS });
  techSub = await subscribe(tech.token);
  adminSub = await subscribe(admin.token);
});
afterAll(() => h.close());

async function subscribe(token: string): Promise<BrowserSubscription> {
  const sub = h.push.subscribe();
  expect((await h.t.request('POST', '/api/push/subscriptions', { token, body: sub.json })).status).toBe(201);
  return sub;
}
const deliver = () => h.t.notifier.dispatcher.runOnce();
const replyJobs = async (ticketId: string) => (await allJobs(h.t.db)).filter((j) => j.ticketId === ticketId && j.kind.startsWith('customer_reply'));
const token = (statusUrl: string | undefined) => /\/status\/([A-Za-z0-9_-]{43})$/.exec(statusUrl ?? '')![1]!;
async function newTicket(assignTo?: string) {
  const ticket = await h.t.createTicket({ customerEmail: `${randomUUID().slice(0, 8)}@customer.test`, clientName: 'Robin Reply' });
  if (assignTo) expect((await h.t.request('PATCH', `/api/tickets/${ticket.id}`, { token: admin.token, body: { assignedTo: assignTo } })).status).toBe(200);
  await deliver();
  return ticket;
}

describe('customer reply alert', () => {
  it('a status-page reply pushes once to the assignee only', async () => {
    const ticket = await newTicket(tech.id);
    const adminBefore = h.push.payloadsFor(adminSub).length;
    const res = await h.t.request('POST', `/api/ticket-status/${token(ticket.statusUrl)}/replies`, { body: { comment: 'The printer works again, thanks!' } });
    expect(res.status).toBe(201);
    expect((await replyJobs(ticket.id)).map((j) => `${j.kind} ${j.recipient}`)).toEqual([`customer_reply_push push:${tech.username}`]);
    await deliver();
    expect(h.push.payloadsFor(techSub).at(-1)).toEqual({
      title: `Customer replied on ${ticket.ticketNumber}`,
      body: 'Robin Reply: The printer works again, thanks!',
      url: `/technician?ticket=${ticket.id}`,
      tag: `ticket-${ticket.id}`,
    });
    expect(h.push.payloadsFor(adminSub).length).toBe(adminBefore);
  });

  it('a reply on an unassigned ticket alerts every staff device and the notification recipients', async () => {
    const ticket = await newTicket();
    await h.t.request('POST', `/api/ticket-status/${token(ticket.statusUrl)}/replies`, { body: { comment: 'Any news on this one?' } });
    const jobs = await replyJobs(ticket.id);
    expect(jobs.map((j) => `${j.kind} ${j.recipient}`).sort()).toEqual(
      [`customer_reply_email ${RECIPIENTS[0]}`, `customer_reply_push push:${admin.username}`, `customer_reply_push push:${tech.username}`].sort(),
    );
    await deliver();
    const [alert] = h.smtp.to(RECIPIENTS[0]!).filter((m) => m.decoded.includes(`Customer replied on ${ticket.ticketNumber}`));
    expect(alert!.decoded).toContain('Any news on this one?');
    expect(alert!.decoded).toContain(`/technician?ticket=${ticket.id}`);
    expect(h.push.payloadsFor(adminSub).at(-1)).toMatchObject({ title: `Customer replied on ${ticket.ticketNumber}` });
  });

  it('an e-mail reply alerts the assignee the same way, once', async () => {
    const ticket = await newTicket(tech.id);
    const email = (await h.t.request('GET', `/api/tickets/${ticket.id}`, { token: tech.token })).body.customerEmail as string;
    const raw = mail({ From: `Robin Reply <${email}>`, Subject: `Re: Update on your ticket ${ticket.ticketNumber}`, 'Message-ID': `<${randomUUID()}@example.com>` }, 'Still broken after the restart.');
    const rules = { maxBytes: 1024 * 1024, ownAddresses: [], perSenderPerHour: 20, events: h.t.events };
    expect(await importMessage(h.t.db, Buffer.from(raw), rules, h.t.clock.now())).toMatchObject({ kind: 'reply', ticketId: ticket.id });
    expect(await importMessage(h.t.db, Buffer.from(raw), rules, h.t.clock.now())).toMatchObject({ kind: 'duplicate' });
    const jobs = await replyJobs(ticket.id);
    expect(jobs.map((j) => `${j.kind} ${j.recipient}`)).toEqual([`customer_reply_push push:${tech.username}`]);
    expect(jobs[0]!.summary).toBe(`Customer reply by e-mail on ${ticket.ticketNumber}`);
    await deliver();
    expect(h.push.payloadsFor(techSub).at(-1)).toMatchObject({ body: 'Robin Reply: Still broken after the restart.' });
  });
});
