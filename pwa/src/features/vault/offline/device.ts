/**
 * The offline vault's storage on the device, in the generic `records` table, so a change
 * of user (sign-out) clears it with every other cached collection (collections.setCacheOwner):
 *
 * - collection `vaultDevice`, id `this`: {@link OfflineVaultDevice}: the device id and name, the
 *   PBKDF2 salt and parameters, the bundle key WRAPPED under the passphrase key (and the PRF key),
 *   the delta cursor, the last sync, the failed unlock count. Never a key in clear.
 * - collection `vaultSecrets`, id = entry id: {@link VaultBundleItem}: ciphertext only.
 * - collection `vaultWipe`, id `last`: why the copy was wiped, for the screen to say so once.
 *
 * The `vaultSecrets` collection's pull is the device feed (GET /api/vault-devices/:id/secrets):
 * items are stored as they come (still encrypted), deleted entries removed; a 410/404 answer means
 * the server ended this device's access: the copy is wiped; so does an `integrity_failed` answer
 * (the server cannot open this device's key or a secret: no retry). A `pending` page (the grant waits for an
 * administrator) only sets `pending` on the device state, for the screen to say so. No React (the service worker imports it).
 */
import { VAULT_BUNDLE_CONTENT, VAULT_OFFLINE_DAYS_DEFAULT, type VaultBundleItem, type VaultBundlePage } from '@portal/shared';
import { PullError, type OfflineDb, type SyncCollection } from '../../../offline/core';
import type { KdfParams, WrappedKey } from './crypto';

export const VAULT_DEVICE_COLLECTION = 'vaultDevice';
export const VAULT_SECRETS_COLLECTION = 'vaultSecrets';
export const VAULT_WIPE_COLLECTION = 'vaultWipe';
const THIS = 'this';
const DAY_MS = 86_400_000;

/** What the device keeps about its offline vault (format 1). */
export interface OfflineVaultDevice {
  format: 1;
  deviceId: string;
  deviceName: string;
  userId: string;
  grantedAt: string;
  /** Last successful feed sync (ISO); the copy is wiped `offlineDays` after it. */
  lastSyncAt: string;
  offlineDays: number;
  /** Delta cursor of the device feed ('0' before the first pull). */
  cursor: string;
  kdf: KdfParams & { salt: string };
  passphrase: WrappedKey;
  /** The fingerprint (WebAuthn PRF) wrap, when set up. */
  prf: (WrappedKey & { credentialId: string; salt: string }) | null;
  failedUnlocks: number;
  /** True while the server says the grant waits for an administrator (the feed sends nothing yet). */
  pending?: boolean;
  /**
   * The bundle content version the cursor was built with (shared VAULT_BUNDLE_CONTENT; absent = 1).
   * An older copy lacks the site details: the next pull starts again from '0'.
   */
  content?: number;
}

/** Why the copy was wiped (the screen's words in features/vault/texts.ts). */
export type VaultWipeReason = 'revoked' | 'expired' | 'failed_unlocks' | 'turned_off' | 'integrity';

const key = (collection: string, id: string) => [collection, id] as unknown as string;

/** This device's offline vault, or null when it has none. */
export async function readOfflineDevice(db: OfflineDb): Promise<OfflineVaultDevice | null> {
  return ((await db.records.get(key(VAULT_DEVICE_COLLECTION, THIS)))?.data as OfflineVaultDevice | undefined) ?? null;
}

/** Stores this device's offline vault state. */
export async function writeOfflineDevice(db: OfflineDb, device: OfflineVaultDevice): Promise<void> {
  await db.records.put({ collection: VAULT_DEVICE_COLLECTION, id: THIS, data: device });
}

/** True when the copy has gone `offlineDays` without a sync (it must be wiped). */
export function offlineVaultExpired(device: OfflineVaultDevice, now = Date.now()): boolean {
  return now - Date.parse(device.lastSyncAt) > (device.offlineDays || VAULT_OFFLINE_DAYS_DEFAULT) * DAY_MS;
}

