/**
 * Issue 55 defect 3: a stolen admin session (its sign-in older than 15 minutes) cannot lower the
 * 2FA policy, create or promote an admin, reset another user's password or factors, or approve an
 * offline vault device without a fresh second factor; once confirmed, each action is e-mailed to
 * every admin (users/security.ts, vault-offline/notifications.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { VaultDeviceGrant } from '@portal/shared';
import { notificationJobs } from '../../db/schema';
import { startTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['loginAs']>>;
const other = 'other-admin@example.com';

beforeAll(async () => {
  // Policy none (the test default): these admins have no factor and confirm with the password.
  t = await startTestApp();
  await t.createUser('admin', { email: other });
  const u = await t.createUser('admin', { email: 'acting-admin@example.com' });
  const login = await t.request('POST', '/api/auth/login', { body: { username: u.username, password: u.password } });
  admin = { ...u, token: login.body.token as string };
});
afterAll(() => t.close());

const alerts = async () =>
  (await t.db.select().from(notificationJobs).where(inArray(notificationJobs.kind, ['admin_security_action', 'vault_device_approved']))).map((j) => [j.recipient, j.summary]);

describe('security-relevant admin actions need a fresh second factor and tell every admin', () => {
  it('16 minutes after sign-in each is refused with step_up_required and changes nothing', async () => {
    const tech = await t.loginAs('technician');
    const grant = await t.request<VaultDeviceGrant>('POST', '/api/vault-devices', { token: tech.token, body: { deviceName: 'Van phone' } });
    expect(grant.status, grant.text).toBe(201);
    t.clock.advance(16 * 60_000);
    const token = admin.token;
    const tries = [
      await t.request('PUT', '/api/auth/2fa/policy', { token, body: { policy: 'staff' } }),
      await t.request('POST', '/api/users', { token, body: { username: 'mallory', password: 'a-long-password', role: 'admin' } }),
      await t.request('PATCH', `/api/users/${tech.id}`, { token, body: { password: 'a-long-password-2' } }),
      await t.request('PATCH', `/api/users/${tech.id}`, { token, body: { role: 'admin' } }),
      await t.request('POST', `/api/users/${tech.id}/2fa/reset`, { token }),
      await t.request('POST', `/api/vault-devices/${grant.body.device.id}/approve`, { token }),
    ];
    expect(tries.map((r) => [r.status, r.body.code])).toEqual(Array(6).fill([403, 'step_up_required']));
    expect((await t.request('GET', '/api/auth/2fa/policy', { token })).body.policy).toBe('none');
    expect((await t.request('POST', '/api/auth/login', { body: { username: tech.username, password: tech.password } })).status).toBe(200);
    expect(await alerts()).toEqual([]);
    // Ordinary admin work goes on without a step-up: a technician is created, a name changes.
    expect((await t.request('POST', '/api/users', { token, body: { username: 'newtech', password: 'a-long-password', role: 'technician' } })).status).toBe(201);

    // Confirmed ("Confirm it's you" with the password, as this admin has no factor): all pass, all e-mailed.
    expect((await t.request('POST', '/api/auth/2fa/step-up', { token, body: { password: admin.password } })).status).toBe(200);
    expect((await t.request('POST', `/api/vault-devices/${grant.body.device.id}/approve`, { token })).status).toBe(200);
    expect((await t.request('PATCH', `/api/users/${tech.id}`, { token, body: { role: 'admin' } })).status).toBe(200);
    expect((await t.request('PUT', '/api/auth/2fa/policy', { token, body: { policy: 'admins' } })).status).toBe(200);
    const sent = await alerts();
    for (const to of [other, 'acting-admin@example.com']) {
      expect(sent).toContainEqual([to, `Offline vault approved by ${admin.username} for ${tech.username} (Van phone)`]);
      expect(sent).toContainEqual([to, `Security change by ${admin.username}: made ${tech.username} an admin`]);
      expect(sent).toContainEqual([to, `Security change by ${admin.username}: set the two-factor policy to "admins"`]);
    }
    const job = (await t.db.select().from(notificationJobs).where(eq(notificationJobs.kind, 'admin_security_action')))[0]!;
    expect(job.payload).toMatchObject({ actor: admin.username, ip: expect.any(String) });
  });
});
