import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { VaultDevice } from '@portal/shared';
import { twoFactorEvents, vaultDevices, vaultReveals } from '../../db/schema';
import { startTestApp, type TestApp } from '../../test/app';
import { allJobs } from '../../test/notify';
import { resetByUsername } from './cli';
import { codeNow, enrolledUser, nextStep, passwordStep, signInWithTotp } from './twofa.testkit';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TWO_FACTOR_REQUIRED: 'staff' } });
});
afterAll(() => t.close());

const grant = (token: string) => t.request('POST', '/api/vault-devices', { token, body: { deviceName: 'Van phone' } });
const newEntry = async (token: string) => {
  const res = await t.request('POST', '/api/vault', { token, body: { businessName: 'Acme Ltd', wifiPassword: 'hunter2-secret' } });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
};

describe('step-up for the vault (README "Two-factor authentication")', () => {
  it('a reveal needs a second factor from the last 15 minutes; the audit row records the step-up', async () => {
    const tech = await enrolledUser(t, 'technician');
    const token = await signInWithTotp(t, tech);
    const id = await newEntry(token);
    const first = await t.request('POST', `/api/vault/${id}/reveal`, { token, body: { field: 'wifiPassword' } });
    expect(first.status, first.text).toBe(200);
    expect(first.body.value).toBe('hunter2-secret');
    t.clock.advance(15 * 60_000 + 1000);
    const stale = await t.request('POST', `/api/vault/${id}/reveal`, { token, body: { field: 'wifiPassword' } });
    expect(stale.status).toBe(403);
    expect(stale.body).toEqual({ message: "Confirm it's you to continue.", code: 'step_up_required' });
    const wrong = await t.request('POST', '/api/auth/2fa/step-up', { token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('That code is not valid. Try again.');
    const pw = await t.request('POST', '/api/auth/2fa/step-up', { token, body: { password: tech.password } });
    expect(pw.status).toBe(400);
    nextStep(t);
    const up = await t.request('POST', '/api/auth/2fa/step-up', { token, body: { code: codeNow(t, tech.secret) } });
    expect(up.status, up.text).toBe(200);
    expect(new Date(up.body.freshUntil).getTime() - t.clock.now().getTime()).toBe(15 * 60_000);
    const again = await t.request('POST', `/api/vault/${id}/reveal`, { token, body: { field: 'wifiPassword' } });
    expect(again.status).toBe(200);
    const rows = await t.db.select().from(vaultReveals).where(eq(vaultReveals.entryId, id));
    expect(rows.map((r) => [r.stepUpMethod, r.stepUpAt?.getTime()])).toEqual([
      ['totp', expect.any(Number)],
      ['totp', t.clock.now().getTime()],
    ]);
  });

  it('a device grant (an export) needs the same step-up and records it', async () => {
    const tech = await enrolledUser(t, 'technician');
    const token = await signInWithTotp(t, tech);
    t.clock.advance(16 * 60_000);
    expect((await grant(token)).body.code).toBe('step_up_required');
    const up = await t.request('POST', '/api/auth/2fa/step-up', { token, body: { code: tech.recoveryCodes[0] } });
    expect(up.status, up.text).toBe(200);
    const ok = await grant(token);
    expect(ok.status, ok.text).toBe(201);
    const [row] = await t.db.select().from(vaultDevices).where(eq(vaultDevices.id, ok.body.device.id));
    expect(row).toMatchObject({ stepUpMethod: 'recovery', stepUpAt: t.clock.now() });
  });
});

describe('admin reset of second factors', () => {
  it('revokes the user sessions and offline vault devices, is audited, and the user enrols again', async () => {
    const admin = await enrolledUser(t, 'admin');
    const adminToken = await signInWithTotp(t, admin);
    const tech = await enrolledUser(t, 'technician');
    const techToken = await signInWithTotp(t, tech);
    const device = await grant(techToken);
    expect(device.status).toBe(201);
    const own = await t.request('POST', `/api/users/${admin.id}/2fa/reset`, { token: adminToken });
    expect(own.status).toBe(403);
    expect((await t.request('POST', `/api/users/${admin.id}/2fa/reset`, { token: techToken })).status).toBe(403);
    const res = await t.request('POST', `/api/users/${tech.id}/2fa/reset`, { token: adminToken });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ devicesRevoked: 1 });
    expect((await t.request('GET', '/api/auth/me', { token: techToken })).status).toBe(401);
    expect((await t.request('GET', '/api/auth/me', { token: tech.token })).status).toBe(401);
    const devices = (await t.request<VaultDevice[]>('GET', '/api/vault-devices', { token: adminToken })).body;
    expect(devices.find((d) => d.id === device.body.device.id)?.revokedReason).toBe('two_factor_reset');
    const events = await t.db.select().from(twoFactorEvents).where(eq(twoFactorEvents.userId, tech.id));
    expect(events.at(-1)).toMatchObject({ kind: 'admin_reset', actorId: admin.id, actorUsername: admin.username, steppedUp: true });
    // The user is e-mailed when they have an address (this one has none: no job).
    expect((await allJobs(t.db)).filter((j) => j.kind === 'two_factor_reset')).toEqual([]);
    const withMail = await t.createUser('technician', { email: 'tess@example.test' });
    expect((await t.request('POST', `/api/users/${withMail.id}/2fa/reset`, { token: adminToken })).status).toBe(200);
    const jobs = (await allJobs(t.db)).filter((j) => j.kind === 'two_factor_reset');
    expect(jobs).toMatchObject([{ recipient: 'tess@example.test', channel: 'email', payload: { username: withMail.username, actor: `The administrator ${admin.username}` } }]);
    // The password alone now gives an enrolment-only session (policy staff).
    const again = await passwordStep(t, tech);
    expect(again.body).toMatchObject({ twoFactorEnrolmentRequired: true });
    expect((await t.request('POST', '/api/users/00000000-0000-4000-8000-000000000000/2fa/reset', { token: adminToken })).status).toBe(404);
  });

  it('the command line resets any user, the bootstrap admin included', async () => {
    const admin = await enrolledUser(t, 'admin');
    expect(await resetByUsername(t.db, t.events, 'nobody-by-that-name', t.clock.now(), 'ops')).toBeNull();
    expect(await resetByUsername(t.db, t.events, admin.username, t.clock.now(), 'ops')).toEqual({ devicesRevoked: 0 });
    expect((await t.request('GET', '/api/auth/me', { token: admin.token })).status).toBe(401);
    const login = await passwordStep(t, admin);
    expect(login.body.twoFactorEnrolmentRequired).toBe(true);
    const events = await t.db.select().from(twoFactorEvents).where(eq(twoFactorEvents.userId, admin.id));
    expect(events.at(-1)).toMatchObject({ kind: 'command_line_reset', actorId: null, actorUsername: 'command line (ops)' });
  });

  it('users without a factor (policy none) confirm with their password', async () => {
    const plain = await startTestApp();
    try {
      const tech = await plain.loginAs('technician');
      plain.clock.advance(16 * 60_000);
      expect((await plain.request('POST', '/api/vault-devices', { token: tech.token, body: { deviceName: 'Tablet' } })).status).toBe(403);
      const wrong = await plain.request('POST', '/api/auth/2fa/step-up', { token: tech.token, body: { password: 'not-it' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.fieldErrors).toEqual({ password: ['Current password is incorrect'] });
      expect((await plain.request('POST', '/api/auth/2fa/step-up', { token: tech.token, body: { password: tech.password } })).status).toBe(200);
      const ok = await plain.request('POST', '/api/vault-devices', { token: tech.token, body: { deviceName: 'Tablet' } });
      expect(ok.status).toBe(201);
      const [row] = await plain.db.select().from(vaultDevices).where(eq(vaultDevices.id, ok.body.device.id));
      expect(row!.stepUpMethod).toBe('password');
    } finally {
      await plain.close();
    }
  });
});
