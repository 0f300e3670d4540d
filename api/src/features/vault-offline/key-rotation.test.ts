/**
 * A vault key rotation covers the offline devices' bundle keys (keyRotation.ts, wired into
 * `npm run vault:rotate-key`): after rotateVaultKey with the device store, each device's stored
 * bundle key is under the new key, the old key is gone from the key file, and the device's feed
 * still answers with items its unchanged bundle key opens. A bundle key that fails its check keeps
 * the old keys (reported, exit code 1 in the script).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { VaultBundlePage, VaultDeviceGrant, VaultEntry } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';
import { KEY_FILE_NAME, readKeyFile } from '../../lib/vault-keys';
import { rotateVaultKey } from '../vault/rotation';
import { openBundleItem } from './crypto';
import { deviceKeyStore } from './port';
import path from 'node:path';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['loginAs']>>;
let entry: VaultEntry;
const keyFile = () => path.join(t.config.dataDir, KEY_FILE_NAME);
const stored = async (id: string) =>
  ((await t.db.execute(sql`select bundle_key from vault_devices where id = ${id}`)) as unknown as { rows: { bundle_key: string }[] }).rows[0]!.bundle_key;

async function grant(name: string): Promise<VaultDeviceGrant> {
  const res = await t.request<VaultDeviceGrant>('POST', '/api/vault-devices', { token: admin.token, body: { deviceName: name } });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.loginAs('admin', { username: 'rotate-admin' });
  entry = (await t.request<VaultEntry>('POST', '/api/vault', { token: admin.token, body: { businessName: 'Rotate Devices', wifiPassword: 'Rotate-Wifi-1' } })).body;
});
afterAll(() => t.close());

describe('key rotation and device bundle keys', () => {
  it('re-encrypts every device key under the new key; the feed keeps working with the same bundle key', async () => {
    const g = await grant('Rotating phone');
    const oldId = readKeyFile(keyFile())!.current.id;
    expect(await stored(g.device.id)).toMatch(new RegExp(`^v1:${oldId}:`));

    const report = await rotateVaultKey({ db: t.db, config: t.config, graceMs: 0, stores: [deviceKeyStore] });
    expect(report).toMatchObject({ oldKeysRemoved: true, failures: [], storeFailures: [] });
    expect(readKeyFile(keyFile())!.keys.map((k) => k.id)).toEqual([report.keyId]);
    expect(await stored(g.device.id)).toMatch(new RegExp(`^v1:${report.keyId}:`));

    const page = await t.request<VaultBundlePage>('GET', `/api/vault-devices/${g.device.id}/secrets?since=0`, { token: admin.token });
    expect(page.status, page.text).toBe(200);
    const item = page.body.items.find((i) => i.entryId === entry.id)!;
    const payload = openBundleItem(Buffer.from(g.bundleKey, 'base64url'), g.device.id, entry.id, item.version, item.blob);
    expect(payload.secrets).toContainEqual({ field: 'wifiPassword', endpointId: null, value: 'Rotate-Wifi-1' });
  });

  it('a device key that fails its check keeps the old keys', async () => {
    const good = await grant('Good phone');
    const bad = await grant('Tampered phone');
    const value = await stored(bad.device.id);
    await t.db.execute(sql`update vault_devices set bundle_key = ${value.slice(0, -4) + (value.endsWith('AAAA') ? 'BBBB' : 'AAAA')} where id = ${bad.device.id}`);
    const report = await rotateVaultKey({ db: t.db, config: t.config, graceMs: 0, stores: [deviceKeyStore] });
    expect(report.storeFailures).toEqual([`device ${bad.device.id}: bundle key failed its integrity check`]);
    expect(report.oldKeysRemoved).toBe(false);
    expect(readKeyFile(keyFile())!.keys).toHaveLength(2);
    expect(await stored(good.device.id)).toMatch(new RegExp(`^v1:${report.keyId}:`));
  });
});
