import { useQuery } from '@tanstack/react-query';
import type { Ticket, TicketUpdateEntry } from '@portal/shared';
import { apiGet } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { getOfflineDb, whenCacheOwnerSet } from '../../../offline';
import { keepOpenedTicket } from '../offline';
import { TICKETS_SERVER_KEY } from './keys';

/**
 * Opens a ticket that is not on this device (an older ticket outside the working set,
 * from a search, the server list or a `?ticket=` link): GET /api/tickets/:ref (id or TKT number)
 * and its work history (GET /api/ticket-updates?ticketId=), kept in the offline cache as "opened"
 * so it stays for the working-set window and works offline afterwards. Runs only while `enabled`
 * (online and not cached); resolves with the ticket (the screen then reads it from the cache).
 * A 404 fails the query (nothing is stored). It is stored once the offline database belongs to the
 * signed-in user (`whenCacheOwnerSet(userId)`, queued here when the engine, which starts after the
 * first screen on a first visit, has not been told yet): stored before a first sign-in's clearing
 * of the database, the ticket opened from a link lost its work history and its "opened" mark a
 * moment later (the customer's photos vanished from Update Ticket until the first pull brought
 * them back; a ticket outside the working set never came back).
 */
export function useOpenTicket(ref: string | null, enabled: boolean) {
  const userId = useAuth().user?.id;
  return useQuery<Ticket>({
    queryKey: [TICKETS_SERVER_KEY, 'open', ref],
    queryFn: async ({ signal }) => {
      const ticket = await apiGet<Ticket>(`/api/tickets/${encodeURIComponent(ref!)}`, { signal, timeoutMs: 15_000 });
      const history = await apiGet<TicketUpdateEntry[]>(`/api/ticket-updates?ticketId=${ticket.id}`, { signal, timeoutMs: 15_000 });
      await whenCacheOwnerSet(userId);
      await keepOpenedTicket(getOfflineDb(), { id: ticket.id, ticket, history });
      return ticket;
    },
    enabled: enabled && ref !== null,
    staleTime: 0,
  });
}
