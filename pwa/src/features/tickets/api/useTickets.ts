import { useQuery } from '@tanstack/react-query';
import type { Ticket } from '@portal/shared';
import { TICKETS_KEY } from './keys';

/**
 * GET /api/tickets -> Ticket[] newest first (SPEC.md 7). Refetched whenever the screen mounts
 * (cached data shows meanwhile), since tickets change under the technician's feet; the global
 * defaults (no retry, no focus refetch, no polling) still apply. The offline layer (Dexie, DESIGN.md 5)
 * will replace this body without changing the signature.
 */
export function useTickets() {
  return useQuery<Ticket[]>({ queryKey: TICKETS_KEY, refetchOnMount: 'always' });
}
