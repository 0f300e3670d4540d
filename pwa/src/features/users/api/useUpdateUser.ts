import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, UserUpdate } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { USERS_KEY } from './keys';
import { useStepUp } from '../../../lib/twoFactor/stepUp';

/** What the edit form sends: the user's id and only the fields to change (SPEC.md 5: all optional). */
export interface UserUpdateRequest {
  id: string;
  changes: Partial<UserUpdate>;
}

/**
 * PATCH /api/users/{id} with only the changed fields -> PublicUser (SPEC.md 7; admin). A password
 * set here signs that user out everywhere (server rule); the server refuses to demote the
 * last admin with a 400 and its message. The list is refetched afterwards. Errors: ApiError (400
 * `fieldErrors` or a rule's message, 404, 409 'Username already exists') or a network TypeError.
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  // A security-relevant admin action asks "Confirm it's you" when the second factor is not fresh (issue 55).
  const { withStepUp } = useStepUp();
  return useMutation<PublicUser, Error, UserUpdateRequest>({
    mutationFn: ({ id, changes }) => withStepUp(() => apiRequest<PublicUser>('PATCH', `/api/users/${encodeURIComponent(id)}`, changes)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
