import { useQuery } from '@tanstack/react-query';
import type { VaultAuditEntry } from '@portal/shared';
import { apiGet } from '../../../lib/api';

/** How many reveals the View dialog lists. */
export const AUDIT_LIMIT = 20;

/**
 * GET /api/vault/audit?entryId=&limit= -> VaultAuditEntry[] newest first (admin only: "who saw which
 * password when"). `entryId` null -> idle (technicians never call it). Refetched on mount.
 */
export function useVaultAudit(entryId: string | null) {
  return useQuery<VaultAuditEntry[]>({
    queryKey: ['/api/vault/audit', { entryId, limit: AUDIT_LIMIT }],
    queryFn: ({ signal }) => apiGet<VaultAuditEntry[]>(`/api/vault/audit?entryId=${entryId}&limit=${AUDIT_LIMIT}`, { signal }),
    enabled: entryId !== null,
    refetchOnMount: 'always',
  });
}
