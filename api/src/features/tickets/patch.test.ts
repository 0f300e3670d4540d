import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { MSG } from '@portal/shared';
import type { Ticket, TicketConflictBody, TicketPatchResult, TicketUpdateEntry } from '@portal/shared';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';

let t: TestApp;
let tech: TestUser & { token: string };
let other: TestUser & { token: string };

beforeAll(async () => {
  t = await startTestApp();
  tech = await t.loginAs('technician', { username: 'patch-tech' });
  other = await t.loginAs('admin', { username: 'patch-admin' });
});
afterAll(() => t.close());

const patch = (id: string, body: unknown, token = tech.token, headers?: Record<string, string>) =>
  t.request<TicketPatchResult>('PATCH', `/api/tickets/${id}`, { token, body, headers });

const history = async (id: string) =>
  (await t.request<TicketUpdateEntry[]>('GET', `/api/ticket-updates?ticketId=${id}`, { token: tech.token })).body;

const getTicket = async (id: string) =>
  (await t.request<Ticket>('GET', `/api/tickets/${id}`, { token: tech.token })).body;

describe('PATCH /api/tickets/:id (SPEC.md 4)', () => {
  it('applies changed fields with one history row each, version + 1 once', async () => {
    const { id } = await t.createTicket();
    t.clock.advance(60_000);
    const res = await patch(id, { status: 'in_progress', assignedTo: tech.id, resolution: 'Replaced toner', comment: 'On site', baseVersion: 1 });
    expect(res.status).toBe(200);
    expect(res.body.ticket).toMatchObject({ status: 'in_progress', assignedTo: tech.id, resolution: 'Replaced toner', version: 2 });
    expect(res.body.ticket.updatedAt).toBe(t.clock.now().toISOString());
    expect(res.body.updates.map((u) => [u.updateType, u.previousValue, u.newValue, u.comment])).toEqual([
      ['status_change', 'open', 'in_progress', null],
      ['assignment', null, 'patch-tech', null],
      ['resolution', null, 'Replaced toner', null],
      ['comment', null, null, 'On site'],
    ]);
    expect(res.body.updates.every((u) => u.updatedBy === tech.id && u.updatedByName === 'patch-tech')).toBe(true);
    expect(await history(id)).toHaveLength(5);
  });

  it('changes severity with a severity_change history row, merged like the other fields', async () => {
    const { id } = await t.createTicket({ severity: 'medium' });
    const res = await patch(id, { severity: 'urgent', baseVersion: 1 });
    expect(res.status).toBe(200);
    expect(res.body.ticket).toMatchObject({ severity: 'urgent', version: 2 });
    expect(res.body.updates.map((u) => [u.updateType, u.previousValue, u.newValue])).toEqual([['severity_change', 'medium', 'urgent']]);
    // A stale edit of another field merges; a stale severity to another value conflicts and applies nothing.
    const merged = await patch(id, { status: 'in_progress', baseVersion: 1 }, other.token);
    expect(merged.status).toBe(200);
    const stale = await patch(id, { severity: 'low', comment: 'lower', baseVersion: 1 }, other.token);
    expect(stale.status).toBe(409);
    expect((stale.body as unknown as TicketConflictBody).conflicts).toEqual(['severity']);
    expect((await getTicket(id)).severity).toBe('urgent');
    expect((await patch(id, { severity: 'bogus' })).status).toBe(400);
  });

  it('changes nothing when the values equal the current ones', async () => {
    const { id } = await t.createTicket();
    const res = await patch(id, { status: 'open', assignedTo: null });
    expect(res.status).toBe(200);
    expect(res.body.updates).toEqual([]);
    expect(res.body.ticket.version).toBe(1);
    expect(await history(id)).toHaveLength(1);
  });

  it('unassigns with null and refuses assignees that are not staff', async () => {
    const { id } = await t.createTicket();
    await patch(id, { assignedTo: tech.id });
    const cleared = await patch(id, { assignedTo: null });
    expect(cleared.body.ticket.assignedTo).toBeNull();
    expect(cleared.body.updates[0]).toMatchObject({ updateType: 'assignment', previousValue: 'patch-tech', newValue: null });

    const plain = await t.createUser('user');
    for (const assignee of [plain.id, randomUUID()]) {
      const res = await patch(id, { assignedTo: assignee });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', message: MSG.assigneeInvalid, fieldErrors: { assignedTo: [MSG.assigneeInvalid] } });
    }
  });

  it('stores a comment as an internal note by default and as a reply with reply: true', async () => {
    const { id } = await t.createTicket();
    const note = await patch(id, { comment: 'Internal: router is in the closet' });
    expect(note.body.updates).toEqual([expect.objectContaining({ updateType: 'comment', comment: 'Internal: router is in the closet', reply: false })]);
    const reply = await patch(id, { status: 'in_progress', comment: 'We are on it', reply: true });
    expect(reply.body.updates.map((u) => [u.updateType, u.reply])).toEqual([
      ['status_change', false],
      ['comment', true],
    ]);
    const rows = await history(id);
    expect(rows.filter((u) => u.updateType === 'comment').map((u) => [u.comment, u.reply])).toEqual([
      ['We are on it', true],
      ['Internal: router is in the closet', false],
    ]);
    expect(rows.find((u) => u.updateType === 'created')?.reply).toBe(false);
    // The delta feed carries the mark too (offline clients show it).
    const feed = await t.request<{ items: TicketUpdateEntry[] }>('GET', '/api/ticket-updates?since=0', { token: tech.token });
    expect(feed.body.items.find((u) => u.comment === 'We are on it')?.reply).toBe(true);
  });

  it('refuses reply without a comment, changing nothing', async () => {
    const { id } = await t.createTicket();
    const res = await patch(id, { status: 'closed', reply: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', fieldErrors: { comment: [MSG.replyNeedsComment] } });
    expect((await getTicket(id)).status).toBe('open');
  });

  it('answers 404 for an unknown or non-uuid id and 400 for an empty patch', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const res = await patch(id, { status: 'closed' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: MSG.ticketNotFound, code: 'not_found' });
    }
    const { id } = await t.createTicket();
    const empty = await t.request('PATCH', `/api/tickets/${id}`, { token: tech.token, body: { baseVersion: 1 } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MSG.noChanges);
  });
});

describe('offline merge with a stale baseVersion (DESIGN.md 4)', () => {
  it('applies a field the server did not change', async () => {
    const { id } = await t.createTicket();
    await patch(id, { status: 'in_progress', baseVersion: 1 }, other.token); // server now v2
    const res = await patch(id, { resolution: 'Fixed cable', baseVersion: 1 });
    expect(res.status).toBe(200);
    expect(res.body.ticket).toMatchObject({ status: 'in_progress', resolution: 'Fixed cable', version: 3 });
  });

  it('treats the same value as no conflict', async () => {
    const { id } = await t.createTicket();
    await patch(id, { status: 'resolved', baseVersion: 1 }, other.token);
    const res = await patch(id, { status: 'resolved', comment: 'agreed', baseVersion: 1 });
    expect(res.status).toBe(200);
    expect(res.body.updates.map((u) => u.updateType)).toEqual(['comment']);
  });

  it('answers 409 with the current ticket when the same field changed to another value, applying nothing', async () => {
    const { id } = await t.createTicket();
    await patch(id, { status: 'closed', baseVersion: 1 }, other.token);
    const before = await history(id);
    const res = await t.request<TicketConflictBody>('PATCH', `/api/tickets/${id}`, {
      token: tech.token,
      body: { status: 'in_progress', resolution: 'would be merged', comment: 'note', baseVersion: 1 },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'conflict', message: MSG.conflict, conflicts: ['status'] });
    expect(res.body.ticket).toMatchObject({ id, status: 'closed', resolution: null, version: 2 });
    expect(await history(id)).toEqual(before);
    expect(await getTicket(id)).toMatchObject({ status: 'closed', resolution: null, version: 2 });
  });

  it('never conflicts on comments', async () => {
    const { id } = await t.createTicket();
    await patch(id, { comment: 'server note', baseVersion: 1 }, other.token);
    await patch(id, { comment: 'second server note', baseVersion: 2 }, other.token);
    const res = await patch(id, { comment: 'offline note', baseVersion: 1 });
    expect(res.status).toBe(200);
    expect(res.body.ticket.version).toBe(4);
  });
});

describe('Idempotency-Key on PATCH (DESIGN.md 4)', () => {
  it('applies a replayed request once and returns the stored response', async () => {
    const { id } = await t.createTicket();
    const key = randomUUID();
    const body = { status: 'in_progress', comment: 'queued offline', baseVersion: 1 };
    const first = await patch(id, body, tech.token, { 'Idempotency-Key': key });
    const replay = await patch(id, body, tech.token, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await history(id)).toHaveLength(3);
    expect((await getTicket(id)).version).toBe(2);
  });

  it('applies two concurrent requests with the same key once', async () => {
    const { id } = await t.createTicket();
    const key = randomUUID();
    const body = { comment: 'sent twice at once', baseVersion: 1 };
    const [a, b] = await Promise.all([
      patch(id, body, tech.token, { 'Idempotency-Key': key }),
      patch(id, body, tech.token, { 'Idempotency-Key': key }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect((await history(id)).filter((u) => u.updateType === 'comment')).toHaveLength(1);
    expect((await getTicket(id)).version).toBe(2);
  });

  it('does not store failures: a conflicting request may be retried with the same key', async () => {
    const { id } = await t.createTicket();
    await patch(id, { status: 'closed' }, other.token);
    const key = randomUUID();
    const body = { status: 'resolved', baseVersion: 1 };
    expect((await patch(id, body, tech.token, { 'Idempotency-Key': key })).status).toBe(409);
    expect((await patch(id, body, tech.token, { 'Idempotency-Key': key })).status).toBe(409);
  });

  it('refuses the same key from another user', async () => {
    const { id } = await t.createTicket();
    const key = randomUUID();
    const body = { comment: 'mine' };
    expect((await patch(id, body, tech.token, { 'Idempotency-Key': key })).status).toBe(200);
    const stolen = await patch(id, body, other.token, { 'Idempotency-Key': key });
    expect(stolen.status).toBe(422);
    expect((await history(id)).filter((u) => u.updateType === 'comment')).toHaveLength(1);
  });
});
