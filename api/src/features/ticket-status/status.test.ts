/**
 * Status links over HTTP (docs/status-links.md, DESIGN.md 7 "Public tokens"): the link in the
 * create answer is the only way in; its token is stored nowhere (read with SQL); the public view
 * shows customer-visible events only (never internal notes) with minimal personal data and the
 * no-referrer/no-store/noindex headers; unknown, malformed, revoked and rotated tokens get one
 * neutral 404; customer replies are work-history entries that reopen Resolved but not Closed;
 * the lookup answers alike for match and no match and is rate limited per IP and per ticket;
 * sequential numbers open nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { LOOKUP_TEXT, STATUS_TEXT, type TicketCreateInput, type TicketStatusView } from '@portal/shared';
import { supportTickets, ticketStatusLinks, ticketUpdates } from '../../db/schema';
import { hashPublicToken } from '../../lib/public-tokens';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';

let t: TestApp;
let tech: TestUser & { token: string };

beforeAll(async () => {
  t = await startTestApp({
    env: { PUBLIC_URL: 'https://support.example.test' },
    rateLimits: {
      status: { points: 100_000, durationSec: 60 },
      statusLookupIp: { points: 100_000, durationSec: 60 },
      statusLookupTicket: { points: 100_000, durationSec: 60 },
    },
  });
  tech = await t.loginAs('technician', { username: 'maria.lopez' });
});
afterAll(() => t.close());

const LINK = /^https:\/\/support\.example\.test\/status\/([A-Za-z0-9_-]{43})$/;
const patch = (id: string, body: unknown) => t.request('PATCH', `/api/tickets/${id}`, { token: tech.token, body });
const view = (token: string) => t.request<TicketStatusView>('GET', `/api/ticket-status/${token}`);
const reply = (token: string, comment: string, headers?: Record<string, string>) =>
  t.request('POST', `/api/ticket-status/${token}/replies`, { body: { comment }, headers });
const lookup = (ticketNumber: string, contact: string) => t.request('POST', '/api/ticket-status/lookup', { body: { ticketNumber, contact } });
const linkRow = async (ticketId: string) => (await t.db.select().from(ticketStatusLinks).where(eq(ticketStatusLinks.ticketId, ticketId)))[0];

/** A new ticket and the token of its status link (from the create answer). */
async function linked(overrides: Partial<TicketCreateInput> = {}) {
  const customerEmail = `${randomUUID().slice(0, 8)}@customer.test`;
  const created = await t.createTicket({ customerEmail, ...overrides });
  const token = LINK.exec(created.statusUrl ?? '')?.[1];
  if (!token) throw new Error(`no status link in ${JSON.stringify(created)}`);
  return { ...created, token, customerEmail };
}

function expectInvalid(res: { status: number; body: unknown }) {
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ message: STATUS_TEXT.invalidLink, code: 'not_found' });
}

