/**
 * Issue 55 defect 12 (first part): a foreign page cannot make the browser send a state-changing
 * request with the session cookie, whatever its content type (http/origin-check.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { startTestApp, type TestApp } from '../test/app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp();
  const admin = await t.loginAs('admin');
  cookie = `session=${admin.token}`;
});
afterAll(() => t.close());

const disabled = async (id: string) => (await t.db.select({ at: users.disabledAt }).from(users).where(eq(users.id, id)))[0]!.at !== null;
const form = (id: string, headers: Record<string, string>) =>
  t.request('POST', `/api/users/${id}/disable`, { body: '', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers } });

describe('Origin check on cookie-authenticated writes', () => {
  it('refuses a bodyless form POST from another origin (disable a user); nothing changes', async () => {
    const victim = await t.createUser('technician');
    const res = await form(victim.id, { origin: 'https://evil.test' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'cross_origin', message: 'This request came from another site and was refused.' });
    expect(await disabled(victim.id)).toBe(false);
    const nullOrigin = await form(victim.id, { origin: 'null' });
    expect(nullOrigin.status).toBe(403);
    const noOriginCrossSite = await form(victim.id, { 'sec-fetch-site': 'cross-site' });
    expect(noOriginCrossSite.status).toBe(403);
    const reset = await t.request('POST', `/api/users/${victim.id}/2fa/reset`, { headers: { cookie, origin: 'https://evil.test' } });
    expect(reset.status).toBe(403);
    expect(await disabled(victim.id)).toBe(false);
  });

  it('accepts the app own origin, same-origin fetches without Origin, and bearer tokens', async () => {
    const victim = await t.createUser('technician');
    const own = await t.request('POST', `/api/users/${victim.id}/disable`, { headers: { cookie, origin: new URL(t.url).origin } });
    expect(own.status, own.text).toBe(200);
    expect(await disabled(victim.id)).toBe(true);
    const other = await t.createUser('technician');
    expect((await t.request('POST', `/api/users/${other.id}/disable`, { headers: { cookie, 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    // Reads are never refused; nor a GET from another origin (it changes nothing).
    expect((await t.request('GET', '/api/users', { headers: { cookie, origin: 'https://evil.test' } })).status).toBe(200);
  });
});
