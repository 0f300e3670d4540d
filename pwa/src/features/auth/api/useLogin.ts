import { useMutation } from '@tanstack/react-query';
import type { LoginChallenge, LoginInput, LoginResponse } from '@portal/shared';
import { apiRequest } from '../../../lib/api';

/**
 * POST /api/auth/login `{ username, password }` -> `{ user, token, expiresAt }` (SPEC.md 7), or a
 * LoginChallenge when a second factor is due (README "Two-factor authentication").
 * Errors: ApiError (401 with the server's message, 429 when rate limited) or a network TypeError.
 */
export function useLogin() {
  return useMutation<LoginResponse | LoginChallenge, Error, LoginInput>({
    mutationFn: (input) => apiRequest<LoginResponse | LoginChallenge>('POST', '/api/auth/login', input),
  });
}
