/**
 * Health routes: `/api/health` asks the database; `/api/health/live` (the PWA's reachability probe,
 * the PWA's reachability probe) answers GET and HEAD without touching the database or the session store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { startTestApp, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { sharedWhileRunning } from './routes';

let shared: Awaited<ReturnType<typeof createTestDatabase>>;
let queries = 0;
let failing = false;
/** While set, every database call waits for it. */
let gate: Promise<void> | null = null;
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
        if (gate) return gate.then(() => (value as (...a: unknown[]) => unknown).apply(target, args));
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

describe('sharedWhileRunning (the probe statement shared by concurrent health checks)', () => {
  it('gives calls made while one runs its promise, and starts anew once it settled', async () => {
    let runs = 0;
    let finish!: () => void;
    const shared = sharedWhileRunning(() => {
      runs += 1;
      return new Promise<number>((ok) => (finish = () => ok(runs)));
    });
    const a = shared();
    const b = shared();
    expect(b).toBe(a);
    await Promise.resolve();
    expect(runs).toBe(1);
    finish();
    expect(await Promise.all([a, b])).toEqual([1, 1]);
    const c = shared();
    expect(c).not.toBe(a);
    await Promise.resolve();
    finish();
    expect(await c).toBe(2);
    expect(runs).toBe(2);
  });

  it('lets every sharer see a failure, also one thrown at once, and asks again on the next call', async () => {
    let fail = true;
    const shared = sharedWhileRunning(async () => {
      if (fail) throw new Error('down');
      return 'up';
    });
    const syncThrow = sharedWhileRunning((): Promise<string> => {
      throw new Error('thrown at once');
    });
    const [a, b] = [shared(), shared()];
    await expect(a).rejects.toThrow('down');
    await expect(b).rejects.toThrow('down');
    fail = false;
    expect(await shared()).toBe('up');
    await expect(syncThrow()).rejects.toThrow('thrown at once');
    await expect(syncThrow()).rejects.toThrow('thrown at once');
  });

  it('GET /api/health requests that arrive while its select 1 runs share it, and all answer', async () => {
    let open!: () => void;
    gate = new Promise((ok) => (open = ok));
    queries = 0;
    try {
      const answers = Promise.all(Array.from({ length: 8 }, () => t.request('GET', '/api/health')));
      // All eight reach the route while the first statement waits.
      await new Promise((ok) => setTimeout(ok, 500));
      open();
      expect((await answers).map((r) => r.status)).toEqual(Array(8).fill(200));
      expect(queries).toBe(1);
      // Once it answered, the next request asks the database again.
      await t.request('GET', '/api/health');
      expect(queries).toBe(2);
    } finally {
      gate = null;
    }
  });
});