/** The sealed secrets of one entry, or null when this device has none for it. */
export async function readBundleItem(db: OfflineDb, entryId: string): Promise<VaultBundleItem | null> {
  return ((await db.records.get(key(VAULT_SECRETS_COLLECTION, entryId)))?.data as VaultBundleItem | undefined) ?? null;
}

/** How many entries this device holds sealed secrets for. */
export async function countBundleItems(db: OfflineDb): Promise<number> {
  return db.records.where('collection').equals(VAULT_SECRETS_COLLECTION).count();
}

/** Removes the device state and every sealed secret (not the outbox: unsent reveal reports stay). */
async function clearOfflineVault(db: OfflineDb): Promise<void> {
  await db.records.where('collection').anyOf(VAULT_DEVICE_COLLECTION, VAULT_SECRETS_COLLECTION).delete();
}

/**
 * Wipes this device's offline vault and notes why. Unsent reveal reports stay in the outbox and are
 * still sent (the server accepts reveals made while the device had access).
 */
export async function wipeOfflineVault(db: OfflineDb, reason: VaultWipeReason, now = new Date()): Promise<void> {
  await db.transaction('rw', db.records, async () => {
    await clearOfflineVault(db);
    await db.records.put({ collection: VAULT_WIPE_COLLECTION, id: 'last', data: { reason, at: now.toISOString() } });
  });
}

/** The last wipe notice, or null. */
export async function readWipeNotice(db: OfflineDb): Promise<{ reason: VaultWipeReason; at: string } | null> {
  return ((await db.records.get(key(VAULT_WIPE_COLLECTION, 'last')))?.data as { reason: VaultWipeReason; at: string } | undefined) ?? null;
}

/** Forgets the wipe notice (the user dismissed it, or turned the offline vault on again). */
export async function clearWipeNotice(db: OfflineDb): Promise<void> {
  await db.records.delete(key(VAULT_WIPE_COLLECTION, 'last'));
}

/** The device feed as a collection (see the module doc). Returns null: its cursor lives in the device state. */
export const vaultSecretsCollection: SyncCollection = {
  name: VAULT_SECRETS_COLLECTION,
  async pull(_since, { db, get }) {
    const device = await readOfflineDevice(db);
    if (!device) return null;
    if (offlineVaultExpired(device)) {
      await wipeOfflineVault(db, 'expired');
      return null;
    }
    // A copy built before the bundle carried the site details downloads everything again.
    let cursor = device.content === VAULT_BUNDLE_CONTENT ? device.cursor : '0';
    try {
      for (let more = true; more; ) {
        const page = await get<VaultBundlePage>(`/api/vault-devices/${device.deviceId}/secrets?since=${encodeURIComponent(cursor)}`);
        const stored = await db.transaction('rw', db.records, async () => {
          const current = await readOfflineDevice(db);
          if (current?.deviceId !== device.deviceId) return false; // wiped or replaced meanwhile
          await db.records.bulkPut(page.items.map((i) => ({ collection: VAULT_SECRETS_COLLECTION, id: i.entryId, data: i })));
          await db.records.bulkDelete(page.deleted.map((id) => key(VAULT_SECRETS_COLLECTION, id)));
          await writeOfflineDevice(db, { ...current, cursor: page.cursor, content: VAULT_BUNDLE_CONTENT, lastSyncAt: new Date().toISOString(), offlineDays: page.offlineDays, pending: page.pending === true });
          return true;
        });
        if (!stored) return null;
        more = page.more && page.cursor !== cursor;
        cursor = page.cursor;
      }
    } catch (err) {
      if (err instanceof PullError && (err.status === 410 || err.status === 404)) {
        await wipeOfflineVault(db, 'revoked');
        return null;
      }
      // The server cannot decrypt this device's key or a secret it must send: retrying cannot
      // help, and the copy may be stale or tampered with. Wipe and say why.
      if (err instanceof PullError && err.code === 'integrity_failed') {
        await wipeOfflineVault(db, 'integrity');
        return null;
      }
      throw err;
    }
    return null;
  },
  clear: (db) => db.records.where('collection').anyOf(VAULT_DEVICE_COLLECTION, VAULT_SECRETS_COLLECTION, VAULT_WIPE_COLLECTION).delete().then(() => undefined),
};
