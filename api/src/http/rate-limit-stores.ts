/**
 * Shared rate-limit stores (issue 16: several API processes on one PostgreSQL). With counts in one
 * process's memory, N processes would each allow the full budget; these factories keep the counts
 * in a place every process sees:
 * - {@link postgresLimiters}: rate-limiter-flexible's RateLimiterPostgres on a small pool of its own, in
 *   the `rate_limits` table (db/schema.ts, created by the migrations; expired rows deleted every
 *   few minutes by each limiter). One upsert per counted request.
 * - {@link redisLimiters}: RateLimiterRedis on an ioredis client (REDIS_URL), atomic in Redis.
 * Both fall back to an in-memory limiter of the same budget while their store fails
 * (`insuranceLimiter`): a database or Redis outage never turns a login or a ticket form into a 500;
 * limits are then per process until the store answers again.
 */
import pg from 'pg';
import { Redis } from 'ioredis';
import { RateLimiterPostgres, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Config } from '../config';
import type { LimiterFactory } from './rate-limit';
import { LeanRateLimiterMemory } from './rate-limit-memory';

/** Connections of the postgres store's own pool (each process). */
export const LIMITER_POOL_SIZE = 4;

/** Name of the table RateLimiterPostgres uses (schema in db/schema.ts `rateLimits`). */
export const RATE_LIMIT_TABLE = 'rate_limits';

const insurance = (name: string, points: number, duration: number) =>
  new LeanRateLimiterMemory({ keyPrefix: `${name}:insurance`, points, duration });

/**
 * Limiters counting in PostgreSQL (`rate_limits`), shared by every process on the database. Pass a
 * pool of their own (see {@link createLimiterStore}). A key that has used its budget is refused from
 * this process's memory until its window ends (`inMemoryBlockOnConsumed`): a flood from one address
 * costs the database nothing once it is over the limit.
 */
export function postgresLimiters(pool: pg.Pool): LimiterFactory {
  return (name, l) =>
    new RateLimiterPostgres({
      inMemoryBlockOnConsumed: l.points + 1,
      inMemoryBlockDuration: l.durationSec,
      storeClient: pool,
      storeType: 'pool',
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      keyPrefix: name,
      points: l.points,
      duration: l.durationSec,
      insuranceLimiter: insurance(name, l.points, l.durationSec),
    });
}

/** Limiters counting in Redis (REDIS_URL), shared by every process using that Redis. */
export function redisLimiters(client: Redis): LimiterFactory {
  return (name, l) =>
    new RateLimiterRedis({
      storeClient: client,
      keyPrefix: `portal:rl:${name}`,
      points: l.points,
      duration: l.durationSec,
      rejectIfRedisNotReady: true,
      insuranceLimiter: insurance(name, l.points, l.durationSec),
    });
}

/**
 * The postgres store's own pool on `databaseUrl`: {@link LIMITER_POOL_SIZE} connections (a bulkhead:
 * every counted request upserts one row per address, and many requests from one address wait on
 * that row's lock; on the app's pool those waits held every connection and the ticket writes queued
 * behind them, issue 16), with `synchronous_commit` off: a count commits without waiting for its WAL
 * flush. A crash can forget the last fraction of a second of counts, which at worst lets a client
 * make those requests again; every ticket and session write stays durable (the app's pool). On the
 * bench this took public creates from 1,700 to 2,700/s, the counts having been one durable COMMIT
 * per request (README "Eighth round").
 */
export function limiterPool(databaseUrl: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: LIMITER_POOL_SIZE, options: '-c synchronous_commit=off' });
  pool.on('error', () => {}); // an idle connection dropped: the pool replaces it; calls fail over to insurance
  return pool;
}

/** The configured store: the factory for createApp (undefined = memory) and how to close it. */
export interface LimiterStore {
  factory: LimiterFactory | undefined;
  close(): Promise<void>;
}

/**
 * Builds the store RATE_LIMIT_STORE names (config.ts picks redis with REDIS_URL, postgres with
 * DATABASE_URL, else memory); the postgres store opens its own pool ({@link limiterPool}).
 */
export function createLimiterStore(config: Pick<Config, 'rateLimitStore' | 'redisUrl' | 'databaseUrl'>): LimiterStore {
  if (config.rateLimitStore === 'redis' && config.redisUrl) {
    // No offline queue: while Redis is unreachable a call fails at once and the insurance limiter answers.
    const client = new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    client.on('error', () => {});
    return { factory: redisLimiters(client), close: async () => void (await client.quit().catch(() => client.disconnect())) };
  }
  if (config.rateLimitStore === 'postgres' && config.databaseUrl) {
    const own = limiterPool(config.databaseUrl);
    return { factory: postgresLimiters(own), close: () => own.end() };
  }
  return { factory: undefined, close: async () => {} };
}
