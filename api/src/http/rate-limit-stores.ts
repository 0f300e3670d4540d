/**
 * Shared rate-limit stores (several API processes on one PostgreSQL). With counts in one
 * process's memory, N processes would each allow the full budget; these factories keep the counts
 * in a place every process sees:
 * - {@link postgresLimiters}: rate-limiter-flexible's RateLimiterPostgres on a small pool of its own, in
 *   the `rate_limits` table (db/schema.ts, created by the migrations; expired rows deleted every
 *   few minutes by each limiter). One upsert per event-loop turn for all the requests it counted
 *   (rate-limit-postgres-batch.ts).
 * - {@link redisLimiters}: RateLimiterRedis on an ioredis client (REDIS_URL), atomic in Redis.
 * Both fall back to an in-memory limiter of the same budget while their store fails
 * (`insuranceLimiter`): a database or Redis outage never turns a login or a ticket form into a 500;
 * limits are then per process until the store answers again. A Redis outage is never silent: a
 * warning at start and each time it becomes unreachable, and admins see it in `/api/health`.
 */
import { createRequire } from 'node:module';
import type pg from 'pg';
import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { Config } from '../config';
import type { LimiterFactory } from './rate-limit';
import { LeanRateLimiterMemory } from './rate-limit-memory';
import { BatchedRateLimiterPostgres } from './rate-limit-postgres-batch';

/** Connections of the postgres store's own pool (each process). */
export const LIMITER_POOL_SIZE = 4;

/**
 * node-postgres and ioredis are loaded when a store needs them (synchronously: the store is built
 * at start), so the embedded default holds neither (docs/decisions.md "API memory").
 */
const load = createRequire(import.meta.url);
const pgDriver = () => load('pg') as typeof pg;
const redisClass = () => (load('ioredis') as typeof import('ioredis')).Redis;

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
    new BatchedRateLimiterPostgres({
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
 * behind them), with `synchronous_commit` off: a count commits without waiting for its WAL
 * flush. A crash can forget the last fraction of a second of counts, which at worst lets a client
 * make those requests again; every ticket and session write stays durable (the app's pool). On the
 * bench this took public creates from 1,700 to 2,700/s, the counts having been one durable COMMIT
 * per request (docs/benchmarks.md).
 */
export function limiterPool(databaseUrl: string): pg.Pool {
  const pool = new (pgDriver().Pool)({ connectionString: databaseUrl, max: LIMITER_POOL_SIZE, options: '-c synchronous_commit=off' });
  pool.on('error', () => {}); // an idle connection dropped: the pool replaces it; calls fail over to insurance
  return pool;
}

/** State of the shared store, for the start log and admins' `/api/health` details. */
export interface LimiterHealth {
  store: 'memory' | 'postgres' | 'redis';
  /** False while the shared store is unreachable: each process counts in its own memory (limits are per process). */
  shared: boolean;
  warning: string | null;
}

/** The configured store: the factory for createApp (undefined = memory), its health and how to close it. */
export interface LimiterStore {
  factory: LimiterFactory | undefined;
  health(): LimiterHealth;
  close(): Promise<void>;
}

/** Where a store's warnings go (the app's logger). */
export interface LimiterLog {
  warn(msg: string, data?: Record<string, unknown>): void;
  info(msg: string, data?: Record<string, unknown>): void;
}

/** How long Redis may take to answer at start before the fallback is reported. */
export const REDIS_START_GRACE_MS = 3_000;
const REDIS_DOWN = 'Redis (REDIS_URL) is unreachable: rate limits fall back to each process\'s memory, so every process allows the full budget until it answers again';

/**
 * Watches a Redis client: one warning when it becomes unreachable (also at start, after
 * {@link REDIS_START_GRACE_MS} without a connection) and one info line when it answers again.
 */
function watchRedis(client: Redis, log: LimiterLog | undefined): { health: () => LimiterHealth; stop: () => void } {
  let reachable: boolean | null = null;
  const down = (reason: string) => {
    if (reachable === false) return;
    reachable = false;
    log?.warn(REDIS_DOWN, { reason });
  };
  client.on('ready', () => {
    if (reachable === false) log?.info('Redis (REDIS_URL) answers again: rate limits are shared again');
    reachable = true;
  });
  client.on('error', (err: Error) => down(err.message.slice(0, 200)));
  client.on('end', () => down('connection ended'));
  const timer = setTimeout(() => {
    if (reachable === null) down('no connection at start');
  }, REDIS_START_GRACE_MS);
  timer.unref();
  return {
    health: () => ({ store: 'redis', shared: reachable === true, warning: reachable === true ? null : REDIS_DOWN }),
    stop: () => clearTimeout(timer),
  };
}

/**
 * Builds the store RATE_LIMIT_STORE names (config.ts picks redis with REDIS_URL, postgres with
 * DATABASE_URL, else memory); the postgres store opens its own pool ({@link limiterPool}).
 */
export function createLimiterStore(config: Pick<Config, 'rateLimitStore' | 'redisUrl' | 'databaseUrl'>, log?: LimiterLog): LimiterStore {
  if (config.rateLimitStore === 'redis' && config.redisUrl) {
    // No offline queue: while Redis is unreachable a call fails at once and the insurance limiter answers.
    const client = new (redisClass())(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    const watch = watchRedis(client, log);
    return {
      factory: redisLimiters(client),
      health: watch.health,
      close: async () => {
        watch.stop();
        await client.quit().catch(() => client.disconnect());
      },
    };
  }
  if (config.rateLimitStore === 'postgres' && config.databaseUrl) {
    const own = limiterPool(config.databaseUrl);
    return { factory: postgresLimiters(own), health: () => ({ store: 'postgres', shared: true, warning: null }), close: () => own.end() };
  }
  return { factory: undefined, health: () => ({ store: 'memory', shared: false, warning: null }), close: async () => {} };
}
