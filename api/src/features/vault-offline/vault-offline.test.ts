/**
 * The offline vault API over HTTP against a real database: a grant returns the bundle
 * key once and stores it encrypted; the device feed carries each entry's secrets sealed under that
 * key (decrypts with it, fails closed when moved or tampered, never plaintext), deltas after edits
 * and deletes; offline reveal reports land once in the reveal audit marked 'offline' (Idempotency-Key),
 * only within the device's access window; admin revoke and a password change end the feed with 410
 * while reports of earlier reveals are still accepted and marked; no secret in any log line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { VaultAuditEntry, VaultBundlePage, VaultDevice, VaultDeviceGrant, VaultEntry } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';
import { openBundleItem } from './crypto';

let t: TestApp;
let tech: Awaited<ReturnType<TestApp['loginAs']>>;
let other: Awaited<ReturnType<TestApp['loginAs']>>;
let admin: Awaited<ReturnType<TestApp['loginAs']>>;
const WIFI = 'Basement;Wifi,Pass"1';
const WIFI2 = 'Basement-Wifi-Pass-2';
const NAS = 'Nas-Offline-Pw!';
const SECRETS = [WIFI, WIFI2, NAS];
let entry: VaultEntry;

/** A grant approved by the admin (a technician's grant waits for approval: grants.test.ts). */
const grant = async (token = tech.token, deviceName = 'Pixel 8') => {
  const res = await t.request<VaultDeviceGrant>('POST', '/api/vault-devices', { token, body: { deviceName } });
  expect(res.status, res.text).toBe(201);
  // Approving is a security-relevant admin action: the admin confirms it's them (issue 55 defect 3).
  expect((await t.request('POST', '/api/auth/2fa/step-up', { token: admin.token, body: { password: admin.password } })).status).toBe(200);
  const approved = await t.request('POST', `/api/vault-devices/${res.body.device.id}/approve`, { token: admin.token });
  expect(approved.status, approved.text).toBe(200);
  return res.body;
};
const feed = (id: string, since = '0', token = tech.token) => t.request<VaultBundlePage>('GET', `/api/vault-devices/${id}/secrets?since=${since}`, { token });
const report = (id: string, body: object, key = randomUUID(), token = tech.token) =>
  t.request<VaultAuditEntry>('POST', `/api/vault-devices/${id}/reveals`, { token, body, headers: { 'Idempotency-Key': key } });
const audit = async () => (await t.request<VaultAuditEntry[]>('GET', `/api/vault/audit?entryId=${entry.id}`, { token: admin.token })).body;

beforeAll(async () => {
  t = await startTestApp({ env: { VAULT_DEVICE_GRANTS_PER_DAY: '50' } });
  tech = await t.loginAs('technician', { username: 'offline-tech' });
  other = await t.loginAs('technician', { username: 'other-tech' });
  admin = await t.loginAs('admin', { username: 'offline-admin' });
  const res = await t.request<VaultEntry>('POST', '/api/vault', {
    token: admin.token,
    body: {
      businessName: 'Basement Bistro',
      wifiSsid: 'Bistro-Guest',
      wifiPassword: WIFI,
      routerUsername: 'bistro-admin',
      domainRegistrar: 'Gandi',
      domainUsername: 'bistro-dns',
      staticIp: '203.0.113.7',
      notes: 'Router behind the wine rack',
      endpoints: [{ name: 'NAS', username: 'nas-admin', password: NAS }],
    },
  });
  entry = res.body;
});
afterAll(async () => {
  const logs = JSON.stringify(t.logger.entries);
  for (const s of SECRETS) expect(logs).not.toContain(s);
  await t.close();
});

