import { useQuery } from '@tanstack/react-query';
import type { VaultEntry } from '@portal/shared';
import { vaultEntryKey } from './keys';

/**
 * GET /api/vault/:id -> VaultEntry (staff): every non-secret field for the View dialog and the edit
 * form (usernames, notes, endpoints with `hasPassword`). `id` null -> idle; `fetch` false (offline)
 * -> no request, but what this session already loaded stays readable (memory only: the query
 * cache persists nothing of the vault). Refetched on mount.
 */
export function useVaultEntry(id: string | null, fetch = true) {
  return useQuery<VaultEntry>({ queryKey: vaultEntryKey(id ?? ''), enabled: id !== null && fetch, refetchOnMount: 'always' });
}
