import { useQuery } from '@tanstack/react-query';
import type { SchedulerDashboard } from '@portal/shared';
import { apiGet } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { getOfflineDb, useConnectivity, useOfflineQuery, whenCacheOwnerSet } from '../../../offline';
import { readSnapshot, saveSnapshot, snapshotKey } from '../offline';
import { dashboardUrl, schedulerKeys, type DashboardParams } from './keys';

/** What the screen shows: the answer, and whether it is live or a saved snapshot ("as of"). */
export interface DashboardState {
  data: SchedulerDashboard | undefined;
  /**
   * 'loading' before anything can be shown; 'live' the last fetch of this screen succeeded;
   * 'cached' the snapshot saved on this device (offline, or while the first fetch runs); 'error'
   * nothing to show.
   */
  status: 'loading' | 'live' | 'cached' | 'error';
  error: unknown;
  /** A fetch is running while `data` is shown. */
  refreshing: boolean;
  refetch(): void;
}

/**
 * GET /api/scheduler for a range, zone and technician filter, kept on the device (
 * offline): every answer is saved as the snapshot of its parameters in IndexedDB (features/
 * scheduler/offline), and the screen falls back to that snapshot offline, when the fetch fails, or
 * while the first fetch runs. TanStack Query without retries (SPEC.md 7); it refetches on every
 * visit and for answers older than a minute, and tries even when the browser says offline
 * (lie-fi), failing fast to the snapshot. The snapshot is saved in the background once the offline
 * database belongs to the signed-in user (`whenCacheOwnerSet(userId)`: it queues that change itself
 * when the engine, which starts after the first screen on a first visit, has not been told yet; a
 * first change of owner clears the database); a device that cannot store it still shows the answer.
 */
export function useSchedulerDashboard(params: DashboardParams): DashboardState {
  const online = useConnectivity() === 'online';
  const userId = useAuth().user?.id;
  const q = useQuery({
    queryKey: schedulerKeys.dashboard(params),
    queryFn: async ({ signal }) => {
      const data = await apiGet<SchedulerDashboard>(dashboardUrl(params), { signal });
      // Shown at once; saved once a first sign-in's clearing of the database has run.
      void whenCacheOwnerSet(userId)
        .then(() => saveSnapshot(getOfflineDb(), params, data))
        .catch(() => undefined);
      return data;
    },
    refetchOnMount: 'always',
    // Back to a range seen more than a minute ago: fetch it again (SPEC.md 7's "never stale" default is for lists).
    staleTime: 60_000,
    networkMode: 'always',
  });
  const key = snapshotKey(params);
  const snapshot = useOfflineQuery((db) => readSnapshot(db, params), [key]);
  if (online && q.status === 'success') {
    return { data: q.data, status: 'live', error: null, refreshing: q.isFetching, refetch: () => void q.refetch() };
  }
  const saved = snapshot?.data ?? q.data;
  if (saved) return { data: saved, status: 'cached', error: q.error, refreshing: q.isFetching, refetch: () => void q.refetch() };
  const failed = q.isError && snapshot !== undefined; // fetch failed and nothing is saved
  return { data: undefined, status: failed ? 'error' : 'loading', error: q.error, refreshing: false, refetch: () => void q.refetch() };
}
