import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { TICKET_LIST_DEFAULT, type TicketListPage } from '@portal/shared';
import { apiGet } from '../../../lib/api';
import { TICKETS_SERVER_KEY, filterParams, type ServerTicketFilter } from './keys';

/**
 * The staff list from the server: keyset pages of GET /api/tickets/list (newest first,
 * TICKET_LIST_DEFAULT per page) for `filter`, one more page per `fetchNextPage()` (load more on
 * scroll), only while `enabled` (online). The screen merges the pages with the offline cache and
 * unsent edits, so the desktop never downloads the whole table.
 */
export function useTicketListPages(filter: ServerTicketFilter, enabled: boolean) {
  const params = filterParams(filter);
  return useInfiniteQuery({
    queryKey: [TICKETS_SERVER_KEY, 'list', params.toString()],
    queryFn: ({ pageParam, signal }) => {
      const p = new URLSearchParams(params);
      p.set('limit', String(TICKET_LIST_DEFAULT));
      if (pageParam) p.set('cursor', pageParam);
      return apiGet<TicketListPage>(`/api/tickets/list?${p}`, { signal, timeoutMs: 15_000 });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.more ? last.nextCursor : null),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
