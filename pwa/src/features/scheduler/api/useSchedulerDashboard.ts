import { useQuery } from '@tanstack/react-query';
import type { SchedulerDashboard } from '@portal/shared';
import { apiGet } from '../../../lib/api';
import { dashboardUrl, schedulerKeys, type DashboardParams } from './keys';

/** What the screen shows: the answer, and whether it is live or a saved snapshot ("as of"). */
export interface DashboardState {
  data: SchedulerDashboard | undefined;
  /** 'loading' before any answer; 'live' fresh from the server; 'cached' a saved snapshot; 'error' nothing to show. */
  status: 'loading' | 'live' | 'cached' | 'error';
  error: unknown;
  /** Fetching again (range change, retry) while `data` shows the previous answer. */
  refreshing: boolean;
  refetch(): void;
}

/**
 * GET /api/scheduler for a range, zone and technician filter (TanStack Query, SPEC.md 7 defaults:
 * no retry, never stale; the screen refetches on open and on "Refresh").
 */
export function useSchedulerDashboard(params: DashboardParams): DashboardState {
  const q = useQuery({
    queryKey: schedulerKeys.dashboard(params),
    queryFn: ({ signal }) => apiGet<SchedulerDashboard>(dashboardUrl(params), { signal }),
    refetchOnMount: 'always',
  });
  return {
    data: q.data,
    status: q.data ? 'live' : q.isError ? 'error' : 'loading',
    error: q.error,
    refreshing: q.isFetching && q.data !== undefined,
    refetch: () => void q.refetch(),
  };
}