describe('offline vault devices', () => {
  it('grants a device: the bundle key once, stored only encrypted; the feed seals every secret under it', async () => {
    const g = await grant();
    expect(g.device).toMatchObject({ userId: tech.id, username: 'offline-tech', deviceName: 'Pixel 8', revokedAt: null });
    expect(g.offlineDays).toBe(7);
    const key = Buffer.from(g.bundleKey, 'base64url');
    expect(key.length).toBe(32);
    const stored = ((await t.db.execute(sql`select bundle_key from vault_devices where id = ${g.device.id}`)) as unknown as { rows: { bundle_key: string }[] }).rows[0]!.bundle_key;
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(g.bundleKey);

    const page = await feed(g.device.id);
    expect(page.status, page.text).toBe(200);
    expect(page.text).not.toContain(WIFI);
    expect(page.text).not.toContain(NAS);
    // The usernames and other site details travel sealed too, never in clear.
    for (const detail of ['bistro-admin', 'bistro-dns', '203.0.113.7', 'Router behind the wine rack', 'nas-admin']) expect(page.text).not.toContain(detail);
    const item = page.body.items.find((i) => i.entryId === entry.id)!;
    const payload = openBundleItem(key, g.device.id, entry.id, item.version, item.blob);
    expect(payload.wifiSsid).toBe('Bistro-Guest');
    expect(payload.secrets).toEqual(
      expect.arrayContaining([
        { field: 'wifiPassword', endpointId: null, value: WIFI },
        { field: 'endpointPassword', endpointId: entry.endpoints[0]!.id, value: NAS },
      ]),
    );
    expect(payload.details).toMatchObject({
      routerUsername: 'bistro-admin',
      domainRegistrar: 'Gandi',
      domainUsername: 'bistro-dns',
      hostingUsername: null,
      wifiSsid: 'Bistro-Guest',
      staticIp: '203.0.113.7',
      notes: 'Router behind the wine rack',
      endpoints: [{ id: entry.endpoints[0]!.id, username: 'nas-admin' }],
    });
    // Bound to its place: another device id, entry or version, or one changed byte, fails.
    expect(() => openBundleItem(key, randomUUID(), entry.id, item.version, item.blob)).toThrow();
    expect(() => openBundleItem(key, g.device.id, entry.id, item.version + 1, item.blob)).toThrow();
    const bytes = Buffer.from(item.blob, 'base64url');
    bytes[20] = bytes[20]! ^ 1;
    expect(() => openBundleItem(key, g.device.id, entry.id, item.version, bytes.toString('base64url'))).toThrow();

    // Delta: an edit arrives re-encrypted under the same key; a delete arrives as an id.
    await t.request('PATCH', `/api/vault/${entry.id}`, { token: admin.token, body: { wifiPassword: WIFI2 } });
    const gone = (await t.request<VaultEntry>('POST', '/api/vault', { token: admin.token, body: { businessName: 'Closed Cafe', wifiPassword: 'cafe-wifi-1' } })).body;
    const mid = await feed(g.device.id, page.body.cursor);
    await t.request('DELETE', `/api/vault/${gone.id}`, { token: admin.token });
    const next = await feed(g.device.id, mid.body.cursor);
    const changed = mid.body.items.find((i) => i.entryId === entry.id)!;
    expect(openBundleItem(key, g.device.id, entry.id, changed.version, changed.blob).secrets).toContainEqual({ field: 'wifiPassword', endpointId: null, value: WIFI2 });
    expect(next.body.deleted).toContain(gone.id);
    expect(next.body.items).toEqual([]);
  });

  it('an older ciphertext put back on the server never reaches a device: the feed answers 500 integrity_failed', async () => {
    const g = await grant(tech.token, 'Rollback phone');
    const first = await feed(g.device.id);
    expect(first.status).toBe(200);
    const old = ((await t.db.execute(sql`select wifi_password from customer_vault where id = ${entry.id}`)) as unknown as { rows: { wifi_password: string }[] }).rows[0]!;
    expect((await t.request('PATCH', `/api/vault/${entry.id}`, { token: admin.token, body: { wifiPassword: WIFI } })).status).toBe(200);
    await t.db.execute(sql`update customer_vault set wifi_password = ${old.wifi_password} where id = ${entry.id}`);
    const rolledBack = await feed(g.device.id, first.body.cursor);
    expect(rolledBack.status).toBe(500);
    expect(rolledBack.body).toMatchObject({ code: 'integrity_failed' });
    expect(t.logger.entries.filter((e) => e.level === 'error').at(-1)).toMatchObject({ data: { entryId: entry.id, reason: 'rollback', deviceId: g.device.id } });
    // Re-entered, the entry reaches the device again.
    expect((await t.request('PATCH', `/api/vault/${entry.id}`, { token: admin.token, body: { wifiPassword: WIFI2 } })).status).toBe(200);
    expect((await feed(g.device.id, first.body.cursor)).status).toBe(200);
  });

  it('offline reveals: recorded once in the same audit, marked offline with the time they happened; only inside the access window', async () => {
    const g = await grant(tech.token, 'Field tablet');
    expect((await feed(g.device.id)).status).toBe(200); // the device received the entry
    const at = new Date(t.clock.now().getTime() - 60_000).toISOString();
    const body = { entryId: entry.id, field: 'wifiPassword', revealedAt: at, businessName: 'Basement Bistro' };
    const key = randomUUID();
    const first = await report(g.device.id, body, key);
    expect(first.status, first.text).toBe(201);
    expect((await report(g.device.id, body, key)).status).toBe(201); // the outbox resends: same answer
    const rows = (await audit()).filter((a) => a.source === 'offline' && a.deviceName === 'Field tablet');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'offline-tech', field: 'wifiPassword', createdAt: at, deviceRevoked: false });
    expect(rows[0]!.receivedAt).not.toBeNull();

    const tooEarly = await report(g.device.id, { ...body, revealedAt: new Date(Date.parse(g.device.grantedAt) - 3_600_000).toISOString() });
    expect(tooEarly.status).toBe(409);
    const future = await report(g.device.id, { ...body, revealedAt: new Date(t.clock.now().getTime() + 3_600_000).toISOString() });
    expect(future.status).toBe(409);
    expect((await report(g.device.id, body, randomUUID(), other.token)).status).toBe(404);
    expect((await report(g.device.id, { ...body, field: 'endpointPassword' })).status).toBe(400);
    expect((await feed(g.device.id, '0', other.token)).status).toBe(404);
  });

  it('admin revokes: the feed answers 410, earlier reveals are still accepted and marked; later ones refused', async () => {
    const g = await grant(tech.token, 'Lost phone');
    expect((await feed(g.device.id)).status).toBe(200);
    const before = new Date(t.clock.now().getTime() - 1_000).toISOString();
    t.clock.advance(60_000);
    const list = await t.request<VaultDevice[]>('GET', '/api/vault-devices', { token: admin.token });
    expect(list.body.find((d) => d.id === g.device.id)).toMatchObject({ username: 'offline-tech', deviceName: 'Lost phone', revokedAt: null, status: 'active' });
    expect(list.text).not.toContain(g.bundleKey);
    expect((await t.request('GET', '/api/vault-devices', { token: tech.token })).status).toBe(403);
    expect((await t.request('DELETE', `/api/vault-devices/${g.device.id}`, { token: other.token })).status).toBe(404);

    const revoked = await t.request<VaultDevice>('DELETE', `/api/vault-devices/${g.device.id}`, { token: admin.token });
    expect(revoked.body).toMatchObject({ revokedReason: 'admin', revokedByName: 'offline-admin' });
    const f = await feed(g.device.id);
    expect(f.status).toBe(410);
    expect(f.body).toMatchObject({ code: 'device_revoked' });

    const late = await report(g.device.id, { entryId: entry.id, field: 'wifiPassword', revealedAt: before, businessName: 'Basement Bistro' });
    expect(late.status, late.text).toBe(201);
    expect(late.body).toMatchObject({ source: 'offline', deviceRevoked: true, deviceName: 'Lost phone' });
    t.clock.advance(60_000);
    const after = await report(g.device.id, { entryId: entry.id, field: 'wifiPassword', revealedAt: t.clock.now().toISOString(), businessName: 'Basement Bistro' });
    expect(after.status).toBe(409);
  });

  it('a password change revokes every device of the user; VAULT_OFFLINE_DAYS without a sync ends access', async () => {
    const u = await t.loginAs('technician', { username: 'pw-change-tech' });
    const a = await grant(u.token, 'Phone A');
    const res = await t.request('POST', '/api/auth/change-password', { token: u.token, body: { currentPassword: u.password, newPassword: 'a-new-password-2' } });
    expect(res.status, res.text).toBe(200);
    expect((await feed(a.device.id, '0', u.token)).status).toBe(410);

    const b = await grant(tech.token, 'Drawer phone');
    expect((await feed(b.device.id)).status).toBe(200);
    t.clock.advance(8 * 86_400_000);
    expect((await feed(b.device.id)).status).toBe(410);
    const list = (await t.request<VaultDevice[]>('GET', '/api/vault-devices', { token: admin.token })).body;
    expect(list.find((d) => d.id === b.device.id)?.revokedReason).toBe('expired');
    expect(list.find((d) => d.id === a.device.id)?.revokedReason).toBe('password_change');
  });

  it("an admin's password reset revokes the user's devices too", async () => {
    const u = await t.loginAs('technician', { username: 'reset-tech' });
    const d = await grant(u.token, 'Van phone');
    const res = await t.request('PATCH', `/api/users/${u.id}`, { token: admin.token, body: { password: 'reset-by-admin-9' } });
    expect(res.status, res.text).toBe(200);
    const list = (await t.request<VaultDevice[]>('GET', '/api/vault-devices', { token: admin.token })).body;
    expect(list.find((x) => x.id === d.device.id)).toMatchObject({ revokedReason: 'password_change' });
  });

  it('a technician turns off their own device; bad input is a 4xx', async () => {
    // The clock moved days since tech signed in: a grant (an export) needs a fresh confirmation (README "Two-factor authentication").
    expect((await t.request('POST', '/api/vault-devices', { token: tech.token, body: { deviceName: 'Pixel 8' } })).body.code).toBe('step_up_required');
    expect((await t.request('POST', '/api/auth/2fa/step-up', { token: tech.token, body: { password: tech.password } })).status).toBe(200);
    const g = await grant();
    const off = await t.request<VaultDevice>('DELETE', `/api/vault-devices/${g.device.id}`, { token: tech.token });
    expect(off.body.revokedReason).toBe('user');
    expect((await t.request('POST', '/api/vault-devices', { token: tech.token, body: { deviceName: '' } })).status).toBe(400);
    expect((await t.request('POST', '/api/vault-devices', { token: tech.token, body: { deviceName: 'a\u0000b' } })).status).toBe(400);
    expect((await t.request('GET', '/api/vault-devices/not-a-uuid/secrets', { token: tech.token })).status).toBe(404);
    expect((await t.request('GET', `/api/vault-devices/${g.device.id}/secrets?since=abc`, { token: tech.token })).status).toBe(400);
  });
});
