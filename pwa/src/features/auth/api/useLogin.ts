import { useCallback, useState } from 'react';
import type { LoginChallenge, LoginInput, LoginResponse } from '@portal/shared';
import { apiRequest } from '../../../lib/api';

type LoginAnswer = LoginResponse | LoginChallenge;

/**
 * POST /api/auth/login `{ username, password }` -> `{ user, token, expiresAt }` (SPEC.md 7), or a
 * LoginChallenge when a second factor is due (README "Two-factor authentication").
 * `mutate(input, { onSuccess, onError })` sends once and calls one of them; `isPending` is true
 * meanwhile. Errors: ApiError (401 with the server's message, 429 when rate limited) or a network
 * TypeError. A plain hook, not TanStack Query's useMutation: /login must be usable before the query
 * cache loads (lib/queries.tsx).
 */
export function useLogin() {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(
    (input: LoginInput, handlers: { onSuccess: (answer: LoginAnswer) => void; onError: (error: Error) => void }) => {
      setPending(true);
      apiRequest<LoginAnswer>('POST', '/api/auth/login', input)
        .finally(() => setPending(false))
        .then(handlers.onSuccess, (e: unknown) => handlers.onError(e instanceof Error ? e : new Error(String(e))));
    },
    [],
  );
  return { mutate, isPending };
}
