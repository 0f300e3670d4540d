/**
 * Issue 55 defect 9: a session that must still enrol a second factor reaches nothing but the
 * enrolment routes. Walks EVERY route read from the app's routers (like fuzz.plans.testkit.ts) with
 * an admin's enrolling session and compares each answer with an anonymous request's: the session
 * may add nothing (a public route answers it exactly as it answers anyone), and where a caller
 * without a session gets 401 it gets 403 `two_factor_enrolment_required`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../test/app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ env: { TWO_FACTOR_REQUIRED: 'staff' } });
  const admin = await t.createUser('admin');
  const login = await t.request('POST', '/api/auth/login', { body: { username: admin.username, password: admin.password } });
  expect(login.body.twoFactorEnrolmentRequired).toBe(true);
  token = login.body.token as string;
});
afterAll(() => t.close());

interface Layer {
  methods: string[];
  path: string;
  stack: { admitsEnrolment?: boolean }[];
}

function listRoutes(): { method: string; path: string; admits: boolean }[] {
  const routes: { method: string; path: string; admits: boolean }[] = [];
  for (const mw of t.app.middleware as unknown as { router?: { stack: Layer[] } }[]) {
    for (const layer of mw.router?.stack ?? []) {
      const admits = layer.stack.some((m) => m.admitsEnrolment === true);
      for (const method of layer.methods.filter((m) => m !== 'HEAD')) routes.push({ method, path: layer.path, admits });
    }
  }
  return routes;
}

/** A concrete path: ids become a random uuid, a download's name the checksums file. */
const concrete = (path: string) => path.replace(/:fileName/g, 'checksums').replace(/:[A-Za-z]+/g, randomUUID());

describe('the enrolment gate covers every staff route (issue 55 defect 9)', () => {
  it('lists exactly the enrolment routes as open to an enrolling session', () => {
    const admitted = listRoutes()
      .filter((r) => r.admits)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(admitted).toEqual(
      [
        'GET /api/auth/2fa',
        'GET /api/auth/me',
        'POST /api/auth/2fa/passkeys',
        'POST /api/auth/2fa/passkeys/options',
        'POST /api/auth/2fa/step-up',
        'POST /api/auth/2fa/step-up/options',
        'POST /api/auth/2fa/totp/confirm',
        'POST /api/auth/2fa/totp/setup',
        'POST /api/auth/logout',
      ].sort(),
    );
  });

  it('downloads the checksums only with a full session', async () => {
    const res = await t.request('GET', '/api/downloads/checksums', { token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('two_factor_enrolment_required');
  });

  it('every other route answers the enrolling session as it answers no session, 401 becoming 403 enrolment', async () => {
    const routes = listRoutes().filter((r) => !r.admits);
    expect(routes.length).toBeGreaterThan(80);
    const mismatches: string[] = [];
    for (const route of routes) {
      const path = concrete(route.path);
      const body = ['GET', 'DELETE'].includes(route.method) ? undefined : {};
      const anonymous = await t.request(route.method, path, { body });
      const enrolling = await t.request(route.method, path, { body, token });
      const expected = anonymous.status === 401 ? 403 : anonymous.status;
      const ok = enrolling.status === expected && (anonymous.status !== 401 || enrolling.body.code === 'two_factor_enrolment_required');
      if (!ok) mismatches.push(`${route.method} ${route.path}: anonymous ${anonymous.status}, enrolling ${enrolling.status} ${enrolling.text.slice(0, 120)}`);
    }
    expect(mismatches).toEqual([]);
  });
});
