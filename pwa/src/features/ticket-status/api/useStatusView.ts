import { useQuery } from '@tanstack/react-query';
import type { TicketStatusView } from '@portal/shared';
import { apiGet } from '../../../lib/api';

/** Query key of a link's view (the page refetches it after a reply was sent). */
export const statusViewKey = (token: string) => ['/api/ticket-status', token] as const;

/**
 * GET /api/ticket-status/:token -> TicketStatusView (docs/status-links.md). Errors: ApiError 404
 * (unknown, expired, revoked or rotated link: 'This link is no longer valid') or a network
 * TypeError. Kept in the persisted cache (`meta.persist`) so the page opens offline with the last
 * view it showed.
 */
export function useStatusView(token: string) {
  return useQuery<TicketStatusView>({
    queryKey: statusViewKey(token),
    queryFn: ({ signal }) => apiGet<TicketStatusView>(`/api/ticket-status/${encodeURIComponent(token)}`, { signal }),
    meta: { persist: true },
    // Always asked again when the page opens (the app default is never stale): status and replies change.
    staleTime: 0,
  });
}
