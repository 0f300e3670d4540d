/**
 * The in-process session cache: TTL and session expiry, drops by session and by user,
 * no stale store after a concurrent drop, off while changes may be missed; and, over HTTP, that a
 * revocation made by one app is seen at once by another app on the same database (the
 * pg_notify/LISTEN path; on PGlite the second app shares the first one's database and events).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestClock, type TestApp } from '../test/app';
import { SessionCache, type LoadedSession } from './session-cache';

const user = (id: string) => ({ id, username: id, email: null, phone: null, role: 'technician' as const, createdAt: new Date(0) });
const loaded = (sessionId: string, userId: string, expiresAt: Date): LoadedSession => ({ auth: { sessionId, user: user(userId) }, expiresAt });

describe('SessionCache', () => {
  it('serves from memory until the TTL or the session expiry, whichever comes first', async () => {
    const clock = new TestClock(new Date('2030-01-01T00:00:00Z'));
    const cache = new SessionCache(10_000, 100, clock.now);
    let loads = 0;
    const load = async () => (loads++, loaded('s1', 'u1', new Date(clock.current.getTime() + 5_000)));
    await cache.lookup('k', load);
    await cache.lookup('k', load);
    expect(loads).toBe(1);
    clock.advance(5_001);
    await cache.lookup('k', load);
    expect(loads).toBe(2);
    clock.advance(4_000);
    await cache.lookup('k', load);
    expect(loads).toBe(2);
  });

  it('drops by session and by user, and never stores an answer read before a drop', async () => {
    const clock = new TestClock();
    const cache = new SessionCache(60_000, 100, clock.now);
    const far = new Date(clock.current.getTime() + 3_600_000);
    await cache.lookup('a', async () => loaded('s1', 'u1', far));
    await cache.lookup('b', async () => loaded('s2', 'u1', far));
    await cache.lookup('c', async () => loaded('s3', 'u2', far));
    cache.forget({ sessionId: 's1' });
    expect(cache.size).toBe(2);
    cache.forget({ userId: 'u1' });
    expect(cache.size).toBe(1);

    let release!: () => void;
    const slow = cache.lookup('d', () => new Promise<LoadedSession>((ok) => (release = () => ok(loaded('s4', 'u3', far)))));
    cache.forget({ userId: 'u3' });
    release();
    expect((await slow)?.sessionId).toBe('s4');
    expect(cache.size).toBe(1);
  });

  it('stays off after a reset(false) until reset(true); ttl 0 never caches; keeps at most max entries', async () => {
    const clock = new TestClock();
    const far = new Date(clock.current.getTime() + 3_600_000);
    const cache = new SessionCache(60_000, 2, clock.now);
    cache.reset(false);
    await cache.lookup('a', async () => loaded('s1', 'u1', far));
    expect(cache.size).toBe(0);
    cache.reset(true);
    for (const k of ['a', 'b', 'c']) await cache.lookup(k, async () => loaded(k, 'u1', far));
    expect(cache.size).toBe(2);
    const off = new SessionCache(0, 10, clock.now);
    await off.lookup('a', async () => loaded('s1', 'u1', far));
    expect(off.size).toBe(0);
  });
});

describe('revocations reach every app on the database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
    // PostgreSQL: a second app with its own pool and LISTEN connection, like another process.
    b = a.databaseUrl ? await startTestApp({ attachTo: a.databaseUrl }) : a;
  });
  afterAll(async () => {
    if (b !== a) await b.close();
    await a.close();
  });

  it('logout and a role change take effect on the other app at once', async () => {
    const tech = await a.loginAs('technician');
    const me = (app: TestApp, token: string) => app.request('GET', '/api/auth/me', { token });
    expect((await me(b, tech.token)).status).toBe(200); // cached in b now
    expect((await a.request('POST', '/api/auth/logout', { token: tech.token })).status).toBe(204);
    await expect.poll(async () => (await me(b, tech.token)).status, { timeout: 2000, interval: 20 }).toBe(401);

    const admin = await a.loginAs('admin');
    const other = await a.loginAs('technician');
    expect((await b.request('GET', '/api/tickets/counts', { token: other.token })).status).toBe(200);
    expect((await a.request('PATCH', `/api/users/${other.id}`, { token: admin.token, body: { role: 'user' } })).status).toBe(200);
    await expect.poll(async () => (await b.request('GET', '/api/tickets/counts', { token: other.token })).status, { timeout: 2000, interval: 20 }).toBe(403);
  });
});
