/**
 * The ticket a staff member typed in "Merge into…" (docs/merge.md "PWA"): `TKT-000123`, `tkt-123`
 * or `123`, looked up in the phone's copy (as displayed, with unsent edits), else online with
 * `GET /api/tickets/:ref`. Null when there is no such ticket; `offline` when it is not on the device
 * and the network is needed.
 */
import { formatTicketNumber, type Ticket } from '@portal/shared';
import { apiRequest, isApiError } from '../../../lib/api';
import type { OfflineDb } from '../../../offline';
import { readDisplayedTicket } from '../offline';

/** `TKT-000123` for 'TKT-000123', 'tkt-123', '#123' or '123'; null for anything else. */
export function ticketNumberOf(typed: string): string | null {
  const m = /^\s*(?:TKT-?|#)?0*(\d{1,9})\s*$/i.exec(typed);
  const n = m ? Number(m[1]) : 0;
  return n > 0 ? formatTicketNumber(n) : null;
}

/** The ticket of that number (see module doc). */
export async function findTicketByNumber(db: OfflineDb, number: string, online: boolean): Promise<Ticket | null | 'offline'> {
  const cached = await db.tickets.where('ticketNumber').equals(number).first();
  if (cached) return readDisplayedTicket(db, cached.id);
  if (!online) return 'offline';
  try {
    return await apiRequest<Ticket>('GET', `/api/tickets/${encodeURIComponent(number)}`);
  } catch (err) {
    if (isApiError(err, 404)) return null;
    throw err;
  }
}
