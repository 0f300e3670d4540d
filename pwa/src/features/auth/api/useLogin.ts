import { useMutation } from '@tanstack/react-query';
import type { LoginInput, LoginResponse } from '@portal/shared';
import { apiRequest } from '../../../lib/api';

/**
 * POST /api/auth/login `{ username, password }` -> `{ user, token, expiresAt }` (SPEC.md 7).
 * Errors: ApiError (401 with the server's message, 429 when rate limited) or a network TypeError.
 */
export function useLogin() {
  return useMutation<LoginResponse, Error, LoginInput>({
    mutationFn: (input) => apiRequest<LoginResponse>('POST', '/api/auth/login', input),
  });
}
