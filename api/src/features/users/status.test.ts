/**
 * Disabling accounts and the last sign-in (User Management; docs/api.md "Users"): a disabled user
 * cannot sign in (only the right password learns why), loses every session and offline vault device
 * at once, is no longer assignable; re-enabling restores sign-in with the same password; the refusals
 * change nothing; every sign-in records its time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, USER_STATUS_TEXT, type ManagedUser, type Technician, type VaultDevice, type VaultDeviceGrant } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['loginAs']>>;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.loginAs('admin', { username: 'admin' });
});
afterAll(() => t.close());

const login = (username: string, password: string) => t.request('POST', '/api/auth/login', { body: { username, password } });
const disable = (id: string, token = admin.token) => t.request<ManagedUser>('POST', `/api/users/${id}/disable`, { token });
const enable = (id: string, token = admin.token) => t.request<ManagedUser>('POST', `/api/users/${id}/enable`, { token });
const listed = async (id: string) => (await t.request<ManagedUser[]>('GET', '/api/users', { token: admin.token })).body.find((u) => u.id === id)!;

describe('disabling a user', () => {
  it('ends every session and offline device at once, refuses sign-in, and re-enabling restores it', async () => {
    const tech = await t.loginAs('technician', { username: 'disabled-tech' });
    const second = await login(tech.username, tech.password);
    expect(second.status).toBe(200);
    const grant = await t.request<VaultDeviceGrant>('POST', '/api/vault-devices', { token: tech.token, body: { deviceName: 'Van phone' } });
    expect(grant.status, grant.text).toBe(201);

    const res = await disable(tech.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: tech.id, username: 'disabled-tech', disabled: true });
    for (const token of [tech.token, (second.body as { token: string }).token]) {
      expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401);
    }
    const devices = (await t.request<VaultDevice[]>('GET', '/api/vault-devices', { token: admin.token })).body;
    expect(devices.find((d) => d.id === grant.body.device.id)?.revokedReason).toBe('user_disabled');

    const refused = await login(tech.username, tech.password);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'account_disabled', message: USER_STATUS_TEXT.signInDisabled });
    // A wrong password says what it always says: nothing about the account.
    expect((await login(tech.username, 'wrong-password')).body).toMatchObject({ code: 'unauthenticated', message: MSG.invalidCredentials });
    const technicians = (await t.request<Technician[]>('GET', '/api/technicians', { token: admin.token })).body;
    expect(technicians.map((u) => u.id)).not.toContain(tech.id);
    expect((await listed(tech.id)).disabled).toBe(true);

    const back = await enable(tech.id);
    expect(back.status).toBe(200);
    expect(back.body.disabled).toBe(false);
    expect((await login(tech.username, tech.password)).status).toBe(200);
    expect((await t.request<Technician[]>('GET', '/api/technicians', { token: admin.token })).body.map((u) => u.id)).toContain(tech.id);
  });

  it('refuses your own account, the built-in admin and the last active admin, changing nothing', async () => {
    const other = await t.loginAs('admin', { username: 'second-admin' });
    const builtIn = (await t.request<ManagedUser[]>('GET', '/api/users', { token: admin.token })).body.find((u) => u.username === 'admin')!;
    const self = await disable(other.id, other.token);
    expect(self.status).toBe(400);
    expect((self.body as unknown as { message: string }).message).toBe(USER_STATUS_TEXT.cannotDisableSelf);
    const root = await disable(builtIn.id, other.token);
    expect(root.status).toBe(400);
    expect((root.body as unknown as { message: string }).message).toBe(USER_STATUS_TEXT.cannotDisableAdmin);
    expect((await t.request('GET', '/api/auth/me', { token: other.token })).status).toBe(200);
    expect((await listed(builtIn.id)).disabled).toBe(false);
  });

  it('answers 404 for an unknown id and 403 for a technician; disabling twice is accepted', async () => {
    expect((await disable('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await enable('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const tech = await t.loginAs('technician', { username: 'not-an-admin' });
    const target = await t.createUser('user', { username: 'target-user' });
    expect((await disable(target.id, tech.token)).status).toBe(403);
    expect((await listed(target.id)).disabled).toBe(false);
    expect((await disable(target.id)).status).toBe(200);
    expect((await disable(target.id)).status).toBe(200);
  });
});

describe('last sign-in', () => {
  it('is null until the first sign-in, then the time of each sign-in', async () => {
    const u = await t.createUser('technician', { username: 'fresh-tech' });
    expect((await listed(u.id)).lastSignInAt).toBeNull();
    expect((await login(u.username, u.password)).status).toBe(200);
    expect((await listed(u.id)).lastSignInAt).toBe(t.clock.now().toISOString());
    t.clock.advance(3_600_000);
    expect((await login(u.username, u.password)).status).toBe(200);
    expect((await listed(u.id)).lastSignInAt).toBe(t.clock.now().toISOString());
  });
});
