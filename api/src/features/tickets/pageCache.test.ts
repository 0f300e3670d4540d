/**
 * Staff list pages reused while no ticket changed (pageCache.ts). Two apps on one
 * database stand for two API processes: a write through one is seen at once in the other's list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketListPage } from '@portal/shared';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';
import { deferred } from '../../test/deferred';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { EncodedBody } from '../../http/compression';
import { TicketPageCache, toCachedPage, type CachedTicketPage } from './pageCache';

/** A stored answer of `text` built at mark `seq`. */
const page = (text: string, seq = '1'): CachedTicketPage => ({ seq, body: new EncodedBody(text) });
const textOf = (entry: CachedTicketPage | undefined) => entry?.body.plain.toString();

describe('TicketPageCache.read (single flight)', () => {
  it('lets requests that arrive during a build share it, and counts one build', async () => {
    const cache = new TicketPageCache();
    const build = deferred<CachedTicketPage>();
    let builds = 0;
    const builder = () => (builds++, build.promise);
    const first = cache.read('k', async () => '5', builder);
    const second = cache.read('k', async () => '5', builder);
    const third = cache.read('k', async () => '5', builder);
    expect(cache.size.building).toBe(1);
    build.resolve(page('[5]', '5'));
    expect((await first).source).toBe('miss');
    expect(await second).toEqual({ page: (await first).page, source: 'shared' });
    expect((await third).source).toBe('shared');
    expect(builds).toBe(1);
    expect(cache.size).toMatchObject({ entries: 1, building: 0 });
    expect((await cache.read('k', async () => '5', builder)).source).toBe('hit');
    expect(builds).toBe(1);
  });

  it('never answers with a build or a page older than the mark the request read', async () => {
    const cache = new TicketPageCache();
    const old = deferred<CachedTicketPage>();
    const started = cache.read('k', async () => '1', () => old.promise);
    // A write committed (mark 2) while the first build, which saw mark 1, was running.
    const later = cache.read('k', async () => '2', async () => page('[2]', '2'));
    await Promise.resolve();
    old.resolve(page('[1]', '1'));
    expect((await started).page.seq).toBe('1');
    expect(await later).toMatchObject({ page: { seq: '2' }, source: 'miss' });
    expect(textOf((await later).page)).toBe('[2]');
    // The stored page is the newer one, though the older build finished last.
    expect(await cache.read('k', async () => '2', () => Promise.reject(new Error('not called')))).toMatchObject({ source: 'hit', page: { seq: '2' } });
    // The mark moves on: the stored page is not used.
    expect(await cache.read('k', async () => '3', async () => page('[3]', '3'))).toMatchObject({ source: 'miss', page: { seq: '3' } });
  });

  it("builds its own page when the shared build fails, and a failing build of its own rejects", async () => {
    const cache = new TicketPageCache();
    const failing = deferred<CachedTicketPage>();
    const first = cache.read('k', async () => '1', () => failing.promise);
    const second = cache.read('k', async () => '1', async () => page('[1]', '1'));
    failing.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    expect(await second).toMatchObject({ page: { seq: '1' }, source: 'miss' });
    expect(textOf((await second).page)).toBe('[1]');
    expect(cache.size).toMatchObject({ entries: 1, building: 0 });
  });
});

describe('toCachedPage (serialised once, each variant compressed once)', () => {
  it('keeps the answer as bytes, and each brotli/gzip variant is made once, decodes to it and holds only its own bytes', async () => {
    const items = JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ id: `t${i}`, issueDescription: 'printer offline '.repeat(4) })));
    const cached = toCachedPage({ itemsJson: items, more: true, lastId: 't39', seq: '7' });
    expect(cached.seq).toBe('7');
    const answer = cached.body;
    expect(JSON.parse(answer.plain.toString())).toEqual({ items: JSON.parse(items), nextCursor: 't39', more: true });
    const br = await answer.encoded('br');
    expect(await answer.encoded('br')).toBe(br);
    const gz = await answer.encoded('gzip');
    expect(await answer.encoded('gzip')).toBe(gz);
    expect(brotliDecompressSync(br)).toEqual(answer.plain);
    expect(gunzipSync(gz)).toEqual(answer.plain);
    expect(br.length).toBeLessThan(answer.plain.length / 4);
    // Not a view of zlib's 16 KiB output chunk.
    expect(br.buffer.byteLength).toBeLessThan(br.length + 1024);
    expect(gz.buffer.byteLength).toBeLessThan(gz.length + 1024);
    // The last page has no next cursor.
    expect(JSON.parse(toCachedPage({ itemsJson: '[]', more: false, lastId: null, seq: '8' }).body.plain.toString())).toEqual({ items: [], nextCursor: null, more: false });
  });
});

