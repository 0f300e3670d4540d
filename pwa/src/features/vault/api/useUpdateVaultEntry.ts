import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VaultEntry, VaultPatchInput } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/ids';
import { getOfflineDb } from '../../../offline';
import { putVaultIndex } from '../offline';
import { vaultEntryKey } from './keys';

/**
 * PATCH /api/vault/:id (SPEC.md 7; staff) with only the changed fields and an Idempotency-Key ->
 * VaultEntry, which replaces the cached one and its offline index row. Online only (may carry
 * secrets); offline edits go through `enqueueVaultUpdate`. Errors: ApiError or TypeError.
 */
export function useUpdateVaultEntry() {
  const queryClient = useQueryClient();
  return useMutation<VaultEntry, Error, { id: string; patch: VaultPatchInput }>({
    mutationFn: ({ id, patch }) => apiRequest<VaultEntry>('PATCH', `/api/vault/${id}`, patch, { headers: { 'Idempotency-Key': newIdempotencyKey() } }),
    onSuccess: async (entry) => {
      queryClient.setQueryData(vaultEntryKey(entry.id), entry);
      await putVaultIndex(getOfflineDb(), [entry]);
    },
  });
}
