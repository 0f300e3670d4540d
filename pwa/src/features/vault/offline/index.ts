/**
 * The Customer Vault's offline part (no React: the service worker imports it through
 * pwa/src/offline-registry.ts): the `vault` collection (the index, never a secret) and the
 * `vault.create` / `vault.update` outbox kinds (offline writes without secrets), plus the list view;
 * The `vaultSecrets` collection (this device's secrets, sealed under its bundle key), the
 * `vault.offlineReveal` kind (offline reveal reports) and the device crypto.
 */
import type { OfflineFeature } from '../../../offline/core';
import { vaultCollection } from './collection';
import { vaultSecretsCollection } from './device';
import { vaultCreateKind, vaultUpdateKind } from './kinds';
import { vaultOfflineRevealKind } from './revealKind';

export { VAULT_COLLECTION, putVaultIndex, readVaultIndex, removeVaultIndex, toIndexEntry, vaultCollection } from './collection';
export {
  SecretInOutboxError,
  VAULT_CREATE,
  VAULT_UPDATE,
  assertNoSecrets,
  enqueueVaultCreate,
  enqueueVaultUpdate,
  isVaultCreate,
  isVaultUpdate,
  vaultCreateKind,
  vaultUpdateKind,
} from './kinds';
export { readVaultList, type VaultListEntry, type VaultSyncMarks } from './view';
export {
  countBundleItems,
  clearWipeNotice,
  offlineVaultExpired,
  readBundleItem,
  readOfflineDevice,
  readWipeNotice,
  vaultSecretsCollection,
  wipeOfflineVault,
  writeOfflineDevice,
  type OfflineVaultDevice,
  type VaultWipeReason,
} from './device';
export { VAULT_OFFLINE_REVEAL, enqueueOfflineReveal, vaultOfflineRevealKind, type OfflineRevealPayload } from './revealKind';

/**
 * What the vault plugs into the offline engine: the index and this device's sealed
 * secrets, pulled after it; the offline writes and the offline reveal reports.
 */
export const vaultOffline: OfflineFeature = {
  name: 'vault',
  kinds: [vaultCreateKind, vaultUpdateKind, vaultOfflineRevealKind],
  collections: [vaultCollection, vaultSecretsCollection],
};
