/**
 * Shared rate-limit stores (issue 16): two limiter sets built like two processes (each with its own
 * connection) share one budget in PostgreSQL (with DATABASE_URL) and in Redis (with REDIS_URL);
 * with the store unreachable the in-memory insurance limiter answers instead of an error.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { createTestDatabase, type TestDatabase } from '../test/db';
import { startTestApp } from '../test/app';
import { eventually } from '../test/upload';
import { RateLimitedError } from './errors';
import { consumeOrThrow, createRateLimiters, DEFAULT_RATE_LIMITS, type RateLimiters } from './rate-limit';
import { createLimiterStore, limiterPool, type LimiterStore } from './rate-limit-stores';

const settings = { ...DEFAULT_RATE_LIMITS, ticketCreate: { points: 3, durationSec: 60 } };

/** Consumes `n` points for `key`, alternating between the two sets; returns how many were allowed. */
async function allowed(sets: RateLimiters[], key: string, n: number): Promise<number> {
  let ok = 0;
  for (let i = 0; i < n; i++) {
    try {
      await consumeOrThrow(sets[i % sets.length]!.ticketCreate, key);
      ok += 1;
    } catch (err) {
      if (!(err instanceof RateLimitedError)) throw err;
    }
  }
  return ok;
}

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

describe.skipIf(!process.env.DATABASE_URL)('RATE_LIMIT_STORE=postgres', () => {
  it('two processes share one budget through the rate_limits table', async () => {
    const db: TestDatabase = await createTestDatabase();
    closers.push(() => db.close());
    // Each store opens a pool of its own on the database, as each process would.
    const stores = [0, 1].map(() => createLimiterStore({ rateLimitStore: 'postgres', redisUrl: undefined, databaseUrl: db.url }));
    for (const s of stores) closers.push(() => s.close());
    const sets = stores.map((s) => createRateLimiters(settings, s.factory));
    const ip = `ip-${randomUUID()}`;
    expect(await allowed(sets, ip, 6)).toBe(3);
    // A process that saw the key over its budget refuses it from memory: tries 1-5 reached the table
    // (the 4th blocked it in the second set, the 5th in the first), the 6th did not.
    const rows = await rowsOf<{ points: number }>(db.db, sql`select points from rate_limits where key like ${`%${ip}`}`);
    expect(rows.map((r) => Number(r.points))).toEqual([5]);
  });

  it("counts on the store's own connections, which commit without waiting for the WAL flush; the app's stay durable", async () => {
    const db: TestDatabase = await createTestDatabase();
    closers.push(() => db.close());
    const pool = limiterPool(db.url!);
    closers.push(() => pool.end());
    const setting = async (q: (text: string) => Promise<{ rows: { synchronous_commit: string }[] }>) => (await q('show synchronous_commit')).rows[0]!.synchronous_commit;
    expect(await Promise.all([setting((t) => pool.query(t)), setting((t) => pool.query(t))])).toEqual(['off', 'off']);
    const app = await rowsOf<{ synchronous_commit: string }>(db.db, sql`show synchronous_commit`);
    expect(app[0]!.synchronous_commit).toBe('on');
  });
});

describe.skipIf(!process.env.REDIS_URL)('RATE_LIMIT_STORE=redis', () => {
  it('two processes share one budget in Redis', async () => {
    const stores: LimiterStore[] = [0, 1].map(() => createLimiterStore({ rateLimitStore: 'redis', redisUrl: process.env.REDIS_URL, databaseUrl: undefined }));
    for (const s of stores) closers.push(() => s.close());
    const sets = stores.map((s) => createRateLimiters(settings, s.factory));
    await new Promise((r) => setTimeout(r, 300)); // connect
    expect(await allowed(sets, `ip-${randomUUID()}`, 6)).toBe(3);
  });
});

describe('an unreachable store', () => {
  it('falls back to the in-memory insurance limiter instead of failing requests', async () => {
    const store = createLimiterStore({ rateLimitStore: 'redis', redisUrl: 'redis://127.0.0.1:1', databaseUrl: undefined });
    closers.push(() => store.close());
    const set = createRateLimiters(settings, store.factory);
    expect(await allowed([set], 'ip-x', 5)).toBe(3);
  });

  it('is never silent: one warning when Redis is unreachable, and admins see it in /api/health', async () => {
    const warnings: string[] = [];
    const log = { warn: (msg: string) => void warnings.push(msg), info: () => {} };
    const store = createLimiterStore({ rateLimitStore: 'redis', redisUrl: 'redis://127.0.0.1:1', databaseUrl: undefined }, log);
    closers.push(() => store.close());
    const set = createRateLimiters(settings, store.factory);
    await allowed([set], 'ip-y', 2);
    expect(await eventually(() => warnings.length > 0)).toBe(true);
    expect(warnings[0]).toMatch(/^Redis \(REDIS_URL\) is unreachable: rate limits fall back to each process's memory/);
    await allowed([set], 'ip-y', 2);
    expect(warnings).toHaveLength(1); // once per outage, not per request
    expect(store.health()).toMatchObject({ store: 'redis', shared: false });

    const t = await startTestApp({ limiterFactory: store.factory, limiterHealth: store.health });
    closers.push(() => t.close());
    const admin = await t.loginAs('admin');
    const detailed = await t.request('GET', '/api/health', { token: admin.token });
    expect(detailed.body).toMatchObject({ status: 'ok', details: { rateLimits: { store: 'redis', shared: false, warning: expect.stringContaining('unreachable') } } });
    expect((await t.request('GET', '/api/health')).body).toEqual({ status: 'ok' });
  });
});
