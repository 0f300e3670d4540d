import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TicketCounts } from '@portal/shared';
import { apiGet } from '../../../lib/api';
import { TICKETS_SERVER_KEY, filterParams, type ServerTicketFilter } from './keys';

/**
 * GET /api/tickets/counts?assignee=&q= -> TicketCounts (SQL counts per status tab), only
 * while `enabled` (online). Refetched on mount and after every sync pass (the screen invalidates
 * {@link TICKETS_SERVER_KEY}). `status` of the filter is ignored: counts are per status.
 */
export function useTicketCounts(filter: Omit<ServerTicketFilter, 'status'>, enabled: boolean) {
  const params = filterParams({ assignee: filter.assignee, q: filter.q });
  return useQuery<TicketCounts>({
    queryKey: [TICKETS_SERVER_KEY, 'counts', params.toString()],
    queryFn: ({ signal }) => apiGet<TicketCounts>(`/api/tickets/counts?${params}`, { signal, timeoutMs: 15_000 }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
