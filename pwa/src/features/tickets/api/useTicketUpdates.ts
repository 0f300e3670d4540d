import type { TicketUpdateEntry } from '@portal/shared';
import { useCachedWorkHistory } from '../../../offline/hooks';

/**
 * A ticket's work history, newest first (SPEC.md 2), from IndexedDB (delta pulls of
 * GET /api/ticket-updates?since=CURSOR plus the rows returned by each synced update), so it
 * renders offline. `undefined` while reading.
 */
export function useTicketUpdates(ticketId: string | null): TicketUpdateEntry[] | undefined {
  return useCachedWorkHistory(ticketId);
}
