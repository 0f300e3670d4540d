/**
 * Health routes: `/api/health` asks the database; `/api/health/live` (the PWA's reachability probe,
 * the PWA's reachability probe) answers GET and HEAD without touching the database or the session store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { startTestApp, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';

let shared: Awaited<ReturnType<typeof createTestDatabase>>;
let queries = 0;
let failing = false;
let t: TestApp;

beforeAll(async () => {
  shared = await createTestDatabase();
  // Counts every database call of the app and can make them all fail.
  const counted = new Proxy(shared.db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        queries += 1;
        if (failing) throw new Error('database down');
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as Database;
  t = await startTestApp({ db: counted });
});
afterAll(async () => {
  await t.close();
  await shared.close();
});

describe('health', () => {
  it('GET /api/health answers once the database does', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET and HEAD /api/health/live answer without the database, even with a session token', async () => {
    const user = await t.loginAs('technician');
    queries = 0;
    failing = true;
    try {
      const get = await t.request('GET', '/api/health/live', { token: user.token, headers: { Cookie: `session=${user.token}` } });
      expect(get.status).toBe(200);
      expect(get.body).toEqual({ status: 'ok' });
      expect(get.headers.get('cache-control')).toContain('no-store');
      const head = await t.request('HEAD', '/api/health/live', { token: 'unknown-token' });
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
      expect(queries).toBe(0);
      // The database-backed health check does fail meanwhile: the probe really skipped it.
      expect((await t.request('GET', '/api/health')).status).toBe(500);
    } finally {
      failing = false;
    }
  });

  it('other methods on the live path are not answered by the probe', async () => {
    expect((await t.request('POST', '/api/health/live', { body: {} })).status).toBeGreaterThanOrEqual(400);
    expect((await t.request('POST', '/api/health/live', { body: {} })).status).toBeLessThan(500);
  });
});
