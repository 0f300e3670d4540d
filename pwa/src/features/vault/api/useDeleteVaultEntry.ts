import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { getOfflineDb } from '../../../offline';
import { removeVaultIndex } from '../offline';
import { vaultEntryKey } from './keys';

/**
 * DELETE /api/vault/:id (admin) -> 204. The entry leaves the offline index at once (other devices
 * learn it from the delta feed's `deleted`) and its cached View data is dropped. Online only.
 * Errors: ApiError (403 for technicians, 404) or TypeError.
 */
export function useDeleteVaultEntry() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, string>({
    mutationFn: (id) => apiRequest<void>('DELETE', `/api/vault/${id}`),
    onSuccess: async (_void, id) => {
      queryClient.removeQueries({ queryKey: vaultEntryKey(id), exact: true });
      await removeVaultIndex(getOfflineDb(), [id]);
    },
  });
}
