import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VaultIndexEntry } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { VAULT_INDEX_KEY, vaultEntryKey } from './keys';

/**
 * DELETE /api/vault/:id (admin) -> 204. The entry leaves the cached index at once and its cached
 * View data is dropped. Errors: ApiError (403 for technicians, 404) or TypeError.
 */
export function useDeleteVaultEntry() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, string>({
    mutationFn: (id) => apiRequest<void>('DELETE', `/api/vault/${id}`),
    onSuccess: async (_void, id) => {
      queryClient.setQueryData<VaultIndexEntry[]>(VAULT_INDEX_KEY, (list) => list?.filter((e) => e.id !== id));
      queryClient.removeQueries({ queryKey: vaultEntryKey(id), exact: true });
      await queryClient.invalidateQueries({ queryKey: VAULT_INDEX_KEY, exact: true });
    },
  });
}
