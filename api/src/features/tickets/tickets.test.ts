import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { MSG } from '@portal/shared';
import type { DeltaPage, Ticket, TicketCounts, TicketCreated, TicketUpdateEntry } from '@portal/shared';
import { startTestApp, ticketBody, type TestApp } from '../../test/app';

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await startTestApp();
  staff = (await t.loginAs('technician')).token;
});
afterAll(() => t.close());

describe('POST /api/tickets (SPEC.md 5, DESIGN.md 4)', () => {
  it('creates an open ticket anonymously with a TKT number and a created history row', async () => {
    const res = await t.request<TicketCreated>('POST', '/api/tickets', { body: ticketBody({ businessName: '' }) });
    expect(res.status).toBe(201);
    expect(res.body.ticketNumber).toMatch(/^TKT-\d{6}$/);
    const ticket = (await t.request<Ticket>('GET', `/api/tickets/${res.body.id}`, { token: staff })).body;
    expect(ticket).toMatchObject({ status: 'open', version: 1, assignedTo: null, businessName: null, clientName: 'Casey Customer' });
    const history = await t.request<TicketUpdateEntry[]>('GET', `/api/ticket-updates?ticketId=${res.body.id}`, { token: staff });
    expect(history.body).toEqual([expect.objectContaining({ updateType: 'created', updatedBy: null, updatedByName: null })]);
  });

  /** SPEC.md 5: one message per ticket-form field. */
  const ALL_FIELD_ERRORS = {
    clientName: [MSG.nameRequired],
    customerEmail: [MSG.validEmailRequired],
    customerPhone: [MSG.phoneRequired],
    issue: [MSG.issueTooShort],
    severity: [MSG.severityRequired],
    contactMethod: [MSG.contactMethodRequired],
  };

  it('answers SPEC.md 5 messages per field, for empty and for missing fields', async () => {
    const empty = await t.request('POST', '/api/tickets', {
      body: { clientName: ' ', customerEmail: 'nope', customerPhone: '', issue: 'too short', severity: 'x', contactMethod: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      code: 'validation_failed',
      fieldErrors: ALL_FIELD_ERRORS,
    });
    const missing = await t.request('POST', '/api/tickets', { body: {} });
    expect(missing.body.fieldErrors).toEqual(ALL_FIELD_ERRORS);
  });

  it('gives 20 parallel submissions 20 distinct consecutive numbers', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => t.createTicket()));
    const numbers = results.map((r) => Number(r.ticketNumber.slice(4))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers[19]! - numbers[0]!).toBe(19);
  });

  it('replays the stored 201 for a repeated Idempotency-Key and creates one ticket', async () => {
    const key = randomUUID();
    const count = async () => (await t.request<TicketCounts>('GET', '/api/tickets/counts', { token: staff })).body.all;
    const before = await count();
    const first = await t.request('POST', '/api/tickets', { body: ticketBody(), headers: { 'Idempotency-Key': key } });
    const again = await t.request('POST', '/api/tickets', { body: ticketBody(), headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const after = await count();
    expect(after).toBe(before + 1);
  });

  it('refuses a key reused for a different body, and a key that is not a UUID', async () => {
    const key = randomUUID();
    await t.request('POST', '/api/tickets', { body: ticketBody(), headers: { 'Idempotency-Key': key } });
    const other = await t.request('POST', '/api/tickets', { body: ticketBody({ clientName: 'Someone else' }), headers: { 'Idempotency-Key': key } });
    expect(other.status).toBe(422);
    const bad = await t.request('POST', '/api/tickets', { body: ticketBody(), headers: { 'Idempotency-Key': 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
  });
});

describe('GET /api/tickets and /api/ticket-updates (delta sync, DESIGN.md 4)', () => {
  it('answers the removed unpaged list (no `since`) with 410 naming the paged list and delta sync', async () => {
    await t.createTicket();
    for (const path of ['/api/tickets', '/api/tickets?limit=5']) {
      const res = await t.request('GET', path, { token: staff });
      expect(res.status, path).toBe(410);
      expect(res.body).toEqual({ message: MSG.ticketListGone, code: 'gone' });
      expect(res.headers.get('link')).toBe('</api/tickets/list>; rel="successor-version"');
    }
    expect(MSG.ticketListGone).toContain('GET /api/tickets/list');
    expect((await t.request('GET', '/api/tickets', {})).status).toBe(401);
  });

  it('returns only rows changed after the cursor, and the same cursor when nothing changed', async () => {
    const all = await t.request<DeltaPage<Ticket>>('GET', '/api/tickets?since=0', { token: staff });
    expect(all.status).toBe(200);
    const total = (await t.request<TicketCounts>('GET', '/api/tickets/counts', { token: staff })).body.all;
    expect(all.body.items).toHaveLength(total);
    const cursor = all.body.cursor;
    // Each feed has its own cursor.
    const updatesCursor = (await t.request<DeltaPage<TicketUpdateEntry>>('GET', '/api/ticket-updates?since=0', { token: staff })).body.cursor;

    const idle = await t.request<DeltaPage<Ticket>>('GET', `/api/tickets?since=${cursor}`, { token: staff });
    expect(idle.body).toEqual({ items: [], cursor, more: false });

    const created = await t.createTicket({ clientName: 'Delta' });
    const old = all.body.items[0]!;
    await t.request('PATCH', `/api/tickets/${old.id}`, { token: staff, body: { comment: 'touched' } });
    const delta = await t.request<DeltaPage<Ticket>>('GET', `/api/tickets?since=${cursor}`, { token: staff });
    expect(delta.body.items.map((x) => x.id).sort()).toEqual([created.id, old.id].sort());
    expect(BigInt(delta.body.cursor)).toBeGreaterThan(BigInt(cursor));

    const updates = await t.request<DeltaPage<TicketUpdateEntry>>('GET', `/api/ticket-updates?since=${updatesCursor}`, { token: staff });
    expect(updates.body.items.map((u) => u.updateType).sort()).toEqual(['comment', 'created']);
    const next = await t.request<DeltaPage<TicketUpdateEntry>>('GET', `/api/ticket-updates?since=${updates.body.cursor}`, { token: staff });
    expect(next.body).toEqual({ items: [], cursor: updates.body.cursor, more: false });
  });

  it('rejects a malformed cursor with 400', async () => {
    const res = await t.request('GET', '/api/tickets?since=abc', { token: staff });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.since).toBeDefined();
  });

  it('lists work history newest first with the author name', async () => {
    const tech = await t.loginAs('technician', { username: 'history-tech' });
    const ticket = await t.createTicket();
    t.clock.advance(1000);
    await t.request('PATCH', `/api/tickets/${ticket.id}`, { token: tech.token, body: { status: 'in_progress' } });
    const res = await t.request<TicketUpdateEntry[]>('GET', `/api/ticket-updates?ticketId=${ticket.id}`, { token: staff });
    expect(res.body.map((u) => u.updateType)).toEqual(['status_change', 'created']);
    expect(res.body[0]).toMatchObject({ updatedBy: tech.id, updatedByName: 'history-tech', previousValue: 'open', newValue: 'in_progress' });
    const all = await t.request<TicketUpdateEntry[]>('GET', '/api/ticket-updates', { token: staff });
    for (let i = 1; i < all.body.length; i++) expect(all.body[i - 1]!.createdAt >= all.body[i]!.createdAt).toBe(true);
  });
});

describe('GET /api/technicians', () => {
  it('lists technicians and admins only, sorted by username', async () => {
    await t.createUser('technician', { username: 'zz-tech' });
    await t.createUser('admin', { username: 'aa-admin' });
    await t.createUser('user', { username: 'mm-user' });
    const res = await t.request<{ id: string; username: string }[]>('GET', '/api/technicians', { token: staff });
    const names = res.body.map((x) => x.username);
    expect(names).toContain('zz-tech');
    expect(names).toContain('aa-admin');
    expect(names).not.toContain('mm-user');
    expect(names).toEqual([...names].sort());
    expect(Object.keys(res.body[0]!).sort()).toEqual(['id', 'username']);
  });
});
