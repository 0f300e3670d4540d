import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VaultEntry, VaultSecretField } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/ids';
import { getConnectivity, getOfflineDb } from '../../../offline';
import { buildCreateBody, buildPatchBody, type FormBase, type VaultFormValues } from '../formModel';
import { enqueueVaultCreate, enqueueVaultUpdate, putVaultIndex } from '../offline';
import { vaultEntryKey } from './keys';

/** A save from the Add Customer / Edit form. */
export type VaultSave =
  | { kind: 'create'; values: VaultFormValues }
  | { kind: 'update'; id: string; base: FormBase; values: VaultFormValues; cleared: ReadonlySet<VaultSecretField> };

/** Sent to the server (with the saved entry), or queued in the outbox while offline (`name` of the customer). */
export type VaultSaveResult = { status: 'sent'; entry: VaultEntry } | { status: 'queued'; name: string };

type Author = { id: string; username: string };

/**
 * Saves a vault entry, deciding below the screen between sending and queueing (DESIGN.md 5):
 * - online: POST /api/vault or PATCH /api/vault/:id (only the changed fields) with an
 *   Idempotency-Key; the body may carry secrets. The answer replaces the cached entry and its
 *   offline index row (the list reads IndexedDB);
 * - offline (with a signed-in `author`): the body is built WITHOUT secrets (formModel) and goes to
 *   the outbox (`vault.create` / `vault.update`), sent by the sync engine when the connection returns.
 * Errors: ApiError (400 `fieldErrors`, SPEC.md 5), a network TypeError, or an IndexedDB error.
 */
export function useSaveVaultEntry(author: Author | null) {
  const queryClient = useQueryClient();
  return useMutation<VaultSaveResult, Error, VaultSave>({
    mutationFn: async (save) => {
      const online = getConnectivity() === 'online';
      const headers = { 'Idempotency-Key': newIdempotencyKey() };
      if (save.kind === 'create') {
        const body = buildCreateBody(save.values, online);
        if (!online && author) {
          await enqueueVaultCreate(getOfflineDb(), body, author);
          return { status: 'queued', name: body.businessName };
        }
        return { status: 'sent', entry: await apiRequest<VaultEntry>('POST', '/api/vault', body, { headers }) };
      }
      const { id, base } = save;
      const patch = buildPatchBody(save.values, base, save.cleared, online);
      if (!online && author) {
        await enqueueVaultUpdate(getOfflineDb(), id, patch.businessName ?? base.index.businessName, patch, author);
        return { status: 'queued', name: base.index.businessName };
      }
      return { status: 'sent', entry: await apiRequest<VaultEntry>('PATCH', `/api/vault/${id}`, patch, { headers }) };
    },
    onSuccess: async (result) => {
      if (result.status !== 'sent') return;
      queryClient.setQueryData(vaultEntryKey(result.entry.id), result.entry);
      await putVaultIndex(getOfflineDb(), [result.entry]);
    },
  });
}
