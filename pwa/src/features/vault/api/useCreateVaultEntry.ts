import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VaultCreateInput, VaultEntry } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/ids';
import { getOfflineDb } from '../../../offline';
import { putVaultIndex } from '../offline';
import { vaultEntryKey } from './keys';

/**
 * POST /api/vault (SPEC.md 7; staff) with an Idempotency-Key -> 201 VaultEntry: cached for the View
 * dialog and written to the offline index at once (the list reads IndexedDB). Online only: the body
 * may carry secrets, which never go to the outbox. Errors: ApiError (400 `fieldErrors`, SPEC.md 5)
 * or a network TypeError.
 */
export function useCreateVaultEntry() {
  const queryClient = useQueryClient();
  return useMutation<VaultEntry, Error, VaultCreateInput>({
    mutationFn: (body) => apiRequest<VaultEntry>('POST', '/api/vault', body, { headers: { 'Idempotency-Key': newIdempotencyKey() } }),
    onSuccess: async (entry) => {
      queryClient.setQueryData(vaultEntryKey(entry.id), entry);
      await putVaultIndex(getOfflineDb(), [entry]);
    },
  });
}
