import { useQuery } from '@tanstack/react-query';
import type { TicketUpdateEntry } from '@portal/shared';
import { apiGet } from '../../../lib/api';
import { ticketUpdatesKey } from './keys';

/**
 * GET /api/ticket-updates?ticketId=ID -> the ticket's work history, newest first (SPEC.md 2 / 7).
 * Disabled without a ticket id; refetched when the panel opens a ticket.
 */
export function useTicketUpdates(ticketId: string | null) {
  return useQuery<TicketUpdateEntry[]>({
    queryKey: ticketUpdatesKey(ticketId ?? ''),
    queryFn: ({ signal }) =>
      apiGet<TicketUpdateEntry[]>(`/api/ticket-updates?ticketId=${encodeURIComponent(ticketId ?? '')}`, { signal }),
    enabled: Boolean(ticketId),
    refetchOnMount: 'always',
  });
}