describe('the link', () => {
  it('carries a 256-bit token stored nowhere in plaintext: the row keeps a nonce and sha256(token)', async () => {
    const ticket = await linked();
    const row = await linkRow(ticket.id);
    expect(row!.tokenHash).toBe(hashPublicToken(ticket.token));
    expect(row!.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const dump = await t.db.execute(sql`
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
    const first = await t.request('POST', '/api/tickets', { body, headers: { 'Idempotency-Key': key } });
    const again = await t.request('POST', '/api/tickets', { body, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.statusUrl).toBe(first.body.statusUrl);
  });
});

describe('GET /api/ticket-status/:token', () => {
  it('shows number, status, severity, first name, phone and customer-visible events; never internal notes or contact data', async () => {
    const ticket = await linked({ severity: 'high', customerPhone: '+1 555 0177' });
    expect((await patch(ticket.id, { assignedTo: tech.id, status: 'in_progress' })).status).toBe(200);
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
      supportPhone: t.config.supportPhone,
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
    await t.db.update(ticketStatusLinks).set({ expiresAt: new Date(t.clock.now().getTime() - 1000) }).where(eq(ticketStatusLinks.ticketId, ticket.id));
    expectInvalid(await view(ticket.token));
  });

  it('sends the same headers on the page /status/:token', async () => {
    const res = await t.request('GET', `/status/${randomBytes(32).toString('base64url')}`);
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
    const history = await t.request('GET', `/api/ticket-updates?ticketId=${ticket.id}`, { token: tech.token });
    const entry = history.body.find((u: { updateType: string }) => u.updateType === 'customer_reply');
    expect(entry).toMatchObject({ comment: 'The printer is still jammed', updatedBy: null, reply: false });
    const staff = await t.request('GET', `/api/tickets/${ticket.id}`, { token: tech.token });
    expect(staff.body.customerRepliedAt).toBe(t.clock.now().toISOString());
    expect((await view(ticket.token)).body.timeline.at(-1)).toMatchObject({ kind: 'customer_reply', text: 'The printer is still jammed' });

    const seen = await t.request('POST', `/api/tickets/${ticket.id}/customer-reply-seen`, { token: tech.token });
    expect(seen.status).toBe(200);
    expect(seen.body.customerRepliedAt).toBeNull();
    expect(seen.body.version).toBe(staff.body.version + 1);
  });

  it('is recorded once for one Idempotency-Key (the page outbox retries)', async () => {
    const ticket = await linked();
    const key = randomUUID();
    const [a, b] = await Promise.all([reply(ticket.token, 'Sent twice', { 'Idempotency-Key': key }), reply(ticket.token, 'Sent twice', { 'Idempotency-Key': key })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const rows = await t.db.select().from(ticketUpdates).where(eq(ticketUpdates.ticketId, ticket.id));
    expect(rows.filter((r) => r.updateType === 'customer_reply')).toHaveLength(1);
  });

  it('reopens a Resolved ticket', async () => {
    const ticket = await linked();
    expect((await patch(ticket.id, { status: 'resolved', resolution: 'Replaced the toner' })).status).toBe(200);
    const res = await reply(ticket.token, 'It broke again');
    expect(res.body.status).toBe('open');
    const rows = await t.db.select().from(ticketUpdates).where(eq(ticketUpdates.ticketId, ticket.id));
    expect(rows.find((r) => r.updateType === 'status_change' && r.previousValue === 'resolved')).toMatchObject({ newValue: 'open', updatedBy: null });
    expect((await view(ticket.token)).body.status).toBe('open');
  });

  it('is refused on a Closed ticket with the advice to submit a new one, writing nothing', async () => {
    const ticket = await linked();
    expect((await patch(ticket.id, { status: 'closed' })).status).toBe(200);
    const before = await t.db.select().from(ticketUpdates).where(eq(ticketUpdates.ticketId, ticket.id));
    const res = await reply(ticket.token, 'Still broken');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: STATUS_TEXT.closedSubmitNew });
    expect(await t.db.select().from(ticketUpdates).where(eq(ticketUpdates.ticketId, ticket.id))).toHaveLength(before.length);
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

describe('staff: contact change, revoke, resend', () => {
  it('rotates the link when the e-mail or phone changes: the old link stops working', async () => {
    const ticket = await linked();
    const same = await t.request('PATCH', `/api/tickets/${ticket.id}/contact`, { token: tech.token, body: { customerEmail: ticket.customerEmail } });
    expect(same.status).toBe(200);
    expect((await view(ticket.token)).status).toBe(200);

    const before = await linkRow(ticket.id);
    const changed = await t.request('PATCH', `/api/tickets/${ticket.id}/contact`, { token: tech.token, body: { customerPhone: '+1 555 0999' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ customerPhone: '+1 555 0999', version: same.body.version + 1 });
    expectInvalid(await view(ticket.token));
    const after = await linkRow(ticket.id);
    expect(after!.tokenHash).not.toBe(before!.tokenHash);

    const email = await t.request('PATCH', `/api/tickets/${ticket.id}/contact`, { token: tech.token, body: { customerEmail: 'new@customer.test' } });
    expect(email.body.customerEmail).toBe('new@customer.test');
    expect((await linkRow(ticket.id))!.tokenHash).not.toBe(after!.tokenHash);
  });

  it('validates the contact change', async () => {
    const ticket = await linked();
    const bad = await t.request('PATCH', `/api/tickets/${ticket.id}/contact`, { token: tech.token, body: { customerEmail: 'nope' } });
    expect(bad.status).toBe(400);
    expect((await t.request('PATCH', `/api/tickets/${randomUUID()}/contact`, { token: tech.token, body: { customerPhone: '555 1234' } })).status).toBe(404);
  });

  it('revokes the link, and a resend issues a new one', async () => {
    const ticket = await linked();
    expect((await t.request('DELETE', `/api/tickets/${ticket.id}/status-link`, { token: tech.token })).status).toBe(204);
    expectInvalid(await view(ticket.token));
    expect(await linkRow(ticket.id)).toBeUndefined();
    const resent = await t.request('POST', `/api/tickets/${ticket.id}/status-link`, { token: tech.token });
    expect(resent.status).toBe(202);
    const row = await linkRow(ticket.id);
    expect(row!.tokenHash).not.toBe(hashPublicToken(ticket.token));
    expect(resent.body.expiresAt).toBe(row!.expiresAt.toISOString());
  });

  it('keeps a live link on resend', async () => {
    const ticket = await linked();
    expect((await t.request('POST', `/api/tickets/${ticket.id}/status-link`, { token: tech.token })).status).toBe(202);
    expect((await view(ticket.token)).status).toBe(200);
  });
});

describe('POST /api/ticket-status/lookup', () => {
  it('answers identically (status and body) for a match and for no match', async () => {
    const ticket = await linked({ customerPhone: '(555) 010-4242' });
    const answers = await Promise.all([
      lookup(ticket.ticketNumber, ticket.customerEmail.toUpperCase()),
      lookup(ticket.ticketNumber.toLowerCase(), '555-010-4242'),
      lookup(ticket.ticketNumber, 'someone@else.test'),
      lookup('TKT-999999', ticket.customerEmail),
      lookup('not a number', '1'),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.text).toBe(answers[0]!.text);
      expect(a.headers.get('content-length')).toBe(answers[0]!.headers.get('content-length'));
    }
    expect(answers[0]!.body).toEqual({ message: LOOKUP_TEXT.answer });
  });

  it('gives a ticket whose link was revoked a new one only on a match', async () => {
    const ticket = await linked({ customerPhone: '555 010 5151' });
    await t.request('DELETE', `/api/tickets/${ticket.id}/status-link`, { token: tech.token });
    await lookup(ticket.ticketNumber, 'wrong@customer.test');
    expect(await linkRow(ticket.id)).toBeUndefined();
    await lookup(ticket.ticketNumber, '5550105151');
    expect(await linkRow(ticket.id)).toBeDefined();
  });

  it('keeps a live link (does not rotate it) on a matching lookup', async () => {
    const ticket = await linked();
    await lookup(ticket.ticketNumber, ticket.customerEmail);
    expect((await view(ticket.token)).status).toBe(200);
  });

  it('validates its body', async () => {
    const res = await lookup('', '');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });
});

describe('rate limits and enumeration', () => {
  it('limits lookups per IP and per ticket number through the shared limiter', async () => {
    const limited = await startTestApp({
      rateLimits: { statusLookupIp: { points: 3, durationSec: 900 }, statusLookupTicket: { points: 2, durationSec: 3600 } },
    });
    try {
      const ask = (ticketNumber: string, ip: string) =>
        limited.request('POST', '/api/ticket-status/lookup', { body: { ticketNumber, contact: 'a@b.test' }, headers: { 'X-Forwarded-For': ip } });
      // Per ticket: two asks of TKT-000001, the third is refused whoever asks.
      expect((await ask('TKT-000001', '203.0.113.1')).status).toBe(200);
      expect((await ask('tkt-000001', '203.0.113.1')).status).toBe(200);
      const third = await ask('TKT-000001', '203.0.113.1');
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBeTruthy();
      // Per IP: the same IP (TRUST_PROXY off: the socket address) is out after three asks of any number.
      expect((await ask('TKT-000002', '203.0.113.2')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('opens nothing by walking sequential ticket numbers', async () => {
    const ticket = await linked();
    const n = Number(ticket.ticketNumber.slice(4));
    const before = (await t.db.select().from(ticketStatusLinks)).length;
    for (let i = Math.max(1, n - 5); i <= n + 2; i++) {
      const number = `TKT-${String(i).padStart(6, '0')}`;
      expectInvalid(await view(number));
      expectInvalid(await t.request('GET', `/api/ticket-status/${encodeURIComponent(number.padEnd(43, 'A'))}`));
      const answer = await lookup(number, 'guess@attacker.test');
      expect(answer.body).toEqual({ message: LOOKUP_TEXT.answer });
    }
    expect((await t.db.select().from(ticketStatusLinks)).length).toBe(before);
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row!.customerRepliedAt).toBeNull();
  });
});
