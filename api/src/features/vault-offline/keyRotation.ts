/**
 * Device bundle keys under a vault key rotation (README "Customer Vault", Rotation): each active
 * device's bundle key is stored encrypted under the vault keyring (crypto.ts `sealBundleKey`), so a
 * rotation must move it to the new key too, or the device's feed fails once the old key is dropped.
 * `npm run vault:rotate-key` passes {@link deviceKeyStore} to the vault's rotateVaultKey (the vault
 * feature does not know this table).
 */
import type { Database } from '../../db/client';
import type { KeyedStore } from '../vault/port';
import { BundleKeyError, openBundleKey, sealBundleKey } from './crypto';
import { listDeviceKeys, lockDeviceKey, writeDeviceKey } from './repository';

/** A stored value's key id (`v1:<keyId>:...`). */
const keyIdOf = (stored: string) => /^v1:([A-Za-z0-9_-]+):/.exec(stored)?.[1] ?? null;

/** The device bundle keys as a {@link KeyedStore}; a key that fails its check is a failure (old keys kept). */
export const deviceKeyStore: KeyedStore = {
  name: 'offline device keys',
  async pass(db, keys) {
    const currentId = keys.current().id;
    let rewritten = 0;
    const failures: string[] = [];
    for (const d of await listDeviceKeys(db)) {
      if (keyIdOf(d.bundleKey) === currentId) continue;
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Database;
        const row = await lockDeviceKey(tx, d.id);
        if (!row?.bundleKey || keyIdOf(row.bundleKey) === currentId) return; // revoked or done meanwhile
        try {
          const key = openBundleKey(keys, row.id, row.bundleKey);
          await writeDeviceKey(tx, row.id, sealBundleKey(keys, row.id, key));
          key.fill(0);
          rewritten += 1;
        } catch (err) {
          if (!(err instanceof BundleKeyError)) throw err;
          failures.push(`device ${row.id}: bundle key failed its integrity check`);
        }
      });
    }
    return { rewritten, failures };
  },
  async countOld(db, currentId) {
    return (await listDeviceKeys(db)).filter((d) => keyIdOf(d.bundleKey) !== currentId).length;
  },
};
