import { useQuery } from '@tanstack/react-query';
import type { ManagedUser } from '@portal/shared';
import { USERS_KEY } from './keys';

/**
 * GET /api/users -> ManagedUser[] (with disabled, lastSignInAt) sorted by username (SPEC.md 7; admin). Refetched each time the
 * screen mounts, so another admin's changes show up.
 */
export function useUsers() {
  return useQuery<ManagedUser[]>({ queryKey: USERS_KEY, refetchOnMount: 'always' });
}
