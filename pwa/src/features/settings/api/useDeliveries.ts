import { useQuery } from '@tanstack/react-query';
import type { NotificationDelivery } from '@portal/shared';
import { apiGet } from '../../../lib/api';
import { DELIVERIES_KEY, DELIVERIES_LIMIT } from './keys';

/** While a delivery is still pending or sending, the log is refreshed this often (ms). */
export const DELIVERIES_REFRESH_MS = 5_000;

/**
 * GET /api/notifications/deliveries?limit=N -> NotificationDelivery[] newest first (DESIGN.md 6;
 * admin): the recent e-mail, SMS and push jobs with status, attempts and last error. Refetched on
 * mount, and every few seconds while some job is not final yet, so a retry or failure shows up
 * without a reload.
 */
export function useDeliveries(limit = DELIVERIES_LIMIT) {
  return useQuery<NotificationDelivery[]>({
    queryKey: [...DELIVERIES_KEY, { limit }],
    queryFn: ({ signal }) => apiGet<NotificationDelivery[]>(`/api/notifications/deliveries?limit=${limit}`, { signal }),
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === 'pending' || d.status === 'sending') ? DELIVERIES_REFRESH_MS : false,
  });
}
