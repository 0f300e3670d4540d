/**
 * The customer's e-mails carry the status link (docs/status-links.md): the confirmation and a
 * staff reply's update e-mail, read from a real SMTP sink, link to `PUBLIC_URL/status/<token>`,
 * and that link opens the ticket's view. The outbox rows hold the link's nonce, never the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';

import { allJobs, TEST_PUBLIC_URL, startNotifyTestApp, type NotifyTestApp } from '../../test/notify';

let h: NotifyTestApp;
beforeAll(async () => {
  h = await startNotifyTestApp();
});
afterAll(() => h.close());

const LINK = new RegExp(`${TEST_PUBLIC_URL}/status/([A-Za-z0-9_-]{43})`);

describe('status link in customer e-mails', () => {
  it('is in the confirmation and the reply e-mail, opens the view, and no job stores the token', async () => {
    const customerEmail = `${randomUUID().slice(0, 8)}@customer.test`;
    const ticket = await h.t.createTicket({ customerEmail });
    const tech = await h.t.loginAs('technician');
    expect((await h.t.request('PATCH', `/api/tickets/${ticket.id}`, { token: tech.token, body: { comment: 'On our way', reply: true } })).status).toBe(200);
    await h.t.notifier.dispatcher.runOnce();
    const mails = h.smtp.to(customerEmail);
    const tokens = mails.map((m) => LINK.exec(m.decoded)?.[1]);
    expect(tokens).toHaveLength(2);
    expect(new Set(tokens).size).toBe(1);
    const token = tokens[0]!;
    expect(`${TEST_PUBLIC_URL}/status/${token}`).toBe(ticket.statusUrl);
    const view = await h.t.request('GET', `/api/ticket-status/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.timeline.at(-1)).toMatchObject({ kind: 'staff_reply', text: 'On our way' });
    expect(JSON.stringify(await allJobs(h.t.db))).not.toContain(token);

    // Revoked: the next update e-mail has no link.
    await h.t.request('DELETE', `/api/tickets/${ticket.id}/status-link`, { token: tech.token });
    await h.t.request('PATCH', `/api/tickets/${ticket.id}`, { token: tech.token, body: { comment: 'Fixed', reply: true } });
    await h.t.notifier.dispatcher.runOnce();
    const last = h.smtp.to(customerEmail).at(-1)!;
    expect(last.decoded).toContain('Fixed');
    expect(LINK.test(last.decoded)).toBe(false);
  });
});
