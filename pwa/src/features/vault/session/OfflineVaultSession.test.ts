/**
 * The offline vault on the device against fake IndexedDB and the real WebCrypto: the
 * device feed stores only ciphertext, applies deltas and wipes on 410; a change of user wipes it;
 * wrong passphrases count and the 10th wipes; a copy older than `offlineDays` is wiped at unlock; a
 * reveal needs the unlocked key, queues its audit report (no secret in it) before returning the value.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VAULT_BUNDLE_CONTENT, VAULT_BUNDLE_FORMAT, type VaultBundleDetails, type VaultBundleItem, type VaultBundlePage, type VaultBundlePayload } from '@portal/shared';
import type { HttpResponse, Transport } from '../../../lib/http';
import { registerOfflineFeature } from '../../../offline';
import { freshDb, pullAll, setCacheOwner, setOfflineDb } from '../../../offline/model-server.testkit';
import { KDF_PARAMS, derivePassphraseKey, randomBytes, toBase64url, wrapBundleKey } from '../offline/crypto';
import { countBundleItems, readBundleItem, readOfflineDevice, readWipeNotice, vaultOffline, writeOfflineDevice, type OfflineVaultDevice } from '../offline';
import { OfflineRevealError, OfflineVaultSession } from './OfflineVaultSession';
import { sealBundleItem } from '../offline/seal.testkit';

const DEVICE = '0b6c7f0e-5d53-4a43-9d7e-0d3a3c8f4a11';
const ENTRY = '7d1f0a52-2b9e-4d8b-a1c2-3e4f5a6b7c8d';
const OTHER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const USER = { id: '00000000-0000-4000-8000-0000000000a1', username: 'tech' };
const PASSPHRASE = 'cellar door lantern moss';
const SECRET = 'cellar-wifi-S3cret';
const res = (status: number, body: unknown): HttpResponse => ({ status, body, retryAfterMs: null });

const seal = (key: Uint8Array, payload: VaultBundlePayload): VaultBundleItem => sealBundleItem(key, DEVICE, payload);
const payload = (entryId: string, version: number, value: string): VaultBundlePayload => ({
  format: VAULT_BUNDLE_FORMAT,
  entryId,
  version,
  wifiSsid: 'Cellar',
  secrets: [{ field: 'wifiPassword', endpointId: null, value }],
});

/** A device whose bundle key is `raw`, wrapped under PASSPHRASE. */
async function device(raw: Uint8Array<ArrayBuffer>, overrides: Partial<OfflineVaultDevice> = {}): Promise<OfflineVaultDevice> {
  const salt = randomBytes(16);
  const kek = await derivePassphraseKey(PASSPHRASE, salt);
  return {
    format: 1,
    deviceId: DEVICE,
    deviceName: 'Test phone',
    userId: USER.id,
    grantedAt: new Date().toISOString(),
    lastSyncAt: new Date().toISOString(),
    offlineDays: 7,
    cursor: '0',
    kdf: { ...KDF_PARAMS, salt: toBase64url(salt) },
    passphrase: await wrapBundleKey(raw, kek, DEVICE, 'passphrase'),
    prf: null,
    failedUnlocks: 0,
    ...overrides,
  };
}

/** The vault index is empty; the device feed answers `pages` in turn (a number: that status), then 410. */
function feedServer(pages: (VaultBundlePage | number)[]): Transport {
  return async (req) => {
    if (req.url.startsWith('/api/vault?since=')) return res(200, { items: [], deleted: [], cursor: '0', more: false });
    if (req.url.startsWith(`/api/vault-devices/${DEVICE}/secrets`)) {
      const next = pages.shift() ?? 410;
      return typeof next === 'number' ? res(next, { message: 'Offline access for this device has ended.', code: 'device_revoked' }) : res(200, next);
    }
    return res(404, { message: 'Not found', code: 'not_found' });
  };
}

let session: OfflineVaultSession;
beforeAll(() => registerOfflineFeature(vaultOffline));
beforeEach(() => {
  session = new OfflineVaultSession();
});
afterEach(() => session.lock());

