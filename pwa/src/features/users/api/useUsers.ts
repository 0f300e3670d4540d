import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@portal/shared';
import { USERS_KEY } from './keys';

/**
 * GET /api/users -> PublicUser[] sorted by username (SPEC.md 7; admin). Refetched each time the
 * screen mounts, so another admin's changes show up.
 */
export function useUsers() {
  return useQuery<PublicUser[]>({ queryKey: USERS_KEY, refetchOnMount: 'always' });
}
