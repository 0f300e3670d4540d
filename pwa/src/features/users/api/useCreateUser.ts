import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, UserCreate } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { USERS_KEY } from './keys';
import { useStepUp } from '../../../lib/twoFactor/stepUp';

/**
 * POST /api/users `{ username, password, email, role }` -> 201 PublicUser (SPEC.md 7; admin). The
 * list is refetched afterwards. Errors: ApiError (400 `fieldErrors` with SPEC.md 5's messages, 409
 * 'Username already exists') or a network TypeError.
 */
export function useCreateUser() {
  const queryClient = useQueryClient();
  // Creating an admin asks "Confirm it's you" when the session's second factor is not fresh (issue 55).
  const { withStepUp } = useStepUp();
  return useMutation<PublicUser, Error, UserCreate>({
    mutationFn: (body) => withStepUp(() => apiRequest<PublicUser>('POST', '/api/users', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
