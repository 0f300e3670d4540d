/**
 * Batched counts on PostgreSQL (rate-limit-postgres-batch.ts): the counts of one event-loop turn are
 * one statement, and every caller still gets the answer it would have had with one statement each.
 * Needs DATABASE_URL (the `rate_limits` table of a real PostgreSQL).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createTestDatabase, type TestDatabase } from '../test/db';
import { limiterPool, postgresLimiters } from './rate-limit-stores';

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

/** A limiter store as one process opens it, with the statements it sends counted. */
async function openStore(db: TestDatabase) {
  const pool = limiterPool(db.url!);
  closers.push(() => pool.end());
  const statements: string[] = [];
  const query = pool.query.bind(pool) as (q: pg.QueryConfig | string, values?: unknown[]) => Promise<pg.QueryResult>;
  (pool as unknown as { query: typeof query }).query = (q, values) => {
    if (typeof q !== 'string') statements.push(q.text);
    return query(q, values);
  };
  const factory = postgresLimiters(pool);
  return { pool, statements, limiter: (points: number, durationSec = 60) => factory('ticketCreate', { points, durationSec }) };
}

/** Settles every promise: the remaining points of a consume allowed, or 'refused'. */
const outcomes = (calls: Promise<RateLimiterRes>[]) =>
  Promise.all(calls.map((c) => c.then((r) => r.remainingPoints, (e: unknown) => (e instanceof RateLimiterRes ? 'refused' : e))));

describe.skipIf(!process.env.DATABASE_URL)('batched rate-limit counts on PostgreSQL', () => {
  let db: TestDatabase;
  it('answers six consumes of one address in one turn as six statements would, in call order, with one statement', async () => {
    db = await createTestDatabase();
    closers.push(() => db.close());
    const store = await openStore(db);
    const limiter = store.limiter(5);
    const ip = `ip-${randomUUID()}`;
    expect(await outcomes(Array.from({ length: 6 }, () => limiter.consume(ip)))).toEqual([4, 3, 2, 1, 0, 'refused']);
    expect(store.statements.filter((s) => s.includes('unnest'))).toHaveLength(1);
    const { rows } = await store.pool.query<{ points: number }>('select points from rate_limits where key = $1', [`ticketCreate:${ip}`]);
    expect(rows.map((r) => r.points)).toEqual([6]);
  });

  it('counts many addresses of one turn in one statement, each on its own row', async () => {
    const store = await openStore(db);
    const limiter = store.limiter(2);
    const ips = Array.from({ length: 40 }, (_, i) => `ip-${i}-${randomUUID()}`);
    const first = await outcomes(ips.map((ip) => limiter.consume(ip)));
    expect(first).toEqual(ips.map(() => 1));
    expect(store.statements).toHaveLength(1);
    const second = await outcomes(ips.flatMap((ip) => [limiter.consume(ip), limiter.consume(ip)]));
    expect(second).toEqual(ips.flatMap(() => [0, 'refused']));
  });

  it('restarts the window once the stored expiry has passed', async () => {
    const store = await openStore(db);
    const limiter = store.limiter(1, 1);
    const ip = `ip-${randomUUID()}`;
    expect(await outcomes([limiter.consume(ip), limiter.consume(ip)])).toEqual([0, 'refused']);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await outcomes([limiter.consume(ip)])).toEqual([0]);
  });

  it('two processes counting the same addresses at once share one budget without deadlocking', async () => {
    const [a, b] = [await openStore(db), await openStore(db)];
    const [la, lb] = [a.limiter(100), b.limiter(100)];
    const ips = Array.from({ length: 30 }, (_, i) => `ip-${i}-${randomUUID()}`);
    // Opposite orders in the two processes: sorted keys in each statement keep the row locks in one order.
    await Promise.all([
      ...[1, 2, 3].map(() => outcomes(ips.map((ip) => la.consume(ip)))),
      ...[1, 2, 3].map(() => outcomes([...ips].reverse().map((ip) => lb.consume(ip)))),
    ]);
    const { rows } = await a.pool.query<{ points: number }>('select points from rate_limits where key = any($1)', [ips.map((ip) => `ticketCreate:${ip}`)]);
    expect(rows.map((r) => r.points)).toEqual(ips.map(() => 6));
  });
});
