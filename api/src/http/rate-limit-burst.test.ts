/**
 * Limits that hold under concurrency (README "Security: limits and device grants"): a burst of 200
 * concurrent requests gets at most the limit through, for failed logins (checked passwords), public
 * ticket submissions, public survey requests and vault reveals, in every rate-limit store: this
 * process's memory, PostgreSQL (`rate_limits`, with DATABASE_URL) and Redis (with REDIS_URL). Each
 * request takes its point BEFORE the work it guards (http/rate-limit.ts `consumeAll`, `rateLimit`).
 * Client addresses are random per run (TRUST_PROXY=1, X-Forwarded-For), so counts a shared store
 * kept from an earlier run never meet this one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { randomInt, randomUUID } from 'node:crypto';
import type { VaultEntry } from '@portal/shared';
import { createTestDatabase } from '../test/db';
import { startTestApp, ticketBody, type TestApp } from '../test/app';
import { createLimiterStore, type LimiterStore } from './rate-limit-stores';
import { type LimiterFactory } from './rate-limit';

const BURST = 200;
const LIMIT = 7;
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

/** The limiter factory of a store (undefined: memory), on a connection of its own. */
async function factoryOf(store: 'memory' | 'postgres' | 'redis'): Promise<LimiterFactory | undefined> {
  if (store === 'memory') return undefined;
  let built: LimiterStore;
  if (store === 'postgres') {
    const db = await createTestDatabase();
    closers.push(() => db.close());
    built = createLimiterStore({ rateLimitStore: 'postgres', redisUrl: undefined, databaseUrl: db.url });
  } else {
    built = createLimiterStore({ rateLimitStore: 'redis', redisUrl: process.env.REDIS_URL, databaseUrl: undefined });
  }
  closers.push(() => built.close());
  return built.factory;
}

/** The stores this run can reach (PostgreSQL with DATABASE_URL, Redis with REDIS_URL, as .ci/run sets them). */
const STORES = (['memory', 'postgres', 'redis'] as const).filter((s) => s === 'memory' || (s === 'postgres' ? !!process.env.DATABASE_URL : !!process.env.REDIS_URL));

describe.each(STORES)(`a burst of ${BURST} concurrent requests in the %s store`, (store) => {
  let t: TestApp | null = null;
  const app = async (): Promise<TestApp> => {
    if (t) return t;
    const factory = await factoryOf(store);
    const limit = { points: LIMIT, durationSec: 600 };
    t = await startTestApp({
      env: { TRUST_PROXY: '1' },
      limiterFactory: factory,
      rateLimits: { login: limit, loginIp: { points: 1000, durationSec: 600 }, ticketCreate: limit, survey: limit, vaultReveal: limit },
    });
    closers.push(() => t!.close());
    return t;
  };
  const burst = async (send: () => Promise<{ status: number }>) => (await Promise.all(Array.from({ length: BURST }, send))).map((r) => r.status);

  it(`failed logins: at most ${LIMIT} passwords are checked, the rest are 429`, { timeout: 120_000 }, async () => {
    const a = await app();
    const user = await a.createUser('technician', { username: `burst-${randomUUID().slice(0, 8)}` });
    const ip = randomIp();
    const statuses = await burst(() => a.request('POST', '/api/auth/login', { body: { username: user.username, password: 'wrong-password' }, headers: { 'X-Forwarded-For': ip } }));
    expect(count(statuses, 401)).toBe(LIMIT);
    expect(count(statuses, 429)).toBe(BURST - LIMIT);
    // The right password is refused too while the window is used up; another address still logs in.
    expect((await a.request('POST', '/api/auth/login', { body: { username: user.username, password: user.password }, headers: { 'X-Forwarded-For': ip } })).status).toBe(429);
    expect((await a.request('POST', '/api/auth/login', { body: { username: user.username, password: user.password }, headers: { 'X-Forwarded-For': randomIp() } })).status).toBe(200);
  });

  it(`public ticket submissions: at most ${LIMIT} are created`, { timeout: 120_000 }, async () => {
    const a = await app();
    const ip = randomIp();
    const statuses = await burst(() => a.request('POST', '/api/tickets', { body: ticketBody(), headers: { 'X-Forwarded-For': ip } }));
    expect(count(statuses, 201)).toBe(LIMIT);
    expect(count(statuses, 429)).toBe(BURST - LIMIT);
  });

  it(`public survey requests: at most ${LIMIT} are answered`, { timeout: 120_000 }, async () => {
    const a = await app();
    const ip = randomIp();
    const statuses = await burst(() => a.request('GET', '/api/surveys/invitation?ticket=TKT-000001&token=nope', { headers: { 'X-Forwarded-For': ip } }));
    expect(count(statuses, 429)).toBe(BURST - LIMIT);
  });

  it(`vault reveals: at most ${LIMIT} values are shown`, { timeout: 120_000 }, async () => {
    const a = await app();
    const tech = await a.loginAs('technician', { username: `reveal-${randomUUID().slice(0, 8)}` });
    const entry = (await a.request<VaultEntry>('POST', '/api/vault', { token: tech.token, body: { businessName: 'Burst Co', wifiPassword: 'Burst-Wifi-1' } })).body;
    const statuses = await burst(() => a.request('POST', `/api/vault/${entry.id}/reveal`, { token: tech.token, body: { field: 'wifiPassword' } }));
    expect(count(statuses, 200)).toBe(LIMIT);
    expect(count(statuses, 429)).toBe(BURST - LIMIT);
  });
});
