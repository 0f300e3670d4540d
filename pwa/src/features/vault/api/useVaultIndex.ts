import { useQuery } from '@tanstack/react-query';
import type { VaultIndexEntry } from '@portal/shared';
import { VAULT_INDEX_KEY } from './keys';

/**
 * GET /api/vault -> VaultIndexEntry[] sorted by business name (staff): the list and search data of
 * /vault. Never a secret: only `has...` flags. Refetched when the screen mounts.
 */
export function useVaultIndex() {
  return useQuery<VaultIndexEntry[]>({ queryKey: VAULT_INDEX_KEY, refetchOnMount: 'always' });
}
