/**
 * Limits behind a proxy and cookies over TLS:
 * - TRUST_PROXY is a hop count: only the right-most `hops` X-Forwarded-For entries (written by our
 *   proxies) are believed, so a client cannot pick its own IP and dodge the per-IP limits;
 * - failed logins are limited per IP whatever the usernames, alongside the per IP+username limit;
 * - a public https URL makes the session cookie Secure, even when TLS ends at a proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/shared';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../test/db';
import { startTestApp, type TestApp } from '../test/app';

let db: TestDatabase;
const apps: TestApp[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await db.close();
});

/** An app on the shared database with low login limits. */
async function appWith(env: Record<string, string>, loginIpPoints = 1000): Promise<TestApp> {
  const app = await startTestApp({
    db: db.db,
    env,
    rateLimits: { login: { points: 3, durationSec: 900 }, loginIp: { points: loginIpPoints, durationSec: 900 } },
  });
  apps.push(app);
  return app;
}

const login = (app: TestApp, username: string, password: string, xff?: string) =>
  app.request('POST', '/api/auth/login', { body: { username, password }, headers: xff ? { 'X-Forwarded-For': xff } : {} });

describe('TRUST_PROXY hop count', () => {
  it('parses false, true (= 1 hop, the former boolean) and a number of hops', () => {
    expect(loadConfig({}).trustProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' })).toMatchObject({ trustProxy: false, trustProxyHops: 0 });
    expect(loadConfig({ TRUST_PROXY: 'true' })).toMatchObject({ trustProxy: true, trustProxyHops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' })).toMatchObject({ trustProxy: true, trustProxyHops: 2 });
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY/);
  });

  it('TRUST_PROXY=true: a client-written X-Forwarded-For prefix does not reset the login limit (the probe: 8 x 401 with RATE_LIMIT_LOGIN=3)', async () => {
    const app = await appWith({ TRUST_PROXY: 'true' });
    const user = await app.createUser('admin');
    const statuses = [];
    // The proxy appends the address it saw (always 127.0.0.1 here); the client forged the rest.
    for (let i = 1; i <= 8; i += 1) statuses.push((await login(app, user.username, 'wrong', `10.9.0.${i}, 127.0.0.1`)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('TRUST_PROXY=1 takes the address the proxy appended: two clients behind it have separate limits', async () => {
    const app = await appWith({ TRUST_PROXY: '1' });
    const user = await app.createUser('technician');
    for (let i = 0; i < 3; i += 1) expect((await login(app, user.username, 'wrong', `spoofed, 198.51.100.1`)).status).toBe(401);
    expect((await login(app, user.username, user.password, `anything, 198.51.100.1`)).status).toBe(429);
    expect((await login(app, user.username, user.password, `198.51.100.2`)).status).toBe(200);
  });

  it('TRUST_PROXY=2 believes two hops from the right (CDN -> proxy -> app)', async () => {
    const app = await appWith({ TRUST_PROXY: '2' });
    const user = await app.createUser('technician');
    for (let i = 0; i < 3; i += 1) expect((await login(app, user.username, 'wrong', `forged-${i}, 203.0.113.7, 10.0.0.2`)).status).toBe(401);
    expect((await login(app, user.username, user.password, `other, 203.0.113.7, 10.0.0.3`)).status).toBe(429);
    expect((await login(app, user.username, user.password, `203.0.113.8, 10.0.0.2`)).status).toBe(200);
  });

  it('without TRUST_PROXY the header is ignored: the socket address counts', async () => {
    const app = await appWith({});
    const user = await app.createUser('technician');
    for (let i = 0; i < 3; i += 1) expect((await login(app, user.username, 'wrong', `192.0.2.${i}`)).status).toBe(401);
    expect((await login(app, user.username, user.password, '192.0.2.99')).status).toBe(429);
  });
});

describe('per-IP failed-login limit', () => {
  it('one IP trying one password against many usernames gets 429; other IPs and the per-user counters are unaffected', async () => {
    const app = await appWith({ TRUST_PROXY: '1' }, 5);
    const real = await app.createUser('technician');
    const statuses = [];
    for (let i = 0; i < 60; i += 1) statuses.push((await login(app, `someone-${i}`, 'Summer2024!', '198.51.100.50')).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const blocked = await login(app, real.username, real.password, '198.51.100.50');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: MSG.tooManyRequests, code: 'rate_limited' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(app, real.username, real.password, '198.51.100.51')).status).toBe(200);
  });

  it('a successful login does not clear the failures the IP collected against other usernames', async () => {
    const app = await appWith({ TRUST_PROXY: '1' }, 4);
    const own = await app.createUser('technician');
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 2; i += 1) expect((await login(app, `victim-${round}-${i}`, 'guess', '198.51.100.60')).status).toBe(401);
      expect((await login(app, own.username, own.password, '198.51.100.60')).status).toBe(round === 0 ? 200 : 429);
    }
  });
});

describe('Secure session cookie', () => {
  const cookieOf = (res: { headers: Headers }) => (res.headers.get('set-cookie') ?? '').toLowerCase();

  it('is Secure when PUBLIC_URL is https, even over the proxy\'s plain-http hop without TRUST_PROXY', async () => {
    const app = await appWith({ PUBLIC_URL: 'https://support.example.com' });
    const user = await app.createUser('technician');
    const res = await login(app, user.username, user.password);
    expect(res.status).toBe(200);
    expect(cookieOf(res)).toMatch(/^session=[^;]+;.*\bsecure\b/);
    expect(cookieOf(res)).toContain('httponly');
    const out = await app.request('POST', '/api/auth/logout', { token: res.body.token as string });
    expect(cookieOf(out)).toMatch(/^session=;.*\bsecure\b/);
  });

  it('is not Secure for a plain-http PUBLIC_URL (local development), unless the proxy says https', async () => {
    const app = await appWith({ PUBLIC_URL: 'http://localhost:3000', TRUST_PROXY: '1' });
    const user = await app.createUser('technician');
    expect(cookieOf(await login(app, user.username, user.password))).not.toMatch(/\bsecure\b/);
    const viaTls = await app.request('POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(cookieOf(viaTls)).toMatch(/\bsecure\b/);
  });
});
