/**
 * Turning the offline vault on before the page's sync engine has started (a first sign-in on a
 * device: the engine starts after the first screen). A first change of owner clears every record
 * (the sign-out rule); `enable` must not store the device state before it, or the copy is gone right
 * after "Offline vault unlocked" and its grant is orphaned. Seen in Chromium on a loaded machine
 * (pwa/e2e/vault-offline.e2e.ts waited in vain for "1 customer on this device"). `enable` queues
 * that change for its user itself (whenCacheOwnerSet(userId)) instead of waiting for the engine.
 * Real engine, fake IndexedDB, real WebCrypto; the API is a stub answering the grant.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { vaultPassphraseProblem, type PublicUser, type VaultDeviceGrant } from '@portal/shared';
import { META, freshDb, getMeta, setOfflineDb, setSyncUser } from '../../../offline/model-server.testkit';
import { randomBytes, toBase64url } from '../offline/crypto';
import { readOfflineDevice } from '../offline';
import { OfflineVaultSession } from './OfflineVaultSession';

const USER: PublicUser = { id: '00000000-0000-4000-8000-0000000000b2', username: 'olive', email: null, role: 'user' };
const GRANT: VaultDeviceGrant = {
  device: {
    id: '3c9a1f0e-7d53-4a43-9d7e-0d3a3c8f4a22',
    userId: USER.id,
    username: USER.username,
    deviceName: 'Olive phone',
    status: 'pending',
    grantedAt: new Date().toISOString(),
    approvedAt: null,
    approvedByName: null,
    delivered: { entries: 0, secrets: 0, pages: 0, lastAt: null },
    lastSyncAt: null,
    revokedAt: null,
    revokedReason: null,
    revokedByName: null,
  },
  bundleKey: toBase64url(randomBytes(32)),
  offlineDays: 7,
};

let session: OfflineVaultSession | null = null;
afterEach(() => session?.lock());

describe('turning the offline vault on before the engine knows who is signed in', () => {
  it('makes the database the user’s first, so the device state it stores survives the engine’s start', async () => {
    const { db } = freshDb();
    setOfflineDb(db);
    const asked: string[] = [];
    session = new OfflineVaultSession({
      db: () => db,
      request: (async (method: string, url: string) => {
        asked.push(`${method} ${url}`);
        return GRANT;
      }) as never,
      syncNow: async () => undefined,
    });

    const enabling = session.enable({ deviceName: 'Olive phone', passphrase: 'basement router tea kettle', fingerprint: false, user: USER });
    // It finishes before the engine is told who is signed in (the key derivation takes a few hundred ms).
    const early = await Promise.race([enabling.then(() => 'stored'), new Promise((r) => setTimeout(() => r('waiting'), 5_000))]);
    expect(await getMeta(db, META.owner)).toBe(USER.id);
    await setSyncUser(USER); // the engine starts: the same owner, nothing cleared

    expect(early).toBe('stored');
    expect(asked).toEqual(['POST /api/vault-devices']);
    expect(await readOfflineDevice(db)).toMatchObject({ deviceId: GRANT.device.id, userId: USER.id, pending: true });
    expect(session.unlockedDeviceId()).toBe(GRANT.device.id);
  });

  it('refuses a passphrase that breaks the rule with the rule\'s own text, and asks and stores nothing', async () => {
    const { db } = freshDb();
    setOfflineDb(db);
    const asked: string[] = [];
    session = new OfflineVaultSession({
      db: () => db,
      request: (async (method: string, url: string) => {
        asked.push(`${method} ${url}`);
        return GRANT;
      }) as never,
      syncNow: async () => undefined,
    });
    await expect(session.enable({ deviceName: 'Olive phone', passphrase: '1234 5678 9012 3456', fingerprint: false, user: USER })).rejects.toMatchObject({
      name: 'OfflinePassphraseError',
      problem: vaultPassphraseProblem('1234 5678 9012 3456'),
    });
    expect(vaultPassphraseProblem('1234 5678 9012 3456')).toBe('A number alone is too easy to guess. Use words.');
    expect(asked).toEqual([]);
    expect(await readOfflineDevice(db)).toBeFalsy();
  });
});
