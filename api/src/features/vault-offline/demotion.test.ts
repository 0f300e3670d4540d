/**
 * Offline vault access ends with staff status: demoting a technician to `user` revokes their
 * devices (reason 'role_changed') and the demoted session's feed answers 410 so the phone wipes;
 * deleting a user keeps the device rows (who had access, until when) for the audit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VaultDevice, VaultDeviceGrant } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['loginAs']>>;

async function grant(token: string, deviceName: string): Promise<VaultDeviceGrant> {
  const res = await t.request<VaultDeviceGrant>('POST', '/api/vault-devices', { token, body: { deviceName } });
  expect(res.status, res.text).toBe(201);
  expect((await t.request('POST', `/api/vault-devices/${res.body.device.id}/approve`, { token: admin.token })).status).toBe(200);
  return res.body;
}
const listed = async (id: string) => (await t.request<VaultDevice[]>('GET', '/api/vault-devices', { token: admin.token })).body.find((d) => d.id === id);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.loginAs('admin', { username: 'demote-admin' });
});
afterAll(() => t.close());

describe('offline vault and staff status', () => {
  it('a demoted technician: devices revoked (role changed), the feed answers 410', async () => {
    const tech = await t.loginAs('technician', { username: 'demoted-tech' });
    const g = await grant(tech.token, 'Demoted phone');
    expect((await t.request('GET', `/api/vault-devices/${g.device.id}/secrets?since=0`, { token: tech.token })).status).toBe(200);
    expect((await t.request('PATCH', `/api/users/${tech.id}`, { token: admin.token, body: { role: 'user' } })).status).toBe(200);
    expect(await listed(g.device.id)).toMatchObject({ status: 'revoked', revokedReason: 'role_changed' });
    const feed = await t.request('GET', `/api/vault-devices/${g.device.id}/secrets?since=0`, { token: tech.token });
    expect(feed.status).toBe(410);
    expect(feed.body).toMatchObject({ code: 'device_revoked' });
  });

  it('deleting a user keeps the device record for the audit', async () => {
    const tech = await t.loginAs('technician', { username: 'deleted-tech' });
    const g = await grant(tech.token, 'Leaver phone');
    expect((await t.request('DELETE', `/api/users/${tech.id}`, { token: admin.token })).status).toBe(204);
    expect(await listed(g.device.id)).toMatchObject({ userId: null, username: 'deleted-tech', deviceName: 'Leaver phone', status: 'revoked', revokedReason: 'user_deleted' });
  });
});
