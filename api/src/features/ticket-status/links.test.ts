/**
 * Status links, staff and lookup side (docs/status-links.md): a contact change rotates the link,
 * revoke and resend; the lookup answers alike for match and no match, is rate limited per IP and
 * per ticket, and sequential numbers open nothing.
 */
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { LOOKUP_TEXT } from '@portal/shared';
import { supportTickets, ticketStatusLinks } from '../../db/schema';
import { hashPublicToken } from '../../lib/public-tokens';
import { startTestApp } from '../../test/app';
import { expectInvalid, statusSuite } from './status.testkit';

const suite = statusSuite();
const { view, lookup, linkRow, linked } = suite;

describe('staff: contact change, revoke, resend', () => {
  it('rotates the link when the e-mail or phone changes: the old link stops working', async () => {
    const ticket = await linked();
    const same = await suite.t.request('PATCH', `/api/tickets/${ticket.id}/contact`, { token: suite.tech.token, body: { customerEmail: ticket.customerEmail } });
    expect(same.status).toBe(200);
    expect((await view(ticket.token)).status).toBe(200);

    const before = await linkRow(ticket.id);
    const changed = await suite.t.request('PATCH', `/api/tickets/${ticket.id}/contact`, { token: suite.tech.token, body: { customerPhone: '+1 555 0999' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ customerPhone: '+1 555 0999', version: same.body.version + 1 });
    expectInvalid(await view(ticket.token));
    const after = await linkRow(ticket.id);
    expect(after!.tokenHash).not.toBe(before!.tokenHash);

    const email = await suite.t.request('PATCH', `/api/tickets/${ticket.id}/contact`, { token: suite.tech.token, body: { customerEmail: 'new@customer.test' } });
    expect(email.body.customerEmail).toBe('new@customer.test');
    expect((await linkRow(ticket.id))!.tokenHash).not.toBe(after!.tokenHash);
  });

  it('validates the contact change', async () => {
    const ticket = await linked();
    const bad = await suite.t.request('PATCH', `/api/tickets/${ticket.id}/contact`, { token: suite.tech.token, body: { customerEmail: 'nope' } });
    expect(bad.status).toBe(400);
    expect((await suite.t.request('PATCH', `/api/tickets/${randomUUID()}/contact`, { token: suite.tech.token, body: { customerPhone: '555 1234' } })).status).toBe(404);
  });

  it('revokes the link, and a resend issues a new one', async () => {
    const ticket = await linked();
    expect((await suite.t.request('DELETE', `/api/tickets/${ticket.id}/status-link`, { token: suite.tech.token })).status).toBe(204);
    expectInvalid(await view(ticket.token));
    expect(await linkRow(ticket.id)).toBeUndefined();
    const resent = await suite.t.request('POST', `/api/tickets/${ticket.id}/status-link`, { token: suite.tech.token });
    expect(resent.status).toBe(202);
    const row = await linkRow(ticket.id);
    expect(row!.tokenHash).not.toBe(hashPublicToken(ticket.token));
    expect(resent.body.expiresAt).toBe(row!.expiresAt.toISOString());
  });

  it('keeps a live link on resend', async () => {
    const ticket = await linked();
    expect((await suite.t.request('POST', `/api/tickets/${ticket.id}/status-link`, { token: suite.tech.token })).status).toBe(202);
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
    await suite.t.request('DELETE', `/api/tickets/${ticket.id}/status-link`, { token: suite.tech.token });
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
    const before = (await suite.t.db.select().from(ticketStatusLinks)).length;
    for (let i = Math.max(1, n - 5); i <= n + 2; i++) {
      const number = `TKT-${String(i).padStart(6, '0')}`;
      expectInvalid(await view(number));
      expectInvalid(await suite.t.request('GET', `/api/ticket-status/${encodeURIComponent(number.padEnd(43, 'A'))}`));
      const answer = await lookup(number, 'guess@attacker.test');
      expect(answer.body).toEqual({ message: LOOKUP_TEXT.answer });
    }
    expect((await suite.t.db.select().from(ticketStatusLinks)).length).toBe(before);
    const [row] = await suite.t.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row!.customerRepliedAt).toBeNull();
  });
});
