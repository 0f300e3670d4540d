/**
 * Sending a ticket's status link to the contact on file (docs/status-links.md): after a lookup
 * that matched, and when staff resend it. Messages go only to the stored e-mail (and, for tickets
 * whose contact method is text, the stored phone), never to what a visitor typed.
 *
 * The notification engine's feature kinds (DESIGN.md 6: `defineJobKind`/`enqueue` in the caller's
 * transaction) are not on this branch yet, so {@link queueStatusLinkMessage} does not queue a job
 * yet; it is the one place that will, and every caller already passes what the job needs.
 */
import type { Database } from '../../db/client';
import type { Limiter } from '../../http/rate-limit';
import type { Services } from '../../services';
import type { TicketRow } from '../tickets/port';

/** One link message: the ticket (its stored contact) and the token to put in `PUBLIC_URL/status/<token>`. */
export interface StatusLinkMessage {
  ticket: TicketRow;
  token: string;
}

/**
 * Takes one point of `limiter` for `key`; false instead of a 429 when the window is used up (a
 * lookup answers the same either way; the message is just not sent again).
 */
export async function trySpend(limiter: Limiter, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * Queues the link message in `tx` (null: nothing to send, the same call is made so a lookup does
 * the same work whether or not it matched).
 */
export async function queueStatusLinkMessage(tx: Database, message: StatusLinkMessage | null, s: Pick<Services, 'config'>, now: Date): Promise<void> {
  void tx;
  void message;
  void s;
  void now;
}
