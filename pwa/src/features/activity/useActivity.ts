import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityPage } from '@portal/shared';
import { apiGet } from '../../lib/api';

/** Entries per page of the activity screen. */
export const ACTIVITY_PAGE_SIZE = 50;

/**
 * GET /api/activity?limit=50&cursor=: the admin activity log, newest first, one keyset page at a
 * time ('Load more' asks for the next). Refetched each time the screen mounts. Errors: ApiError
 * (403 for non-admins) or a network TypeError.
 */
export function useActivity() {
  return useInfiniteQuery({
    queryKey: ['/api/activity'],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiGet<ActivityPage>(`/api/activity?${new URLSearchParams({ limit: String(ACTIVITY_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) })}`, { signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchOnMount: 'always',
  });
}