describe('offline vault on the device', () => {
  it('the feed stores ciphertext only, applies deltas, and a 410 wipes the copy; a change of user wipes it too', async () => {
    const { db } = freshDb();
    const raw = randomBytes(32);
    await writeOfflineDevice(db, await device(raw));
    const transport = feedServer([
      { pending: false, items: [seal(raw, payload(ENTRY, 1, SECRET)), seal(raw, payload(OTHER, 1, 'other-S3cret'))], deleted: [], cursor: '2', more: true, offlineDays: 5 },
      { pending: false, items: [seal(raw, payload(ENTRY, 2, 'cellar-wifi-2'))], deleted: [OTHER], cursor: '3', more: false, offlineDays: 5 },
    ]);
    expect((await pullAll({ db, transport })).error).toBeNull();
    expect(await countBundleItems(db)).toBe(1);
    expect((await readBundleItem(db, ENTRY))?.version).toBe(2);
    expect(await readOfflineDevice(db)).toMatchObject({ cursor: '3', offlineDays: 5 });
    const stored = JSON.stringify(await db.records.toArray());
    for (const s of [SECRET, 'cellar-wifi-2', 'other-S3cret', toBase64url(raw)]) expect(stored).not.toContain(s);

    expect((await pullAll({ db, transport })).error).toBeNull(); // 410 now
    expect(await readOfflineDevice(db)).toBeNull();
    expect(await countBundleItems(db)).toBe(0);
    expect((await readWipeNotice(db))?.reason).toBe('revoked');

    await setCacheOwner(db, USER.id);
    await writeOfflineDevice(db, await device(raw));
    expect(await setCacheOwner(db, USER.id)).toBe(false); // same user: kept
    expect(await readOfflineDevice(db)).not.toBeNull();
    await setCacheOwner(db, null); // sign-out
    expect(await readOfflineDevice(db)).toBeNull();
    db.close();
  });

  it('wrong passphrases count; the right one resets the count; the 10th wrong one wipes', async () => {
    const { db } = freshDb();
    setOfflineDb(db);
    await writeOfflineDevice(db, await device(randomBytes(32)));
    expect(await session.unlockWithPassphrase('cellar door lantern mos')).toEqual({ ok: false, attemptsLeft: 9 });
    expect(await session.unlockWithPassphrase(PASSPHRASE)).toEqual({ ok: true });
    expect(session.unlockedDeviceId()).toBe(DEVICE);
    expect((await readOfflineDevice(db))?.failedUnlocks).toBe(0);
    session.lock();
    expect(session.unlockedDeviceId()).toBeNull();
    for (let i = 1; i < 10; i += 1) expect(await session.unlockWithPassphrase(`wrong passphrase ${i}`)).toEqual({ ok: false, attemptsLeft: 10 - i });
    expect(await session.unlockWithPassphrase('wrong passphrase 10')).toEqual({ ok: false, wiped: true });
    expect(await readOfflineDevice(db)).toBeNull();
    expect((await readWipeNotice(db))?.reason).toBe('failed_unlocks');
    db.close();
  }, 60_000);

  it('a copy not synced for offlineDays is wiped at unlock', async () => {
    const { db } = freshDb();
    setOfflineDb(db);
    await writeOfflineDevice(db, await device(randomBytes(32), { lastSyncAt: new Date(Date.now() - 8 * 86_400_000).toISOString() }));
    expect(await session.unlockWithPassphrase(PASSPHRASE)).toEqual({ ok: false, wiped: true });
    expect((await readWipeNotice(db))?.reason).toBe('expired');
    db.close();
  });

  it('a reveal needs the unlocked key and queues its audit report (without the value) before returning it', async () => {
    const { db } = freshDb();
    setOfflineDb(db);
    const raw = randomBytes(32);
    await writeOfflineDevice(db, await device(raw));
    await db.records.put({ collection: 'vaultSecrets', id: ENTRY, data: seal(raw, payload(ENTRY, 1, SECRET)) });
    const input = { entryId: ENTRY, businessName: 'Cellar Co', field: 'wifiPassword' as const, label: 'WiFi Password', user: USER };
    await expect(session.reveal(input)).rejects.toBeInstanceOf(OfflineRevealError);
    expect(await db.outbox.count()).toBe(0);

    await session.unlockWithPassphrase(PASSPHRASE);
    expect(await session.reveal(input)).toEqual({ value: SECRET, wifiSsid: 'Cellar' });
    const items = await db.outbox.toArray();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'vault.offlineReveal', userId: USER.id, payload: { deviceId: DEVICE, report: { entryId: ENTRY, field: 'wifiPassword', businessName: 'Cellar Co' } } });
    expect(JSON.stringify(items)).not.toContain(SECRET);
    await expect(session.reveal({ ...input, field: 'routerPassword' })).rejects.toBeInstanceOf(OfflineRevealError);
    db.close();
  });

  it('site details (usernames, SSID, notes) open from the unlocked copy without an audit report; an older copy downloads again from the start', async () => {
    const { db } = freshDb();
    setOfflineDb(db);
    const raw = randomBytes(32);
    const details: VaultBundleDetails = {
      domainRegistrar: 'Gandi',
      domainUsername: 'cellar-dns',
      hostingProvider: null,
      hostingUsername: null,
      wifiSsid: 'Cellar',
      routerUsername: 'cellar-admin',
      staticIp: '203.0.113.9',
      phoneProvider: null,
      notes: 'Router under the stairs',
      endpoints: [{ id: 'ep-1', username: 'nas-admin' }],
    };
    // A copy made before details were sealed: its cursor is past everything, its content version unset.
    await writeOfflineDevice(db, await device(raw, { cursor: '7' }));
    const asked: string[] = [];
    const feed = feedServer([{ pending: false, items: [seal(raw, { ...payload(ENTRY, 1, SECRET), details })], deleted: [], cursor: '8', more: false, offlineDays: 7 }]);
    const transport: Transport = (req) => {
      asked.push(req.url);
      return feed(req);
    };
    expect((await pullAll({ db, transport })).error).toBeNull();
    expect(asked).toContain(`/api/vault-devices/${DEVICE}/secrets?since=0`);
    expect(await readOfflineDevice(db)).toMatchObject({ cursor: '8', content: VAULT_BUNDLE_CONTENT });
    expect(JSON.stringify(await db.records.toArray())).not.toContain('cellar-admin');

    expect(await session.details(ENTRY)).toBeNull(); // locked
    await session.unlockWithPassphrase(PASSPHRASE);
    expect(await session.details(ENTRY)).toEqual(details);
    expect(await session.details(OTHER)).toBeNull(); // not on the device
    expect(await db.outbox.count()).toBe(0);
    db.close();
  }, 60_000);
});
