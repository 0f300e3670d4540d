/** MarkedCache (README Decisions "Statistics cache"): answers kept while the mark stands, for at most maxAge, one build per burst. */
import { describe, expect, it } from 'vitest';
import { deferred } from '../test/deferred';
import { MarkedCache } from './marked-cache';

describe('MarkedCache', () => {
  it('reuses an answer while the mark stands, rebuilds when it moves or the answer is too old', async () => {
    let now = 0;
    let mark = 'a';
    let builds = 0;
    const cache = new MarkedCache<string>(8, 30_000, () => now);
    const read = () => cache.read('30', async () => mark, async () => `built ${++builds} at ${mark}`);
    expect(await read()).toEqual({ value: 'built 1 at a', source: 'miss' });
    expect(await read()).toEqual({ value: 'built 1 at a', source: 'hit' });
    mark = 'b'; // a committed write
    expect(await read()).toEqual({ value: 'built 2 at b', source: 'miss' });
    now = 29_999;
    expect((await read()).source).toBe('hit');
    now = 30_000; // the rolling range moved on
    expect(await read()).toEqual({ value: 'built 3 at b', source: 'miss' });
  });

  it('shares one build among concurrent callers with the same mark, never one of an older mark', async () => {
    const cache = new MarkedCache<string>(8, 30_000, () => 0);
    const first = deferred<string>();
    let builds = 0;
    const slow = () => (builds++, first.promise);
    const callers = Array.from({ length: 10 }, () => cache.read('k', async () => 'm1', slow));
    await new Promise((r) => setImmediate(r));
    expect(cache.size.building).toBe(1);
    const newer = cache.read('k', async () => 'm2', async () => 'fresh');
    first.resolve('old');
    const answers = await Promise.all(callers);
    expect(builds).toBe(1);
    expect(answers.filter((a) => a.source === 'miss')).toHaveLength(1);
    expect(answers.every((a) => a.value === 'old')).toBe(true);
    expect(await newer).toEqual({ value: 'fresh', source: 'miss' });
  });

  it('stores no failed build: the callers sharing it build their own', async () => {
    const cache = new MarkedCache<string>(8, 30_000, () => 0);
    const failing = deferred<string>();
    const first = cache.read('k', async () => 'm', () => failing.promise);
    await new Promise((r) => setImmediate(r));
    const second = cache.read('k', async () => 'm', async () => 'ok');
    failing.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    expect(await second).toEqual({ value: 'ok', source: 'miss' });
    expect(cache.size).toEqual({ entries: 1, building: 0 });
  });

  it('keeps at most maxEntries answers, least recently used dropped first', async () => {
    const cache = new MarkedCache<string>(2, 30_000, () => 0);
    const mark = async () => 'm';
    await cache.read('a', mark, async () => 'A');
    await cache.read('b', mark, async () => 'B');
    await cache.read('a', mark, async () => 'not built');
    await cache.read('c', mark, async () => 'C');
    expect((await cache.read('a', mark, async () => 'A2')).source).toBe('hit');
    expect((await cache.read('b', mark, async () => 'B2')).value).toBe('B2');
  });
});
