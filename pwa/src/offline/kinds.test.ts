/**
 * The pluggable outbox (DESIGN.md 5) with made-up kinds, no feature involved: the drain finds each
 * item's handler by `kind`, keeps items of unknown kinds (reported, never dropped), sends session
 * kinds only for their author and anonymous kinds always, runs the hooks inside the transaction
 * that settles the item, and applies the common rules (Idempotency-Key, 409 decisions, 4xx).
 */
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse, Transport } from '../lib/http';
import { discard, enqueue, registerOutboxKind, type OutboxKind } from './core';
import { TECH_ID, drainOutbox, freshDb } from './model-server.testkit';

const removers: (() => void)[] = [];
afterEach(() => removers.splice(0).forEach((remove) => remove()));
const register = <P, C, R>(kind: OutboxKind<P, C, R>) => removers.push(registerOutboxKind(kind));

/** A transport answering from `answer` and recording every request. */
function fakeServer(answer: (req: HttpRequest, n: number) => Partial<HttpResponse> = () => ({ status: 201, body: { ok: true } })) {
  const requests: HttpRequest[] = [];
  const transport: Transport = async (req) => {
    requests.push(structuredClone(req));
    return { status: 200, body: undefined, retryAfterMs: null, ...answer(req, requests.length) };
  };
  return { requests, transport };
}

const vote: OutboxKind<{ choice: string }> = {
  kind: 'test.vote',
  auth: 'anonymous',
  request: (item) => ({ method: 'POST', url: `/api/polls/${item.entityId}/votes`, body: item.payload }),
};
const tech = { id: TECH_ID, username: 'tech' };

