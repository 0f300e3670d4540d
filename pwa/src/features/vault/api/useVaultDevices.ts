import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VaultDevice } from '@portal/shared';
import { apiGet, apiRequest } from '../../../lib/api';
import { useStepUp } from '../../../lib/twoFactor/stepUp';

const KEY = ['/api/vault-devices'] as const;

/**
 * GET /api/vault-devices -> VaultDevice[] (admin): every device that has or had offline
 * vault access, newest grant first. `enabled` false -> idle. Refetched on mount.
 */
export function useVaultDevices(enabled: boolean) {
  return useQuery<VaultDevice[]>({ queryKey: KEY, queryFn: ({ signal }) => apiGet<VaultDevice[]>('/api/vault-devices', { signal }), enabled, refetchOnMount: 'always' });
}

/** DELETE /api/vault-devices/:id (admin) -> the revoked VaultDevice; the device wipes its copy at its next sync. */
export function useRevokeVaultDevice() {
  const queryClient = useQueryClient();
  return useMutation<VaultDevice, Error, string>({
    mutationFn: (id) => apiRequest<VaultDevice>('DELETE', `/api/vault-devices/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST /api/vault-devices/:id/approve (admin) -> the active VaultDevice; it receives the vault at its next sync. */
export function useApproveVaultDevice() {
  const queryClient = useQueryClient();
  // A security-relevant admin action asks "Confirm it's you" when the second factor is not fresh (issue 55).
  const { withStepUp } = useStepUp();
  return useMutation<VaultDevice, Error, string>({
    mutationFn: (id) => withStepUp(() => apiRequest<VaultDevice>('POST', `/api/vault-devices/${id}/approve`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
