/**
 * The Customer Vault's offline part (issue 13; no React: the service worker imports it through
 * pwa/src/offline-registry.ts): the `vault` collection (the index, never a secret) and the
 * `vault.create` / `vault.update` outbox kinds (offline writes without secrets), plus the list view.
 */
import type { OfflineFeature } from '../../../offline/core';
import { vaultCollection } from './collection';
import { vaultCreateKind, vaultUpdateKind } from './kinds';

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

/** What the vault plugs into the offline engine. */
export const vaultOffline: OfflineFeature = { name: 'vault', kinds: [vaultCreateKind, vaultUpdateKind], collections: [vaultCollection] };
