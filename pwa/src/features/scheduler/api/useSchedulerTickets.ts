import { useInfiniteQuery } from '@tanstack/react-query';
import type { SchedulerTicketFilter, SchedulerTicketPage } from '@portal/shared';
import { apiGet } from '../../../lib/api';
import { schedulerKeys, ticketsUrl, type DashboardParams } from './keys';

/**
 * GET /api/scheduler/tickets: the tickets behind a clicked count (tile, KPI count, column badge,
 * workload badge), newest first, one page of 50 at a time (`fetchNextPage` while `hasNextPage`).
 * Disabled while `filter` is null (no list open).
 */
export function useSchedulerTickets(params: DashboardParams, filter: SchedulerTicketFilter | null) {
  return useInfiniteQuery({
    queryKey: schedulerKeys.tickets(params, filter ?? {}),
    enabled: filter !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => apiGet<SchedulerTicketPage>(ticketsUrl(params, filter ?? {}, pageParam), { signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
