import { useDisplayedTickets } from '../../../offline/hooks';
import type { DisplayTicket } from '../../../offline/ticketOutbox';

/**
 * The ticket list as the technician sees it (SPEC.md 2, DESIGN.md 5): read from IndexedDB, so it
 * renders offline, with every update still waiting to sync applied and counted in `sync`
 * (pending / conflict / failed marks). Newest first. `undefined` while reading. The sync engine
 * (offline/engine.ts) keeps the cache fresh with delta pulls of GET /api/tickets?since=CURSOR.
 */
export function useTickets(): DisplayTicket[] | undefined {
  return useDisplayedTickets();
}
