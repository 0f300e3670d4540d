/**
 * Status links over HTTP (docs/status-links.md, DESIGN.md 7 "Public tokens"): the link in the
 * create answer is the only way in; its token is stored nowhere (read with SQL); the public view
 * shows customer-visible events only (never internal notes) with minimal personal data and the
 * no-referrer/no-store/noindex headers; unknown, malformed and expired tokens get one neutral 404;
 * customer replies are work-history entries that reopen Resolved but not Closed.
 * (Contact changes, revoke/resend, the lookup and its limits: links.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { STATUS_TEXT } from '@portal/shared';
import { ticketStatusLinks, ticketUpdates } from '../../db/schema';
import { hashPublicToken } from '../../lib/public-tokens';
import { expectInvalid, statusSuite } from './status.testkit';

const suite = statusSuite();
const { patch, view, reply, linkRow, linked } = suite;

describe('the link', () => {
  it('carries a 256-bit token stored nowhere in plaintext: the row keeps a nonce and sha256(token)', async () => {
    const ticket = await linked();
    const row = await linkRow(ticket.id);
    expect(row!.tokenHash).toBe(hashPublicToken(ticket.token));
    expect(row!.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const dump = await suite.t.db.execute(sql`
      select (select json_agg(l) from ticket_status_links l)::text as links,
             (select json_agg(k) from idempotency_keys k)::text as keys,
             (select json_agg(j) from notification_jobs j)::text as jobs,
             (select json_agg(s) from support_tickets s)::text as tickets,
             (select json_agg(u) from ticket_updates u)::text as updates`);
    expect(JSON.stringify(dump)).not.toContain(ticket.token);
  });

  it('is given again on an idempotent replay of the create, derived from the stored nonce', async () => {
    const key = randomUUID();
    const body = { clientName: 'Replay Person', customerEmail: 'replay@customer.test', customerPhone: '555 0101', severity: 'low', contactMethod: 'email', issue: 'My laptop will not turn on today.' };
    const first = await suite.t.request('POST', '/api/tickets', { body, headers: { 'Idempotency-Key': key } });
    const again = await suite.t.request('POST', '/api/tickets', { body, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.statusUrl).toBe(first.body.statusUrl);
  });
});

describe('GET /api/ticket-status/:token', () => {
  it('shows number, status, severity, first name, phone and customer-visible events; never internal notes or contact data', async () => {
    const ticket = await linked({ severity: 'high', customerPhone: '+1 555 0177' });
    expect((await patch(ticket.id, { assignedTo: suite.tech.id, status: 'in_progress' })).status).toBe(200);
    expect((await patch(ticket.id, { comment: 'Internal: customer sounds annoyed', reply: false })).status).toBe(200);
    expect((await patch(ticket.id, { comment: 'We are on our way', reply: true })).status).toBe(200);
    const res = await view(ticket.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.body).toMatchObject({
      ticketNumber: ticket.ticketNumber,
      status: 'in_progress',
      severity: 'high',
      technicianFirstName: 'Maria',
      supportPhone: suite.t.config.supportPhone,
      canReply: true,
    });
    expect(res.body.timeline.map((e) => [e.kind, e.status, e.text])).toEqual([
      ['created', null, null],
      ['status', 'in_progress', null],
      ['staff_reply', null, 'We are on our way'],
    ]);
    expect(res.text).not.toContain('Internal');
    expect(res.text).not.toContain(ticket.customerEmail);
    expect(res.text).not.toContain('555 0177');
    expect(res.text).not.toContain('maria.lopez');
  });

  it('of a resolved ticket shows the resolution, who resolved it and the survey link until it is answered (issue 56)', async () => {
    const ticket = await linked();
    const before = await view(ticket.token);
    expect(before.body).toMatchObject({ technicianFirstName: null, resolution: null, survey: null });
    expect((await patch(ticket.id, { status: 'resolved', resolution: 'Replaced the toner cartridge.' })).status).toBe(200);
    const res = await view(ticket.token);
    expect(res.body).toMatchObject({ status: 'resolved', technicianFirstName: 'Maria', resolution: 'Replaced the toner cartridge.' });
    const path = res.body.survey!.path;
    expect(path).toMatch(new RegExp(`^/survey\\?ticket=${ticket.ticketNumber}&token=[A-Za-z0-9_-]+$`));
    const token = new URL(path, 'http://x').searchParams.get('token')!;
    // The same link the invitation e-mail carries: it opens the survey, and once answered it is gone.
    expect((await suite.t.request('GET', `/api/surveys/invitation?ticket=${ticket.ticketNumber}&token=${token}`)).status).toBe(200);
    const answer = { ticketNumber: ticket.ticketNumber, token, overallRating: 5, technicianRating: 5, responseTimeRating: 5, resolutionRating: 5 };
    expect((await suite.t.request('POST', '/api/surveys', { body: answer })).status).toBe(201);
    expect((await view(ticket.token)).body.survey).toBeNull();
  });

  it('answers unknown, malformed, number-shaped and foreign-purpose tokens with the same neutral 404 and headers', async () => {
    const ticket = await linked();
    for (const bad of [randomBytes(32).toString('base64url'), 'short', ticket.ticketNumber, `${ticket.token.slice(0, 42)}!`, hashPublicToken(ticket.token)]) {
      const res = await view(bad);
      expectInvalid(res);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
    }
  });

  it('answers an expired link like an unknown one', async () => {
    const ticket = await linked();
    await suite.t.db.update(ticketStatusLinks).set({ expiresAt: new Date(suite.t.clock.now().getTime() - 1000) }).where(eq(ticketStatusLinks.ticketId, ticket.id));
    expectInvalid(await view(ticket.token));
  });

  it('sends the same headers on the page /status/:token', async () => {
    const res = await suite.t.request('GET', `/status/${randomBytes(32).toString('base64url')}`);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
  });
});

describe('customer replies', () => {
  it('become a customer_reply work-history entry staff see, and mark the ticket until opened', async () => {
    const ticket = await linked();
    const res = await reply(ticket.token, '  The printer is still jammed  ');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ticketNumber: ticket.ticketNumber, status: 'open' });
    const history = await suite.t.request('GET', `/api/ticket-updates?ticketId=${ticket.id}`, { token: suite.tech.token });
    const entry = history.body.find((u: { updateType: string }) => u.updateType === 'customer_reply');
    expect(entry).toMatchObject({ comment: 'The printer is still jammed', updatedBy: null, reply: false });
    const staff = await suite.t.request('GET', `/api/tickets/${ticket.id}`, { token: suite.tech.token });
    expect(staff.body.customerRepliedAt).toBe(suite.t.clock.now().toISOString());
    expect((await view(ticket.token)).body.timeline.at(-1)).toMatchObject({ kind: 'customer_reply', text: 'The printer is still jammed' });

    const seen = await suite.t.request('POST', `/api/tickets/${ticket.id}/customer-reply-seen`, { token: suite.tech.token });
    expect(seen.status).toBe(200);
    expect(seen.body.customerRepliedAt).toBeNull();
    expect(seen.body.version).toBe(staff.body.version + 1);
  });

  it('is recorded once for one Idempotency-Key (the page outbox retries)', async () => {
    const ticket = await linked();
    const key = randomUUID();
    const [a, b] = await Promise.all([reply(ticket.token, 'Sent twice', { 'Idempotency-Key': key }), reply(ticket.token, 'Sent twice', { 'Idempotency-Key': key })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const rows = await suite.t.db.select().from(ticketUpdates).where(eq(ticketUpdates.ticketId, ticket.id));
    expect(rows.filter((r) => r.updateType === 'customer_reply')).toHaveLength(1);
  });

  it('reopens a Resolved ticket', async () => {
    const ticket = await linked();
    expect((await patch(ticket.id, { status: 'resolved', resolution: 'Replaced the toner' })).status).toBe(200);
    const res = await reply(ticket.token, 'It broke again');
    expect(res.body.status).toBe('open');
    const rows = await suite.t.db.select().from(ticketUpdates).where(eq(ticketUpdates.ticketId, ticket.id));
    expect(rows.find((r) => r.updateType === 'status_change' && r.previousValue === 'resolved')).toMatchObject({ newValue: 'open', updatedBy: null });
    expect((await view(ticket.token)).body.status).toBe('open');
  });

  it('is refused on a Closed ticket with the advice to submit a new one, writing nothing', async () => {
    const ticket = await linked();
    expect((await patch(ticket.id, { status: 'closed' })).status).toBe(200);
    const before = await suite.t.db.select().from(ticketUpdates).where(eq(ticketUpdates.ticketId, ticket.id));
    const res = await reply(ticket.token, 'Still broken');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: STATUS_TEXT.closedSubmitNew });
    expect(await suite.t.db.select().from(ticketUpdates).where(eq(ticketUpdates.ticketId, ticket.id))).toHaveLength(before.length);
    expect((await view(ticket.token)).body).toMatchObject({ status: 'closed', canReply: false });
  });

  it('validates the text and needs a live link', async () => {
    const ticket = await linked();
    const empty = await reply(ticket.token, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors.comment).toEqual([STATUS_TEXT.replyRequired]);
    expectInvalid(await reply(randomBytes(32).toString('base64url'), 'Hello there'));
  });
});
