import { useOfflineQuery } from '../../../offline';
import { readVaultList, type VaultListEntry } from '../offline';

/**
 * The /vault list from the offline index in IndexedDB (synced by the engine with delta pulls of
 * GET /api/vault?since=), with this device's unsent vault writes applied: renders and searches with
 * no network. undefined while reading.
 */
export function useVaultList(): VaultListEntry[] | undefined {
  return useOfflineQuery(readVaultList);
}