describe('TicketPageCache', () => {
  it('drops the least recently used page beyond its count', () => {
    const cache = new TicketPageCache(2, 1_000);
    cache.set('a', page('[1]'));
    cache.set('b', page('[2]'));
    expect(textOf(cache.get('a'))).toBe('[1]'); // a is now the most recent
    cache.set('c', page('[3]'));
    expect(cache.get('b')).toBeUndefined();
    expect(textOf(cache.get('a'))).toBe('[1]');
    expect(cache.size).toEqual({ entries: 2, bytes: 6, building: 0 });
  });

  it('keeps its answers under the byte bound, never stores a page larger than it, and replaces a key', () => {
    const cache = new TicketPageCache(10, 10);
    cache.set('a', page('[111]'));
    cache.set('b', page('[222]'));
    cache.set('c', page('[33]'));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toEqual({ entries: 2, bytes: 9, building: 0 });
    cache.set('big', page('[12345678901]'));
    expect(cache.get('big')).toBeUndefined();
    cache.set('b', page('[2]', '2'));
    expect(cache.get('b')?.seq).toBe('2');
    expect(cache.size).toEqual({ entries: 2, bytes: 7, building: 0 });
    cache.set('b', page('[older]')); // a slower, older build finishing last
    expect(textOf(cache.get('b'))).toBe('[2]');
  });

  it('keys by the resolved filter, cursor and limit (status order does not matter)', () => {
    const key = TicketPageCache.key;
    expect(key({ statuses: ['open', 'closed'] }, { limit: 50 })).toBe(key({ statuses: ['closed', 'open'] }, { limit: 50 }));
    expect(key({}, { limit: 50 })).toBe(key({ statuses: [] }, { limit: 50 }));
    const distinct = [
      key({}, { limit: 50 }),
      key({}, { limit: 20 }),
      key({ assignee: null }, { limit: 50 }),
      key({ assignee: 'u1' }, { limit: 50 }),
      key({ q: 'acme' }, { limit: 50 }),
      key({}, { limit: 50, cursor: 'c1' }),
    ];
    expect(new Set(distinct).size).toBe(distinct.length);
  });
});

describe('GET /api/tickets/list from the page cache, two API processes on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: TestUser & { token: string };
  let tech: TestUser & { token: string };

  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp({ db: a.db });
    admin = await a.loginAs('admin');
    tech = await a.loginAs('technician');
    for (let i = 0; i < 3; i++) {
      a.clock.advance(1_000); // newest first: distinct creation times
      await a.createTicket({ clientName: `Cached ${i}` });
    }
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** Lists through `app`; returns the page and whether the cache answered. */
  async function list(app: TestApp, query = 'limit=5') {
    const res = await app.request<TicketListPage>('GET', `/api/tickets/list?${query}`, { token: tech.token });
    expect(res.status, res.text).toBe(200);
    const timing = res.headers.get('server-timing') ?? '';
    const source = /cache;desc=(hit|shared|miss)/.exec(timing)?.[1];
    expect(source, timing).toBeDefined();
    return { body: res.body, text: res.text, hit: source === 'hit', source };
  }

  it('answers the same page from memory while no ticket changed', async () => {
    const first = await list(b);
    expect(first.hit).toBe(false);
    const again = await list(b);
    expect(again.hit).toBe(true);
    expect(again.text).toBe(first.text);
    expect((await list(b, 'limit=5&status=open')).hit).toBe(false); // another filter, another page
  });

  it('sees a ticket created through the other process on its next list', async () => {
    await list(b);
    a.clock.advance(1_000);
    const created = await a.createTicket({ clientName: 'Created elsewhere' });
    const after = await list(b);
    expect(after.hit).toBe(false);
    expect(after.body.items[0]).toMatchObject({ id: created.id, clientName: 'Created elsewhere', status: 'open' });
  });

  it("sees the other process's status change, assignment and a deleted assignee's unassignment", async () => {
    const [top] = (await list(b)).body.items;
    const moved = await a.request('PATCH', `/api/tickets/${top!.id}`, { token: tech.token, body: { status: 'in_progress' } });
    expect(moved.status, moved.text).toBe(200);
    expect((await list(b)).body.items[0]).toMatchObject({ id: top!.id, status: 'in_progress' });
    expect((await list(b, 'limit=5&status=open')).body.items.map((t) => t.id)).not.toContain(top!.id);

    const helper = await a.loginAs('technician');
    const assigned = await a.request('PATCH', `/api/tickets/${top!.id}`, { token: tech.token, body: { assignedTo: helper.id } });
    expect(assigned.status, assigned.text).toBe(200);
    const seen = await list(b);
    expect(seen.hit).toBe(false);
    expect(seen.body.items[0]).toMatchObject({ id: top!.id, assignedTo: helper.id });
    expect((await list(b, `limit=5&assignee=${helper.id}`)).body.items.map((t) => t.id)).toEqual([top!.id]);
    expect((await list(b)).hit).toBe(true);

    const removed = await a.request('DELETE', `/api/users/${helper.id}`, { token: admin.token });
    expect(removed.status, removed.text).toBeLessThan(300);
    expect((await list(b)).body.items[0]).toMatchObject({ id: top!.id, assignedTo: null });
    expect((await list(b, `limit=5&assignee=${helper.id}`)).body.items).toEqual([]);
  });

  it('builds a page once for concurrent requests after a write, and every one shows the write', async () => {
    await list(b);
    a.clock.advance(1_000);
    const created = await a.createTicket({ clientName: 'Seen by all' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => list(b)));
    expect(answers.filter((x) => x.source === 'miss')).toHaveLength(1);
    for (const answer of answers) expect(answer.body.items[0]).toMatchObject({ id: created.id });
  });

  it('pages on from a cached page with the same cursor as a fresh one', async () => {
    const first = await list(b, 'limit=2');
    const next = await list(b, `limit=2&cursor=${first.body.nextCursor}`);
    const nextAgain = await list(b, `limit=2&cursor=${first.body.nextCursor}`);
    expect(nextAgain.hit).toBe(true);
    expect(nextAgain.text).toBe(next.text);
    expect(next.body.items.map((t) => t.id)).not.toContain(first.body.items[0]!.id);
  });
});
