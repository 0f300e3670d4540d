import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { USERS_KEY } from './keys';

/**
 * DELETE /api/users/{id} -> 204 (SPEC.md 7; admin). Their tickets become unassigned, their work
 * history stays. The user disappears from the cached list at once; the list is refetched
 * afterwards. Errors: ApiError (400 for the `admin` user or the last admin, 404) or a TypeError.
 */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, PublicUser>({
    mutationFn: (user) => apiRequest<void>('DELETE', `/api/users/${encodeURIComponent(user.id)}`),
    onSuccess: (_void, user) => {
      queryClient.setQueryData<PublicUser[]>(USERS_KEY, (list) => list?.filter((u) => u.id !== user.id));
      return queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}