describe('registered outbox kinds', () => {
  it("builds each item's request from its kind and adds the Idempotency-Key; done items are deleted", async () => {
    register(vote);
    const { db } = freshDb();
    const seq = await enqueue(db, { kind: 'test.vote', payload: { choice: 'yes' }, label: 'Poll 7', entityId: '7', user: null });
    const item = (await db.outbox.get(seq))!;
    expect(item).toMatchObject({ kind: 'test.vote', stream: 'test.vote:7', state: 'pending', label: 'Poll 7', entityId: '7', userId: null, payload: { choice: 'yes' } });
    const { requests, transport } = fakeServer();
    const report = await drainOutbox({ db, transport, userId: null });
    expect(requests).toEqual([{ method: 'POST', url: '/api/polls/7/votes', body: { choice: 'yes' }, headers: { 'Idempotency-Key': item.key } }]);
    expect(report.sent).toEqual([{ seq, kind: 'test.vote', label: 'Poll 7', entityId: '7' }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses to enqueue a kind nobody registered', async () => {
    const { db } = freshDb();
    await expect(enqueue(db, { kind: 'test.nobody', payload: {}, label: 'x', user: null })).rejects.toThrow(/not registered/);
  });

  it('keeps an item of an unknown kind (e.g. queued by a newer app version) and reports it; its stream waits, others go', async () => {
    register(vote);
    const { db } = freshDb();
    const unknown = await db.outbox.add({
      key: 'k-unknown', kind: 'test.future', stream: 'test.vote:7', state: 'pending', createdAt: new Date().toISOString(), attempts: 0, nextAttemptAt: 0,
      lastError: null, error: null, userId: null, userName: null, label: 'Future', entityId: '7', payload: {}, conflict: null, result: null,
    } as never);
    const sameStream = await enqueue(db, { kind: 'test.vote', payload: { choice: 'no' }, label: 'Poll 7', entityId: '7', user: null });
    const other = await enqueue(db, { kind: 'test.vote', payload: { choice: 'yes' }, label: 'Poll 8', entityId: '8', user: null });
    const { requests, transport } = fakeServer();
    const report = await drainOutbox({ db, transport, userId: null });
    expect(report.unknown.map((i) => i.seq)).toEqual([unknown]);
    expect(report.sent.map((s) => s.seq)).toEqual([other]);
    expect(report.remaining).toBe(2);
    expect(requests).toHaveLength(1);
    expect((await db.outbox.get(unknown))!.state).toBe('pending');
    expect((await db.outbox.get(sameStream))!.state).toBe('pending'); // FIFO: never overtakes the unknown item
  });

  it("sends a 'session' kind only with its author's session, an 'anonymous' kind always", async () => {
    register(vote);
    register<{ text: string }, never, never>({ kind: 'test.note', auth: 'session', request: (item) => ({ method: 'POST', url: '/api/notes', body: item.payload }) });
    const { db } = freshDb();
    const note = await enqueue(db, { kind: 'test.note', payload: { text: 'hi' }, label: 'Note', user: tech });
    const ballot = await enqueue(db, { kind: 'test.vote', payload: { choice: 'yes' }, label: 'Poll 7', entityId: '7', user: null });
    const { transport } = fakeServer();
    expect((await drainOutbox({ db, transport, userId: null })).sent.map((s) => s.seq)).toEqual([ballot]);
    expect((await drainOutbox({ db, transport, userId: 'someone-else' })).sent).toEqual([]);
    expect((await drainOutbox({ db, transport, userId: TECH_ID })).sent.map((s) => s.seq)).toEqual([note]);
  });

  it('runs the hooks inside the transaction that settles the item (with the tables the kind names)', async () => {
    const seen: string[][] = [];
    register<{ n: number }, never, { id: string }>({
      kind: 'test.receipt',
      auth: 'anonymous',
      request: (item) => ({ method: 'POST', url: '/api/receipts', body: item.payload }),
      tables: ['records'],
      keepDone: true,
      async onSuccess({ db, item, body }) {
        seen.push([...(Dexie.currentTransaction?.storeNames ?? [])].sort());
        await db.records.put({ collection: 'receipts', id: String(item.seq), data: body });
        return { id: (body as { id: string }).id };
      },
    });
    const { db } = freshDb();
    const seq = await enqueue(db, { kind: 'test.receipt', payload: { n: 1 }, label: 'Receipt', entityId: '1', user: null });
    await drainOutbox({ db, transport: fakeServer(() => ({ status: 201, body: { id: 'r1' } })).transport, userId: null });
    expect(seen).toEqual([['outbox', 'records']]);
    expect(await db.outbox.get(seq)).toMatchObject({ state: 'done', result: { id: 'r1' } });
    expect(await db.records.get(['receipts', String(seq)])).toMatchObject({ data: { id: 'r1' } });
  });

  it('lets the kind decide a 409: retry with a new payload (same key), a conflict, or a failure', async () => {
    const decisions: string[] = [];
    register<{ v: number }, { server: number }, never>({
      kind: 'test.counter',
      auth: 'anonymous',
      request: (item) => ({ method: 'PUT', url: `/api/counters/${item.entityId}`, body: item.payload }),
      onConflict({ item, body, mayRetry }) {
        const server = (body as { v: number }).v;
        decisions.push(`${item.payload.v}:${mayRetry}`);
        if (server < 0) return { action: 'fail' };
        return mayRetry ? { action: 'retry', payload: { v: server } } : { action: 'conflict', conflict: { server } };
      },
    });
    const { db } = freshDb();
    const a = await enqueue(db, { kind: 'test.counter', payload: { v: 1 }, label: 'A', entityId: 'a', user: null });
    const { requests, transport } = fakeServer((req) => ({ status: 409, body: { message: 'Changed', v: req.url.endsWith('/b') ? -1 : 5 } }));
    const report = await drainOutbox({ db, transport, userId: null });
    expect(decisions).toEqual(['1:true', '5:true', '5:true', '5:false']);
    expect(new Set(requests.map((r) => r.headers?.['Idempotency-Key'])).size).toBe(1);
    expect(report.conflicts.map((c) => c.seq)).toEqual([a]);
    expect(await db.outbox.get(a)).toMatchObject({ state: 'conflict', conflict: { server: 5 }, payload: { v: 5 } });

    const b = await enqueue(db, { kind: 'test.counter', payload: { v: 1 }, label: 'B', entityId: 'b', user: null });
    const second = await drainOutbox({ db, transport, userId: null });
    expect(second.failed.map((f) => f.seq)).toEqual([b]);
    expect(await db.outbox.get(b)).toMatchObject({ state: 'failed', error: { status: 409, message: 'Changed' } });
  });

  it('marks a 409 failed when the kind has no conflict hook, and runs onDiscard when the user discards it', async () => {
    const discarded: number[] = [];
    register({ ...vote, kind: 'test.plain', onDiscard: ({ item }) => void discarded.push(item.seq) });
    const { db } = freshDb();
    const seq = await enqueue(db, { kind: 'test.plain', payload: { choice: 'x' }, label: 'Plain', user: null });
    await drainOutbox({ db, transport: fakeServer(() => ({ status: 409, body: { message: 'Duplicate', code: 'conflict' } })).transport, userId: null });
    expect(await db.outbox.get(seq)).toMatchObject({ state: 'failed', error: { status: 409, message: 'Duplicate' } });
    expect(await discard(db, seq)).toBe(true);
    expect(discarded).toEqual([seq]);
    expect(await db.outbox.count()).toBe(0);
  });
});
