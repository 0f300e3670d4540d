/**
 * Status link messages through the notify engine (docs/status-links.md), read from the local SMTP
 * sink and twilio peer: a matching "Lost your link?" lookup and a staff resend send the link to the
 * stored e-mail (and by SMS to the stored phone when the customer prefers text), a lookup that does
 * not match writes no job; a new ticket whose contact method is text gets its link by SMS, which
 * counts toward the ticket's link-send limit; jobs hold the link's nonce, never the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { TicketCreateInput } from '@portal/shared';
import { TEST_PUBLIC_URL, allJobs, startNotifyTestApp, type NotifyTestApp } from '../../test/notify';
import type { TestUser } from '../../test/app';

let h: NotifyTestApp;
let tech: TestUser & { token: string };
beforeAll(async () => {
  h = await startNotifyTestApp({ rateLimits: { statusLinkSend: { points: 3, durationSec: 3600 } } });
  tech = await h.t.loginAs('technician');
});
afterAll(() => h.close());

const LINK = new RegExp(`${TEST_PUBLIC_URL}/status/([A-Za-z0-9_-]{43})`);
const deliver = () => h.t.notifier.dispatcher.runOnce();
const lookup = (ticketNumber: string, contact: string) => h.t.request('POST', '/api/ticket-status/lookup', { body: { ticketNumber, contact } });
const resend = (id: string) => h.t.request('POST', `/api/tickets/${id}/status-link`, { token: tech.token });
const newTicket = (o: Partial<TicketCreateInput> = {}) => h.t.createTicket({ customerEmail: `${randomUUID().slice(0, 8)}@customer.test`, ...o });
/** The token of the link in `text`, checked to open the ticket's status view. */
async function opens(text: string | undefined, ticketNumber: string): Promise<string> {
  const token = LINK.exec(text ?? '')?.[1];
  expect(token, `no status link in ${text}`).toBeTruthy();
  const view = await h.t.request('GET', `/api/ticket-status/${token}`);
  expect(view.status).toBe(200);
  expect(view.body.ticketNumber).toBe(ticketNumber);
  return token!;
}

describe('"Lost your link?" sends the link to the contact on file', () => {
  it('e-mails the stored address after a match; no match writes no job and sends nothing', async () => {
    const ticket = await newTicket();
    await deliver();
    const jobsBefore = (await allJobs(h.t.db)).length;
    const mailsBefore = h.smtp.messages.length;
    expect((await lookup(ticket.ticketNumber, 'someone@else.test')).status).toBe(200);
    expect((await lookup('TKT-999999', 'someone@else.test')).status).toBe(200);
    expect((await allJobs(h.t.db)).length).toBe(jobsBefore);

    expect((await lookup(ticket.ticketNumber.toLowerCase(), (await customerOf(ticket.id)).toUpperCase())).status).toBe(200);
    await deliver();
    expect(h.smtp.messages.length).toBe(mailsBefore + 1);
    const [mail] = h.smtp.to(await customerOf(ticket.id)).filter((m) => m.decoded.includes(`Your link to ticket ${ticket.ticketNumber}`));
    const token = await opens(mail?.decoded, ticket.ticketNumber);
    expect(`${TEST_PUBLIC_URL}/status/${token}`).toBe(ticket.statusUrl);
    expect(h.smtp.to('someone@else.test')).toEqual([]);
    expect(JSON.stringify(await allJobs(h.t.db))).not.toContain(token);
  });

  it('texts the stored phone too when the customer prefers text (matched by the phone)', async () => {
    const ticket = await newTicket({ contactMethod: 'text', customerPhone: '(555) 010-3434' });
    await deliver();
    const before = h.sms.messages.length;
    await lookup(ticket.ticketNumber, '555 010 3434');
    await deliver();
    const texts = h.sms.messages.slice(before);
    expect(texts.map((m) => m.to)).toEqual(['+15550103434']);
    expect(texts[0]!.body).toContain(`follow your ticket ${ticket.ticketNumber}`);
    await opens(texts[0]!.body, ticket.ticketNumber);
    const mails = h.smtp.to(await customerOf(ticket.id)).filter((m) => m.decoded.includes('Your link to ticket'));
    expect(mails).toHaveLength(1);
  });
});

describe('staff resend', () => {
  it('e-mails the live link (and texts it to a customer who prefers text), a revoked link is issued anew', async () => {
    const ticket = await newTicket({ contactMethod: 'text', customerPhone: '555 010 5656' });
    await deliver();
    const smsBefore = h.sms.messages.length;
    expect((await h.t.request('DELETE', `/api/tickets/${ticket.id}/status-link`, { token: tech.token })).status).toBe(204);
    expect((await resend(ticket.id)).status).toBe(202);
    await deliver();
    const mail = h.smtp.to(await customerOf(ticket.id)).find((m) => m.decoded.includes('Your link to ticket'));
    const token = await opens(mail?.decoded, ticket.ticketNumber);
    expect(`${TEST_PUBLIC_URL}/status/${token}`).not.toBe(ticket.statusUrl);
    const [text] = h.sms.messages.slice(smsBefore);
    expect(text!.to).toBe('+15550105656');
    expect(LINK.exec(text!.body)?.[1]).toBe(token);
  });
});

describe('a new ticket whose contact method is text', () => {
  it('gets its status link by SMS, counted toward the per-ticket link-send limit (an e-mail customer: neither)', async () => {
    const ticket = await newTicket({ contactMethod: 'text', customerPhone: '555 010 7878' });
    await deliver();
    const text = h.sms.messages.find((m) => m.to === '+15550107878');
    expect(text!.body).toContain(`ticket ${ticket.ticketNumber}`);
    const token = await opens(text!.body, ticket.ticketNumber);
    expect(`${TEST_PUBLIC_URL}/status/${token}`).toBe(ticket.statusUrl);
    // 3 sends per hour: the creation's SMS was one of them.
    expect((await resend(ticket.id)).status).toBe(202);
    expect((await resend(ticket.id)).status).toBe(202);
    expect((await resend(ticket.id)).status).toBe(429);

    // An e-mail customer gets no SMS and the full limit.
    const byMail = await newTicket({ contactMethod: 'email', customerPhone: '555 010 9090' });
    await deliver();
    expect(h.sms.messages.filter((m) => m.to === '+15550109090')).toEqual([]);
    for (let i = 0; i < 3; i++) expect((await resend(byMail.id)).status).toBe(202);
    expect((await resend(byMail.id)).status).toBe(429);
  });
});

async function customerOf(ticketId: string): Promise<string> {
  const res = await h.t.request('GET', `/api/tickets/${ticketId}`, { token: tech.token });
  return res.body.customerEmail as string;
}
