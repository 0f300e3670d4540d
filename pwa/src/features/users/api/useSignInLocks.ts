import { useQuery } from '@tanstack/react-query';
import type { SignInLocks } from '@portal/shared';

/** Query key of the locked sign-ins; the default query function turns it into GET /api/users/sign-in-locks. */
export const SIGN_IN_LOCKS_KEY = ['/api/users/sign-in-locks'] as const;

/**
 * GET /api/users/sign-in-locks (admin): lower-cased username -> end of its lockout (ISO). Refetched
 * each time User Management mounts; one query shared by every row.
 */
export function useSignInLocks(): Map<string, string> {
  const { data } = useQuery<SignInLocks>({ queryKey: SIGN_IN_LOCKS_KEY, refetchOnMount: 'always' });
  return new Map((data?.locks ?? []).map((l) => [l.username, l.lockedUntil]));
}
