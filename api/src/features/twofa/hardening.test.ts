/**
 * Issue 55 defects 1, 7 and 10 (docs/security.md), reproduced as the attacks were made:
 * a stolen session adding its own factor to skip the step-up, TOTP guesses spread over many IPs,
 * and unlimited guesses of the current password through one session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TotpSetup } from '@portal/shared';
import { notificationJobs, twoFactorEvents, webauthnCredentials } from '../../db/schema';
import { startTestApp, type TestApp } from '../../test/app';
import { codeNow, nextStep } from './twofa.testkit';

let t: TestApp;
beforeAll(async () => {
  // Policy none: a user without a factor signs in with the password alone (its step-up).
  t = await startTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => t.close());

const jobsOf = (kind: string, to: string) =>
  t.db
    .select()
    .from(notificationJobs)
    .where(and(eq(notificationJobs.kind, kind), eq(notificationJobs.recipient, to)));

const signIn = async (username: string, password: string, ip = '198.51.100.1') => {
  const res = await t.request('POST', '/api/auth/login', { body: { username, password }, headers: { 'X-Forwarded-For': ip } });
  return res;
};

async function passwordUser(role: 'technician' | 'admin' = 'technician') {
  const email = `${Math.random().toString(36).slice(2)}@example.com`;
  const user = await t.createUser(role, { email });
  const login = await signIn(user.username, user.password);
  expect(login.status, login.text).toBe(200);
  return { ...user, email, token: login.body.token as string };
}

async function enrolTotp(token: string) {
  const setup = await t.request<TotpSetup>('POST', '/api/auth/2fa/totp/setup', { token });
  expect(setup.status, setup.text).toBe(200);
  const confirm = await t.request('POST', '/api/auth/2fa/totp/confirm', { token, body: { code: codeNow(t, setup.body.secret) } });
  expect(confirm.status, confirm.text).toBe(200);
  return setup.body.secret;
}

const newEntry = async (token: string) => {
  const res = await t.request('POST', '/api/vault', { token, body: { businessName: 'Acme Ltd', wifiPassword: 'hunter2-secret' } });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
};
const reveal = (token: string, id: string) => t.request('POST', `/api/vault/${id}/reveal`, { token, body: { field: 'wifiPassword' } });

describe('defect 1: a new factor never counts as a step-up and needs an existing one', () => {
  it('a stolen session of a passkey user cannot add an authenticator app to reach the vault', async () => {
    const victim = await passwordUser();
    // The victim's passkey (a stored credential; its assertion is not needed here).
    await t.db.insert(webauthnCredentials).values({ userId: victim.id, credentialId: `cred-${victim.id}`, publicKey: 'AQID', name: 'Laptop', createdAt: t.clock.now() });
    const id = await newEntry(victim.token);
    t.clock.advance(16 * 60_000);
    expect((await reveal(victim.token, id)).body.code).toBe('step_up_required');
    // The attacker, holding only the session, tries to set up their own authenticator app.
    const setup = await t.request<TotpSetup>('POST', '/api/auth/2fa/totp/setup', { token: victim.token });
    expect(setup.status).toBe(403);
    expect(setup.body).toEqual({ message: "Confirm it's you to continue.", code: 'step_up_required' });
    // A passkey registration is refused the same way, before any challenge is issued.
    expect((await t.request('POST', '/api/auth/2fa/passkeys/options', { token: victim.token })).body.code).toBe('step_up_required');
    // The password does not confirm a user who has a factor.
    expect((await t.request('POST', '/api/auth/2fa/step-up', { token: victim.token, body: { password: victim.password } })).status).toBe(400);
    expect((await reveal(victim.token, id)).status).toBe(403);
  });

  it('adding a first factor ends the password confirmation: the new factor is no step-up', async () => {
    const tech = await passwordUser();
    const id = await newEntry(tech.token);
    t.clock.advance(10 * 60_000);
    const secret = await enrolTotp(tech.token);
    // The audit row and the e-mail to the user.
    const events = await t.db.select().from(twoFactorEvents).where(eq(twoFactorEvents.userId, tech.id));
    expect(events.map((e) => [e.kind, e.steppedUp])).toEqual([['totp_added', true]]);
    const mails = await jobsOf('two_factor_changed', tech.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.summary).toBe(`An authenticator app was added to your account (${tech.username})`);
    // The sign-in's password (10 minutes old) stopped counting, and the new app did not count.
    expect((await reveal(tech.token, id)).body.code).toBe('step_up_required');
    nextStep(t);
    expect((await t.request('POST', '/api/auth/2fa/step-up', { token: tech.token, body: { code: codeNow(t, secret) } })).status).toBe(200);
    expect((await reveal(tech.token, id)).status).toBe(200);
  });

  it('a user without a factor needs the password from the last 15 minutes to add one', async () => {
    const tech = await passwordUser();
    t.clock.advance(16 * 60_000);
    expect((await t.request('POST', '/api/auth/2fa/totp/setup', { token: tech.token })).body.code).toBe('step_up_required');
    expect((await t.request('POST', '/api/auth/2fa/step-up', { token: tech.token, body: { password: tech.password } })).status).toBe(200);
    await enrolTotp(tech.token);
  });
});

describe('defect 7: a per-account limit on second-factor guesses', () => {
  it('160 wrong codes from 20 IPs: locked after 10 with how long, the right code refused, the user e-mailed', async () => {
    const tech = await passwordUser();
    const secret = await enrolTotp(tech.token);
    const statuses: number[] = [];
    for (let ip = 1; ip <= 20; ip += 1) {
      const login = await signIn(tech.username, tech.password, `203.0.113.${ip}`);
      for (let i = 0; i < 8 && login.body.challengeId; i += 1) {
        const res = await t.request('POST', '/api/auth/login/2fa', { body: { challengeId: login.body.challengeId, code: '000000' }, headers: { 'X-Forwarded-For': `203.0.113.${ip}` } });
        statuses.push(res.status);
      }
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    nextStep(t);
    const login = await signIn(tech.username, tech.password, '203.0.113.21');
    const right = await t.request('POST', '/api/auth/login/2fa', { body: { challengeId: login.body.challengeId, code: codeNow(t, secret) }, headers: { 'X-Forwarded-For': '203.0.113.21' } });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/^Too many wrong attempts for this account\. Try again in 1[45] minutes\.$/);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(60);
    const mails = await jobsOf('two_factor_locked', tech.email);
    expect(mails).toHaveLength(1);
  });
});

describe('defect 10: change password shares the step-up limit', () => {
  it('wrong current passwords through one session end in 429, the right one too while locked', async () => {
    const tech = await passwordUser();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await t.request('POST', '/api/auth/change-password', { token: tech.token, body: { currentPassword: `wrong-${i}`, newPassword: 'a-new-long-password' } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
    const right = await t.request('POST', '/api/auth/change-password', { token: tech.token, body: { currentPassword: tech.password, newPassword: 'a-new-long-password' } });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/^Too many wrong attempts for this account/);
  });
});
