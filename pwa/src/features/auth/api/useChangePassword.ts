import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { syncNow } from '../../../offline';

/**
 * POST /api/auth/change-password `{ currentPassword, newPassword }` -> `{ message }` (SPEC.md 7; any
 * logged-in user). The server signs out the user's other sessions (this one stays) and revokes the
 * user's offline vault devices; a sync right after makes this device wipe its copy. Errors: ApiError
 * (400 'Current password is incorrect' in `fieldErrors.currentPassword`, 400 validation) or a
 * network TypeError.
 */
export function useChangePassword() {
  return useMutation<{ message: string }, Error, ChangePasswordInput>({
    mutationFn: (body) => apiRequest<{ message: string }>('POST', '/api/auth/change-password', body),
    // The server ended this user's offline vault access: sync now so this device wipes its copy at once.
    onSuccess: () => void syncNow().catch(() => undefined),
  });
}
