/**
 * POST /api/tickets/:id/merge and the duplicate flag (docs/merge.md) on PGlite, and on PostgreSQL
 * with DATABASE_URL (then also two apps on one database, like two API processes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { MERGE_MSG } from '@portal/shared';
import type { Ticket, TicketMergeResult, TicketStatusView, TicketUpdateEntry } from '@portal/shared';
import { notificationJobs, timeEntries } from '../../db/schema';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';
import { DUPLICATE_CANDIDATES } from './mergeRepository';

let t: TestApp;
let tech: TestUser & { token: string };

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: 'https://support.example.test' } });
  tech = await t.loginAs('technician', { username: 'merge-tech' });
});
afterAll(() => t.close());

const merge = (id: string, body: unknown, headers?: Record<string, string>, app = t) =>
  app.request<TicketMergeResult>('POST', `/api/tickets/${id}/merge`, { token: tech.token, body, headers });
const history = async (id: string) =>
  (await t.request<TicketUpdateEntry[]>('GET', `/api/ticket-updates?ticketId=${id}`, { token: tech.token })).body.slice().reverse();
const getTicket = async (id: string) => (await t.request<Ticket>('GET', `/api/tickets/${id}`, { token: tech.token })).body;
const note = (id: string, comment: string) => t.request('PATCH', `/api/tickets/${id}`, { token: tech.token, body: { comment } });
const tokenOf = (url?: string) => /\/status\/([A-Za-z0-9_-]{43})$/.exec(url ?? '')![1]!;
const mergeMails = async (email: string) =>
  (await t.db.select().from(notificationJobs).where(eq(notificationJobs.recipient, email))).filter((j) => JSON.stringify(j.payload).includes('was merged into'));

describe('POST /api/tickets/:id/merge', () => {
  it('moves history, time and replies to the target in order, closes the source, and its status link leads to the target', async () => {
    const email = `${randomUUID().slice(0, 8)}@customer.test`;
    const target = await t.createTicket({ customerEmail: email, issue: 'Printer jams on every page' });
    t.clock.advance(60_000);
    const source = await t.createTicket({ customerEmail: email, issue: 'Printer jam again' });
    t.clock.advance(60_000);
    await note(target.id, 'target first');
    t.clock.advance(60_000);
    await note(source.id, 'source second');
    const sourceToken = tokenOf(source.statusUrl);
    expect((await t.request('POST', `/api/ticket-status/${sourceToken}/replies`, { body: { comment: 'customer third' } })).status).toBe(201);
    t.clock.advance(60_000);
    await t.request('POST', `/api/tickets/${source.id}/time-entries`, { token: tech.token, body: { minutes: 15, billable: true } });
    t.clock.advance(60_000);

    const key = randomUUID();
    const res = await merge(source.id, { intoTicketId: target.id }, { 'Idempotency-Key': key });
    expect(res.status).toBe(200);
    expect(res.body.source).toMatchObject({ status: 'closed', mergedInto: { id: target.id, ticketNumber: target.ticketNumber } });
    expect(res.body.moved).toMatchObject({ updates: 2, timeEntries: 1 });

    const comments = (await history(target.id)).filter((u) => u.comment).map((u) => u.comment!.split('\n')[0]);
    expect(comments).toEqual(['target first', 'source second', 'customer third', `Merged ${source.ticketNumber} into this ticket`]);
    const times = (await history(target.id)).map((u) => u.createdAt);
    expect(times).toEqual([...times].sort());
    expect((await history(source.id)).map((u) => u.comment ?? u.newValue)).toEqual(['open', 'closed', `Merged into ${target.ticketNumber}`]);
    const entries = await t.db.select().from(timeEntries).where(eq(timeEntries.ticketId, target.id));
    expect(entries.map((e) => e.minutes)).toEqual([15]);

    // The source's status link opens the target; a reply there lands on the target.
    const view = await t.request<TicketStatusView>('GET', `/api/ticket-status/${sourceToken}`);
    expect(view.status).toBe(200);
    expect(JSON.stringify(view.body)).toContain(target.ticketNumber);
    await t.request('POST', `/api/ticket-status/${sourceToken}/replies`, { body: { comment: 'after merge' } });
    expect((await history(target.id)).at(-1)?.comment).toBe('after merge');

    // The same key replays the answer; one e-mail tells the customer, once.
    const replay = await merge(source.id, { intoTicketId: target.id }, { 'Idempotency-Key': key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await mergeMails(email)).toHaveLength(1);
    expect((await getTicket(source.id)).mergedInto?.ticketNumber).toBe(target.ticketNumber);
  });

  it('refuses the same ticket, closed or merged tickets, and a status changed since the queued versions', async () => {
    const a = await t.createTicket({ customerEmail: 'r1@customer.test' });
    const b = await t.createTicket({ customerEmail: 'r2@customer.test' });
    const c = await t.createTicket({ customerEmail: 'r3@customer.test' });
    expect((await merge(a.id, { intoTicketId: a.id })).body).toMatchObject({ message: MERGE_MSG.same, code: 'conflict' });
    await t.request('PATCH', `/api/tickets/${b.id}`, { token: tech.token, body: { status: 'in_progress', baseVersion: 1 } });
    const stale = await merge(a.id, { intoTicketId: b.id, baseVersion: 1, intoBaseVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: MERGE_MSG.changed(b.ticketNumber) });
    // A note since the base version does not conflict.
    await note(a.id, 'a note');
    expect((await merge(a.id, { intoTicketId: b.id, baseVersion: 1, intoBaseVersion: 2 })).status).toBe(200);
    expect((await merge(a.id, { intoTicketId: c.id })).body).toMatchObject({ message: MERGE_MSG.merged(a.ticketNumber, b.ticketNumber) });
    expect((await merge(c.id, { intoTicketId: a.id })).body).toMatchObject({ message: MERGE_MSG.merged(a.ticketNumber, b.ticketNumber) });
    await t.request('PATCH', `/api/tickets/${c.id}`, { token: tech.token, body: { status: 'closed' } });
    const closed = await merge(b.id, { intoTicketId: c.id });
    expect(closed.status).toBe(409);
    expect(closed.body).toMatchObject({ message: MERGE_MSG.closed(c.ticketNumber) });
    expect((await merge(b.id, { intoTicketId: randomUUID() })).status).toBe(404);
  });

  it('moves tags (union, once each) and same-client asset links to the target, recorded in both histories', async () => {
    const admin = await t.loginAs('admin', { username: 'merge-admin' });
    const as = (token: string) => ({ token });
    const client = (await t.request<{ id: string }>('POST', '/api/clients', { ...as(admin.token), body: { name: `Merge Co ${randomUUID().slice(0, 6)}` } })).body;
    const asset = async (name: string, assetTag: string) =>
      (await t.request<{ id: string; assetTag: string; name: string }>('POST', '/api/assets', { ...as(admin.token), body: { clientId: client.id, type: 'printer', name, assetTag } })).body;
    const [printer, laptop] = [await asset('Back printer', `m-prn-${randomUUID().slice(0, 4)}`), await asset('Front laptop', `m-lap-${randomUUID().slice(0, 4)}`)];
    const target = await t.createTicket({ customerEmail: 'tags1@customer.test' });
    const source = await t.createTicket({ customerEmail: 'tags2@customer.test' });
    const patch = (id: string, body: object) => t.request<{ ticket: Ticket }>('PATCH', `/api/tickets/${id}`, { ...as(admin.token), body });
    expect((await patch(target.id, { clientId: client.id, tagsAdd: ['Onsite'], assetIds: [printer.id] })).status).toBe(200);
    expect((await patch(source.id, { clientId: client.id, tagsAdd: ['onsite', 'Printer'], assetIds: [printer.id, laptop.id] })).status).toBe(200);

    const res = await merge(source.id, { intoTicketId: target.id });
    expect(res.status).toBe(200);
    expect(res.body.moved).toMatchObject({ tags: ['Printer'], assets: 1 });
    const both = [printer.id, laptop.id].sort();
    expect(res.body.target.tags).toEqual(['Onsite', 'Printer']);
    expect((res.body.target as Ticket & { assetIds: string[] }).assetIds.slice().sort()).toEqual(both);
    expect(res.body.source).toMatchObject({ tags: [], assetIds: [] });
    const read = (await getTicket(target.id)) as Ticket & { assetIds: string[] };
    expect([read.tags, read.assetIds.slice().sort()]).toEqual([['Onsite', 'Printer'], both]);
    expect(await getTicket(source.id)).toMatchObject({ tags: [], assetIds: [] });
    const kinds = ['tag_add', 'tag_remove', 'asset_link', 'asset_unlink'];
    const moves = async (id: string) => (await history(id)).filter((u) => kinds.includes(u.updateType)).map((u) => [u.updateType, u.newValue ?? u.previousValue]);
    expect((await moves(target.id)).slice(-2)).toEqual([['tag_add', 'Printer'], ['asset_link', `${laptop.assetTag} ${laptop.name}`]]);
    const sourceMoves = (await moves(source.id)).filter(([type]) => type === 'tag_remove' || type === 'asset_unlink');
    expect(sourceMoves.map(String).sort()).toEqual(['asset_unlink,' + `${laptop.assetTag} ${laptop.name}`, 'asset_unlink,' + `${printer.assetTag} ${printer.name}`, 'tag_remove,Onsite', 'tag_remove,Printer'].sort());
  });

  it("a refused merge changes nothing (409, history, tags and versions as before)", async () => {
    const admin = await t.loginAs('admin', { username: 'merge-admin-2' });
    const a = await t.createTicket({ customerEmail: 'keep1@customer.test' });
    const b = await t.createTicket({ customerEmail: 'keep2@customer.test' });
    await t.request('PATCH', `/api/tickets/${a.id}`, { token: admin.token, body: { tagsAdd: ['Remote'] } });
    await t.request('PATCH', `/api/tickets/${b.id}`, { token: tech.token, body: { status: 'in_progress', baseVersion: 1 } });
    const before = await Promise.all([getTicket(a.id), getTicket(b.id), history(a.id), history(b.id)]);
    const stale = await merge(a.id, { intoTicketId: b.id, baseVersion: 2, intoBaseVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'conflict', message: MERGE_MSG.changed(b.ticketNumber) });
    expect(await Promise.all([getTicket(a.id), getTicket(b.id), history(a.id), history(b.id)])).toEqual(before);
  });

  // Two races at once, each with exactly one serial outcome. (A third merge such as c into d beside
  // a pair over a and b would not do: "b into a, then a into c" is a valid chain, so two may land.)
  it('two merges of one ticket at once, or of a pair in opposite directions: one lands, the other is refused', async () => {
    const [a, b, c, d, e] = await Promise.all(['c1', 'c2', 'c3', 'c4', 'c5'].map((n) => t.createTicket({ customerEmail: `${n}@customer.test` })));
    const [ab, ba, cd, ce] = await Promise.all([
      merge(a!.id, { intoTicketId: b!.id }),
      merge(b!.id, { intoTicketId: a!.id }),
      merge(c!.id, { intoTicketId: d!.id }),
      merge(c!.id, { intoTicketId: e!.id }),
    ]);
    for (const pair of [[ab!, ba!], [cd!, ce!]]) expect(pair.map((r) => r.status).sort()).toEqual([200, 409]);
    const [pairWinner, sourceWinner] = [ab!.status === 200 ? ab! : ba!, cd!.status === 200 ? cd! : ce!];
    // The refused merge changed nothing: the one that landed is what both tickets show.
    const merged = await Promise.all([getTicket(pairWinner.body.source.id), getTicket(pairWinner.body.target.id), getTicket(c!.id)]);
    expect(merged.map((r) => [r.status, r.mergedInto?.id ?? null])).toEqual([
      ['closed', pairWinner.body.target.id],
      [pairWinner.body.target.status, null],
      ['closed', sourceWinner.body.target.id],
    ]);
  });

  it('flags a new ticket of the same contact with a similar subject within 24 hours', async () => {
    const email = `${randomUUID().slice(0, 8)}@customer.test`;
    const first = await t.createTicket({ customerEmail: email, issue: 'Outlook keeps asking for my password\nSince this morning.' });
    t.clock.advance(3_600_000);
    const dup = await t.createTicket({ customerEmail: email.toUpperCase(), issue: 'Outlook keeps asking for password' });
    const other = await t.createTicket({ customerEmail: email, issue: 'New laptop for the intern' });
    const stranger = await t.createTicket({ customerEmail: 'someone@else.test', issue: 'Outlook keeps asking for my password' });
    expect((await getTicket(dup.id)).possibleDuplicateOf).toEqual({ id: first.id, ticketNumber: first.ticketNumber });
    expect((await getTicket(first.id)).possibleDuplicateOf).toBeNull();
    expect((await getTicket(other.id)).possibleDuplicateOf).toBeNull();
    expect((await getTicket(stranger.id)).possibleDuplicateOf).toBeNull();
    t.clock.advance(25 * 3_600_000);
    const late = await t.createTicket({ customerEmail: email, issue: 'Outlook keeps asking for my password' });
    // 25 hours after the last similar one: outside the window, not flagged.
    expect((await getTicket(late.id)).possibleDuplicateOf).toBeNull();
    expect((await merge(dup.id, { intoTicketId: first.id })).status).toBe(200);
    expect((await getTicket(dup.id)).possibleDuplicateOf).toBeNull();
  });

  it(`compares a new ticket with the newest ${DUPLICATE_CANDIDATES} open tickets of its address only (a bounded cost per create)`, async () => {
    const email = `${randomUUID().slice(0, 8)}@monitor.test`;
    const oldest = await t.createTicket({ customerEmail: email, issue: 'Printer on floor 3 is offline' });
    for (let i = 0; i < DUPLICATE_CANDIDATES; i++) {
      t.clock.advance(60_000);
      await t.createTicket({ customerEmail: email, issue: `Disk ${i} of backup server ${i * 7} at ${90 + (i % 10)} percent` });
    }
    t.clock.advance(60_000);
    // The similar ticket is the 21st newest of that address: outside the candidates, not flagged.
    const beyond = await t.createTicket({ customerEmail: email, issue: 'Printer on floor 3 is offline again' });
    expect((await getTicket(beyond.id)).possibleDuplicateOf).toBeNull();
    // Now the similar one is the newest: flagged against it.
    t.clock.advance(60_000);
    const next = await t.createTicket({ customerEmail: email, issue: 'Printer on floor 3 is offline' });
    expect((await getTicket(next.id)).possibleDuplicateOf).toEqual({ id: beyond.id, ticketNumber: beyond.ticketNumber });
    expect((await getTicket(oldest.id)).possibleDuplicateOf).toBeNull();
  });

  it('flags the most similar candidate, and of candidates with the same subject the newest', async () => {
    const email = `${randomUUID().slice(0, 8)}@monitor.test`;
    const exact = await t.createTicket({ customerEmail: email, issue: 'Backup job failed on server ALPHA' });
    t.clock.advance(60_000);
    const sameSubject = await t.createTicket({ customerEmail: email, issue: 'Backup job failed on server ALPHA\nSecond report.' });
    t.clock.advance(60_000);
    // Newer, similar enough on its own, but less similar than the two above.
    const looser = await t.createTicket({ customerEmail: email, issue: 'Backup job failed on server BRAVO' });
    expect((await getTicket(looser.id)).possibleDuplicateOf).toEqual({ id: sameSubject.id, ticketNumber: sameSubject.ticketNumber });
    t.clock.advance(60_000);
    const next = await t.createTicket({ customerEmail: email, issue: 'Backup job failed on server ALPHA' });
    expect((await getTicket(next.id)).possibleDuplicateOf).toEqual({ id: sameSubject.id, ticketNumber: sameSubject.ticketNumber });
    expect((await getTicket(exact.id)).possibleDuplicateOf).toBeNull();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('merge from two API processes on one PostgreSQL database', () => {
  it('the same keyed merge sent to both lands once; crossing merges land one', async () => {
    const b = await startTestApp({ attachTo: t.databaseUrl!, env: { PUBLIC_URL: 'https://support.example.test' } });
    try {
      const x = await t.createTicket({ customerEmail: 'p1@customer.test' });
      const y = await t.createTicket({ customerEmail: 'p2@customer.test' });
      const key = randomUUID();
      const both = await Promise.all([merge(x.id, { intoTicketId: y.id }, { 'Idempotency-Key': key }), merge(x.id, { intoTicketId: y.id }, { 'Idempotency-Key': key }, b)]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      expect((await history(x.id)).filter((u) => u.updateType === 'status_change')).toHaveLength(1);
      expect(await mergeMails('p1@customer.test')).toHaveLength(1);
      const u = await t.createTicket({ customerEmail: 'p3@customer.test' });
      const v = await t.createTicket({ customerEmail: 'p4@customer.test' });
      const crossing = await Promise.all([merge(u.id, { intoTicketId: v.id }), merge(v.id, { intoTicketId: u.id }, undefined, b)]);
      expect(crossing.map((r) => r.status).sort()).toEqual([200, 409]);
    } finally {
      await b.close();
    }
  });
});
