/**
 * The notification rules end to end (SPEC.md 7, DESIGN.md 6): tickets created and updated
 * over HTTP write outbox jobs in their transaction; the dispatcher delivers them through nodemailer
 * to a local SMTP server, twilio to a local API peer and web-push to a local push service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SUPPORT_SMS_NUMBER_KEY, type TicketCreateInput } from '@portal/shared';
import { settings } from '../../db/schema';
import { ticketBody, type TestUser } from '../../test/app';
import { TEST_PUBLIC_URL, TEST_TWILIO, allJobs, configureNotifications, startNotifyTestApp, type NotifyTestApp } from '../../test/notify';
import type { BrowserSubscription } from '../../test/push-peer';

let h: NotifyTestApp;
let admin: TestUser & { token: string };
let tech: TestUser & { token: string };
const SUPPORT_NUMBER = '(555) 000-9999';
const RECIPIENTS = ['boss@example.com', 'ops@example.com'];

beforeAll(async () => {
  h = await startNotifyTestApp();
  admin = await h.t.loginAs('admin');
  tech = await h.t.loginAs('technician');
  await configureNotifications(h.t, admin.token, { number: SUPPORT_NUMBER, emails: RECIPIENTS });
});
afterAll(() => h.close());

const jobsOf = async (ticketId: string) => (await allJobs(h.t.db)).filter((j) => j.ticketId === ticketId);
const kindsOf = async (ticketId: string) => (await jobsOf(ticketId)).map((j) => `${j.kind} ${j.recipient}`).sort();
const deliver = () => h.t.notifier.dispatcher.runOnce();
const newTicket = (overrides: Partial<TicketCreateInput>) => h.t.createTicket({ customerEmail: `${randomUUID().slice(0, 8)}@customer.test`, ...overrides });
const patch = (id: string, token: string, body: unknown, headers?: Record<string, string>) =>
  h.t.request('PATCH', `/api/tickets/${id}`, { token, body, headers });

async function subscribe(token: string): Promise<BrowserSubscription> {
  const sub = h.push.subscribe();
  const res = await h.t.request('POST', '/api/push/subscriptions', { token, body: sub.json });
  expect(res.status).toBe(201);
  return sub;
}
const unsubscribe = (token: string, sub: BrowserSubscription) =>
  h.t.request('DELETE', '/api/push/subscriptions', { token, body: { endpoint: sub.json.endpoint } });

describe('new ticket (SPEC.md 7)', () => {
  it('e-mails every recipient with the details and a link, confirms to the customer, sends no SMS for medium by e-mail', async () => {
    const customerEmail = 'dana@customer.test';
    const ticket = await newTicket({ severity: 'medium', contactMethod: 'email', customerEmail, clientName: 'Dana <Admin>' });
    expect(await kindsOf(ticket.id)).toEqual([
      `customer_confirmation ${customerEmail}`,
      'new_ticket_staff boss@example.com',
      'new_ticket_staff ops@example.com',
    ]);
    expect((await jobsOf(ticket.id)).every((j) => j.status === 'pending')).toBe(true);

    await deliver();
    for (const to of RECIPIENTS) {
      const [mail, ...more] = h.smtp.to(to).filter((m) => m.subject.includes(ticket.ticketNumber));
      expect(more).toEqual([]);
      expect(mail!.subject).toBe(`New ticket ${ticket.ticketNumber} (Medium) - Dana <Admin>`);
      expect(mail!.decoded).toContain(`${TEST_PUBLIC_URL}/technician?ticket=${ticket.id}`);
      expect(mail!.decoded).toContain('Medium - Needs attention but not urgent');
      expect(mail!.decoded).toContain('Dana &lt;Admin&gt;');
      expect(mail!.decoded.split('Content-Type: text/html')[1]).not.toContain('Dana <Admin>');
      expect(mail!.decoded).toContain(h.t.config.supportPhone);
    }
    const [confirmation] = h.smtp.to(customerEmail);
    expect(confirmation!.subject).toBe(`We received your support request - ticket ${ticket.ticketNumber}`);
    expect(confirmation!.decoded).toContain(h.t.config.appName);
    expect(h.sms.messages.filter((m) => m.body.includes(ticket.ticketNumber))).toEqual([]);
    const jobs = await jobsOf(ticket.id);
    expect(jobs.map((j) => [j.status, j.attempts])).toEqual(jobs.map(() => ['sent', 1]));
    expect(jobs[0]!.detail).toMatch(/^SMTP 250/);
  });

  it('pages the support number and texts the customer for a high ticket', async () => {
    const ticket = await newTicket({ severity: 'high', contactMethod: 'email', customerPhone: '(555) 010-2030' });
    const kinds = await kindsOf(ticket.id);
    expect(kinds).toContain(`support_sms ${SUPPORT_NUMBER}`);
    expect(kinds).toContain('customer_sms (555) 010-2030');

    await deliver();
    const texts = h.sms.messages.filter((m) => m.body.includes(ticket.ticketNumber));
    expect(texts.map((m) => m.to).sort()).toEqual(['+15550009999', '+15550102030']);
    const page = texts.find((m) => m.to === '+15550009999')!;
    expect(page.body).toContain(`HIGH ticket ${ticket.ticketNumber}`);
    expect(page.body).toContain(`${TEST_PUBLIC_URL}/technician?ticket=${ticket.id}`);
    expect(page.from).toBe(TEST_TWILIO.from);
    expect(page.authorization).toBe(`Basic ${Buffer.from(`${TEST_TWILIO.accountSid}:${TEST_TWILIO.authToken}`).toString('base64')}`);
    const customer = texts.find((m) => m.to === '+15550102030')!;
    expect(customer.body).toContain('high priority');
    const smsJobs = (await jobsOf(ticket.id)).filter((j) => j.channel === 'sms');
    expect(smsJobs.map((j) => j.status)).toEqual(['sent', 'sent']);
    expect(smsJobs[0]!.detail).toMatch(/^twilio SM\d+ queued/);
  });

  it('texts a low-severity customer who chose text messages, without paging support', async () => {
    const ticket = await newTicket({ severity: 'low', contactMethod: 'text', customerPhone: '555 010 7777' });
    const kinds = await kindsOf(ticket.id);
    expect(kinds).toContain('customer_sms 555 010 7777');
    expect(kinds.some((k) => k.startsWith('support_sms'))).toBe(false);
  });

  it('sends no support SMS while no number is saved, but still texts the customer of an urgent ticket', async () => {
    await h.t.db.delete(settings).where(eq(settings.key, SUPPORT_SMS_NUMBER_KEY));
    try {
      const ticket = await newTicket({ severity: 'urgent', contactMethod: 'phone', customerPhone: '5550104444' });
      const kinds = await kindsOf(ticket.id);
      expect(kinds.some((k) => k.startsWith('support_sms'))).toBe(false);
      expect(kinds).toContain('customer_sms 5550104444');
    } finally {
      await configureNotifications(h.t, admin.token, { number: SUPPORT_NUMBER });
    }
  });

  it('pushes to every staff device; the payload opens the ticket in the PWA', async () => {
    const techSub = await subscribe(tech.token);
    const adminSub = await subscribe(admin.token);
    try {
      const ticket = await newTicket({ severity: 'urgent', clientName: 'Pat', businessName: 'Pat & Co' });
      const pushJobs = (await jobsOf(ticket.id)).filter((j) => j.channel === 'push');
      expect(pushJobs.map((j) => j.recipient).sort()).toEqual([`push:${admin.username}`, `push:${tech.username}`].sort());

      await deliver();
      const expected = {
        title: `New ticket ${ticket.ticketNumber} (Urgent)`,
        body: expect.stringContaining('Pat (Pat & Co): The office printer'),
        url: `/technician?ticket=${ticket.id}`,
        tag: `ticket-${ticket.id}`,
      };
      expect(h.push.payloadsFor(techSub)).toEqual([expected]);
      expect(h.push.payloadsFor(adminSub)).toEqual([expected]);
      const request = h.push.received.find((r) => r.endpoint === techSub.json.endpoint)!;
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(String(request.headers.authorization)).toMatch(/^vapid t=.+, k=/);
    } finally {
      await unsubscribe(tech.token, techSub);
      await unsubscribe(admin.token, adminSub);
    }
  });
});

describe('staff update (SPEC.md 4)', () => {
  it('e-mails the customer the change and the reply, escaped in HTML; no survey before resolution', async () => {
    const ticket = await newTicket({ customerEmail: 'update@customer.test' });
    const res = await patch(ticket.id, tech.token, { status: 'in_progress', comment: 'On my way <b>now</b>', reply: true });
    expect(res.status).toBe(200);
    const jobs = (await jobsOf(ticket.id)).filter((j) => j.kind !== 'customer_confirmation' && j.kind !== 'new_ticket_staff');
    expect(jobs.map((j) => [j.kind, j.recipient, j.summary])).toEqual([
      ['ticket_updated', 'update@customer.test', `Update on ticket ${ticket.ticketNumber}: status In Progress, reply`],
    ]);

    await deliver();
    const mail = h.smtp.to('update@customer.test').find((m) => m.subject === `Update on your ticket ${ticket.ticketNumber}`)!;
    expect(mail.decoded).toContain('Status: Open -> In Progress');
    expect(mail.decoded).toContain(`Comment from ${tech.username}:\nOn my way <b>now</b>`);
    const html = mail.decoded.split('Content-Type: text/html')[1]!;
    expect(html).toContain('On my way &lt;b&gt;now&lt;/b&gt;');
    expect(html).not.toContain('<b>now</b>');
  });

  it('e-mails the question when "Waiting on customer" is ticked, and the resumption when it is unticked (issue 56)', async () => {
    const ticket = await newTicket({ customerEmail: 'waiting@customer.test' });
    expect((await patch(ticket.id, tech.token, { waitingOnCustomer: true, comment: 'Which printer is it?', reply: true })).status).toBe(200);
    expect((await patch(ticket.id, tech.token, { waitingOnCustomer: false })).status).toBe(200);
    await deliver();
    const jobs = (await jobsOf(ticket.id)).filter((j) => j.kind === 'ticket_updated');
    // Both jobs have the same time, kind and recipient: compared in summary order.
    expect(jobs.map((j) => [j.status, j.attempts, j.summary]).sort((a, b) => String(a[2]).localeCompare(String(b[2])))).toEqual([
      ['sent', 1, `Update on ticket ${ticket.ticketNumber}: no longer waiting`],
      ['sent', 1, `Update on ticket ${ticket.ticketNumber}: waiting on customer, reply`],
    ]);
    const mails = h.smtp.to('waiting@customer.test').filter((m) => m.subject === `Update on your ticket ${ticket.ticketNumber}`);
    expect(mails).toHaveLength(2);
    const asked = mails.find((m) => m.decoded.includes('We need an answer from you before we can go on with this ticket.'))!;
    expect(asked.decoded).toContain(`Comment from ${tech.username}:\nWhich printer is it?`);
    expect(mails.find((m) => m !== asked)!.decoded).toContain('We are working on your ticket again.');
  });

  it('never e-mails an internal note: a note alone writes no job, a note with a status change e-mails only the status', async () => {
    const customerEmail = 'notes@customer.test';
    const ticket = await newTicket({ customerEmail });
    const note = await patch(ticket.id, tech.token, { comment: 'Customer sounded annoyed; password is on the sticky note' });
    expect(note.status).toBe(200);
    expect(note.body.updates).toEqual([expect.objectContaining({ updateType: 'comment', reply: false })]);
    expect((await jobsOf(ticket.id)).filter((j) => j.kind === 'ticket_updated')).toEqual([]);

    await patch(ticket.id, tech.token, { status: 'in_progress', comment: 'Internal: check the VLAN first' });
    const updateJobs = (await jobsOf(ticket.id)).filter((j) => j.kind === 'ticket_updated');
    expect(updateJobs.map((j) => j.summary)).toEqual([`Update on ticket ${ticket.ticketNumber}: status In Progress`]);

    await patch(ticket.id, tech.token, { comment: 'We replaced the switch; please restart your PC.', reply: true });
    await deliver();
    const mails = h.smtp.to(customerEmail).filter((m) => m.subject === `Update on your ticket ${ticket.ticketNumber}`);
    expect(mails).toHaveLength(2);
    const all = mails.map((m) => m.decoded).join('\n');
    expect(all).toContain('We replaced the switch; please restart your PC.');
    expect(all).not.toContain('sticky note');
    expect(all).not.toContain('VLAN');
  });

  it('never e-mails a severity change (staff triage); a status change in the same update still is', async () => {
    const ticket = await newTicket({ customerEmail: 'severity@customer.test', severity: 'medium' });
    const triage = await patch(ticket.id, tech.token, { severity: 'urgent' });
    expect(triage.body.updates).toEqual([expect.objectContaining({ updateType: 'severity_change', previousValue: 'medium', newValue: 'urgent' })]);
    expect((await jobsOf(ticket.id)).filter((j) => j.kind === 'ticket_updated')).toEqual([]);
    await patch(ticket.id, tech.token, { severity: 'low', status: 'in_progress' });
    const updateJobs = (await jobsOf(ticket.id)).filter((j) => j.kind === 'ticket_updated');
    expect(updateJobs.map((j) => j.summary)).toEqual([`Update on ticket ${ticket.ticketNumber}: status In Progress`]);
  });

  it('invites to the survey once when the ticket becomes resolved, not again when it is closed', async () => {
    const ticket = await newTicket({ customerEmail: 'survey@customer.test' });
    await patch(ticket.id, tech.token, { status: 'resolved', resolution: 'Replaced the toner' });
    await patch(ticket.id, tech.token, { status: 'closed' });
    const kinds = (await jobsOf(ticket.id)).map((j) => j.kind).filter((k) => k === 'ticket_updated' || k === 'survey_invite');
    expect(kinds.sort()).toEqual(['survey_invite', 'ticket_updated', 'ticket_updated']);

    await deliver();
    const mails = h.smtp.to('survey@customer.test');
    const invite = mails.find((m) => m.subject.startsWith('How did we do?'))!;
    expect(invite.decoded).toMatch(new RegExp(`${TEST_PUBLIC_URL}/survey\\?ticket=${ticket.ticketNumber}&token=[A-Za-z0-9_-]{43}`));
    const resolved = mails.find((m) => m.decoded.includes('Status: Open -> Resolved'))!;
    expect(resolved.decoded).toContain('Replaced the toner');
    expect(mails.some((m) => m.decoded.includes('Status: Resolved -> Closed'))).toBe(true);
  });

  it('pushes an assignment to the assignee only, and nothing when staff assign themselves', async () => {
    const other = await h.t.loginAs('technician');
    const otherSub = await subscribe(other.token);
    const techSub = await subscribe(tech.token);
    try {
      const ticket = await newTicket({});
      await deliver();
      const before = h.push.received.length;
      await patch(ticket.id, tech.token, { assignedTo: other.id });
      const pushJobs = (await jobsOf(ticket.id)).filter((j) => j.kind === 'assigned_push');
      expect(pushJobs.map((j) => j.recipient)).toEqual([`push:${other.username}`]);
      await deliver();
      expect(h.push.received.length).toBe(before + 1);
      expect(h.push.payloadsFor(otherSub).at(-1)).toEqual({
        title: `Assigned to you: ${ticket.ticketNumber}`,
        body: expect.stringContaining(`${tech.username} assigned you`),
        url: `/technician?ticket=${ticket.id}`,
        tag: `ticket-${ticket.id}`,
      });

      const own = await newTicket({});
      await patch(own.id, tech.token, { assignedTo: tech.id });
      expect((await jobsOf(own.id)).filter((j) => j.kind === 'assigned_push')).toEqual([]);
      expect((await jobsOf(own.id)).filter((j) => j.kind === 'ticket_updated')).toHaveLength(1);
    } finally {
      await unsubscribe(other.token, otherSub);
      await unsubscribe(tech.token, techSub);
    }
  });

  it('writes nothing for an idempotent replay, a PATCH that changes nothing, or a conflict', async () => {
    const key = randomUUID();
    const body = ticketBody({ clientName: 'Replay Customer' });
    const first = await h.t.request('POST', '/api/tickets', { body, headers: { 'Idempotency-Key': key } });
    const again = await h.t.request('POST', '/api/tickets', { body, headers: { 'Idempotency-Key': key } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const ticketId = first.body.id as string;
    const created = (await jobsOf(ticketId)).length;

    const patchKey = randomUUID();
    expect((await patch(ticketId, tech.token, { comment: 'Once', reply: true }, { 'Idempotency-Key': patchKey })).status).toBe(200);
    expect((await patch(ticketId, tech.token, { comment: 'Once', reply: true }, { 'Idempotency-Key': patchKey })).headers.get('idempotent-replayed')).toBe('true');
    expect((await jobsOf(ticketId)).length).toBe(created + 1);

    const same = await patch(ticketId, tech.token, { status: 'open' });
    expect(same.body.updates).toEqual([]);
    await patch(ticketId, tech.token, { status: 'in_progress' });
    const conflict = await patch(ticketId, tech.token, { status: 'resolved', baseVersion: 1 });
    expect(conflict.status).toBe(409);
    expect((await jobsOf(ticketId)).length).toBe(created + 2);
  });
});
