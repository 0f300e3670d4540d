import type { VaultRevealField, VaultRevealResult } from '@portal/shared';
import { apiRequest } from '../../../lib/api';

/**
 * POST /api/vault/:id/reveal `{ field, endpointId? }` -> the one secret (staff; the server writes an
 * audit row for every call). Deliberately NOT a query or mutation hook: the value must not enter
 * TanStack Query's caches (or anything persisted); the caller keeps it in component state and drops
 * it when it hides the value. Errors: ApiError (404 nothing stored, 500 `integrity_failed`) or TypeError.
 */
export async function revealVaultSecret(entryId: string, field: VaultRevealField, endpointId?: string): Promise<string> {
  const result = await apiRequest<VaultRevealResult>('POST', `/api/vault/${entryId}/reveal`, endpointId ? { field, endpointId } : { field });
  return result.value;
}
