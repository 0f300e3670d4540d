import { useInfiniteQuery } from '@tanstack/react-query';
import type { TechnicianDetail } from '@portal/shared';
import { apiGet } from '../../../lib/api';
import { detailUrl, schedulerKeys, type DashboardParams } from './keys';

/**
 * GET /api/scheduler/technicians/:id: the technician's KPIs for the range, their assigned tickets
 * (20 per page, newest first, each with work history and survey stars) and customer feedback.
 * The first page carries the KPIs and feedback; later pages add tickets.
 */
export function useTechnicianDetail(id: string | null, params: Omit<DashboardParams, 'technicianId'>) {
  return useInfiniteQuery({
    queryKey: schedulerKeys.detail(id ?? '', params),
    enabled: id !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => apiGet<TechnicianDetail>(detailUrl(id!, params, pageParam), { signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
