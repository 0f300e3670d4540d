import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import argon2 from 'argon2';
import { MSG } from '@portal/shared';
import type { LoginResponse } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';
import { createServices } from '../../app';
import { loadConfig } from '../../config';
import { OWASP_ARGON2, createPasswordHasher } from '../../lib/passwords';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ rateLimits: { login: { points: 3, durationSec: 900 } } });
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.request<LoginResponse>('POST', '/api/auth/login', { body: { username, password } });

describe('POST /api/auth/login (SPEC.md 5, DESIGN.md 4)', () => {
  it('returns the user, a 256-bit token with expiry and an httpOnly SameSite=Lax cookie', async () => {
    const u = await t.createUser('technician', { email: 'tech@example.com' });
    const res = await login(u.username, u.password);
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ id: u.id, username: u.username, email: 'tech@example.com', phone: null, role: 'technician', createdAt: expect.any(String) });
    expect(res.body).not.toHaveProperty('user.password');
    expect(Buffer.from(res.body.token, 'base64url')).toHaveLength(32);
    expect(new Date(res.body.expiresAt).getTime() - t.clock.now().getTime()).toBe(720 * 3_600_000);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^session=/);
    expect(cookie.toLowerCase()).toContain('httponly');
    expect(cookie.toLowerCase()).toContain('samesite=lax');
  });

  it('authenticates later calls by Bearer token or by the session cookie', async () => {
    const u = await t.createUser('user');
    const res = await login(u.username, u.password);
    const byToken = await t.request('GET', '/api/auth/me', { token: res.body.token });
    expect(byToken.body.user.username).toBe(u.username);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    const byCookie = await t.request('GET', '/api/auth/me', { headers: { cookie } });
    expect(byCookie.status).toBe(200);
    expect(byCookie.body.user.id).toBe(u.id);
  });

  it('answers SPEC.md 5 messages under each field', async () => {
    const res = await t.request('POST', '/api/auth/login', { body: { username: '', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ username: [MSG.usernameRequired], password: [MSG.passwordRequired] });
    const missing = await t.request('POST', '/api/auth/login', { body: {} });
    expect(missing.body.fieldErrors).toEqual({ username: [MSG.usernameRequired], password: [MSG.passwordRequired] });
  });

  it('answers 401 with the same message for a wrong password and an unknown user', async () => {
    const u = await t.createUser('admin');
    for (const [name, pw] of [[u.username, 'wrong-password'], ['nobody-here', 'whatever']] as const) {
      const res = await login(name, pw);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: MSG.invalidCredentials, code: 'unauthenticated' });
    }
  });

  it('limits failed logins per IP and username with 429 (DESIGN.md 7)', async () => {
    const u = await t.createUser('technician');
    for (let i = 0; i < 3; i++) expect((await login(u.username, 'bad')).status).toBe(401);
    const blocked = await login(u.username, u.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: MSG.tooManyRequests, code: 'rate_limited' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const otherUser = await t.createUser('technician');
    expect((await login(otherUser.username, otherUser.password)).status).toBe(200);
  });

  it('lets an admin unlock a user locked out by failed logins; other users and unknown ids are refused', async () => {
    const admin = await t.loginAs('admin');
    const u = await t.createUser('technician');
    for (let i = 0; i < 3; i++) expect((await login(u.username.toUpperCase(), 'bad')).status).toBe(401);
    expect((await login(u.username, u.password)).status).toBe(429);
    const tech = await t.loginAs('technician');
    expect((await t.request('POST', `/api/users/${u.id}/unlock-login`, { token: tech.token })).status).toBe(403);
    const missing = await t.request('POST', '/api/users/00000000-0000-4000-8000-000000000000/unlock-login', { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: MSG.userNotFound, code: 'not_found' });
    expect((await login(u.username, u.password)).status).toBe(429);
    expect((await t.request('POST', `/api/users/${u.id}/unlock-login`, { token: admin.token })).status).toBe(204);
    expect((await login(u.username, u.password)).status).toBe(200);
  });

  it('does not count successful logins against the limit', async () => {
    const u = await t.createUser('technician');
    for (let i = 0; i < 5; i++) expect((await login(u.username, u.password)).status).toBe(200);
  });
});

describe('sessions (DESIGN.md 4)', () => {
  it('logout revokes the token and clears the cookie', async () => {
    const u = await t.loginAs('technician');
    const out = await t.request('POST', '/api/auth/logout', { token: u.token });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^session=;/);
    const after = await t.request('GET', '/api/auth/me', { token: u.token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('unauthenticated');
  });

  it('rejects an expired token', async () => {
    const u = await t.loginAs('technician');
    expect((await t.request('GET', '/api/auth/me', { token: u.token })).status).toBe(200);
    t.clock.advance(t.config.sessionTtlHours * 3_600_000 + 1000);
    const res = await t.request('GET', '/api/auth/me', { token: u.token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MSG.loginRequired, code: 'unauthenticated' });
  });

  it('rejects an unknown token', async () => {
    const res = await t.request('GET', '/api/tickets/list', { token: 'not-a-real-token' });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/auth/change-password (SPEC.md 5)', () => {
  it('validates with SPEC.md 5 messages', async () => {
    const u = await t.loginAs('user');
    const res = await t.request('POST', '/api/auth/change-password', { token: u.token, body: { currentPassword: '', newPassword: '123' } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ currentPassword: [MSG.currentPasswordRequired], newPassword: [MSG.newPasswordTooShort] });
  });

  it('refuses a wrong current password under the currentPassword field', async () => {
    const u = await t.loginAs('user');
    const res = await t.request('POST', '/api/auth/change-password', { token: u.token, body: { currentPassword: 'nope-nope', newPassword: 'newpass1' } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ currentPassword: [MSG.currentPasswordWrong] });
    expect((await login(u.username, u.password)).status).toBe(200);
  });

  it('changes the password, keeps this session and revokes the others', async () => {
    const u = await t.loginAs('technician');
    const second = (await login(u.username, u.password)).body.token;
    const res = await t.request('POST', '/api/auth/change-password', { token: u.token, body: { currentPassword: u.password, newPassword: 'brand-new-pw' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Password changed' });
    expect((await t.request('GET', '/api/auth/me', { token: u.token })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token: second })).status).toBe(401);
    expect((await login(u.username, u.password)).status).toBe(401);
    expect((await login(u.username, 'brand-new-pw')).status).toBe(200);
  });
});

describe('password hashing (DESIGN.md 4)', () => {
  it('uses argon2id with the OWASP parameters by default', async () => {
    const hash = await createServices({ config: loadConfig({}), db: t.db }).passwords.hash('secret');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(OWASP_ARGON2).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await argon2.verify(hash, 'secret')).toBe(true);
  });

  it('verify is false for a wrong password or a malformed hash', async () => {
    const h = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    expect(await h.verify(await h.hash('a'), 'b')).toBe(false);
    expect(await h.verify('not-a-hash', 'a')).toBe(false);
    expect(await h.verifyDummy('a')).toBe(false);
  });
});
