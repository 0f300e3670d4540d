/**
 * `npm run seed:demo` on a default install (issue 56 item 7): with `TWO_FACTOR_REQUIRED=staff` the
 * admin's password session may only enrol, so the seeding sets up the admin's authenticator app and
 * hands back its key and recovery codes; a second run needs a code (asked, or it stops with a sentence
 * saying how to give one) and keeps the existing technicians.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../api/src/test/app';
import { CodeNeededError, currentCode } from './adminSession';
import { seedDemo, type SeedOptions } from './seed';

let t: TestApp;
const password = 'bootstrap-admin-pass';
beforeAll(async () => {
  t = await startTestApp({ env: { TWO_FACTOR_REQUIRED: 'staff' } });
  await t.createUser('admin', { username: 'admin', password });
});
afterAll(() => t.close());

const options = (o: Partial<SeedOptions>): SeedOptions => ({
  baseURL: t.url,
  adminPassword: password,
  askAdminCode: async () => undefined,
  demoPassword: 'demo-password',
  tickets: 5,
  log: () => {},
  now: t.clock.now,
  ...o,
});

describe('seed:demo with two-factor authentication required for staff (the default)', () => {
  it('enrols the admin on a new install, seeds technicians and tickets in every status, and asks for a code the next time', async () => {
    const first = await seedDemo(options({}));
    const e = first.enrolled!;
    expect(e.setupKey).toMatch(/^[A-Z2-7]{16,}$/);
    expect(e.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*admin.*secret=/);
    expect(e.recoveryCodes).toHaveLength(10);

    // The admin's sign-in now asks for the app's code, which the key printed once produces.
    const login = await t.request('POST', '/api/auth/login', { body: { username: 'admin', password } });
    expect(login.body.twoFactorRequired).toBe(true);
    t.clock.advance(30_000);
    const second = await t.request('POST', '/api/auth/login/2fa', { body: { challengeId: login.body.challengeId, code: currentCode(e.setupKey, t.clock.now()) } });
    expect(second.status).toBe(200);
    const token = second.body.token as string;
    const list = await t.request('GET', '/api/tickets?since=0&limit=50', { token });
    const tickets = list.body.items as { status: string }[];
    expect(tickets.map((x) => x.status).sort()).toEqual(['closed', 'in_progress', 'open', 'open', 'resolved']);
    const techs = await t.request('GET', '/api/technicians', { token });
    expect((techs.body as { username: string }[]).map((u) => u.username)).toEqual(expect.arrayContaining(['alice', 'bob']));

    // Again without a code: one sentence saying how to give one, nothing seeded.
    await expect(seedDemo(options({ tickets: 1 }))).rejects.toThrow(CodeNeededError);
    await expect(seedDemo(options({ tickets: 1 }))).rejects.toThrow(/ADMIN_CODE/);
    // With a recovery code it seeds again and keeps alice and bob (409 is not an error).
    const again = await seedDemo(options({ tickets: 1, askAdminCode: async () => e.recoveryCodes[0] }));
    expect(again.enrolled).toBeUndefined();
  });
});
