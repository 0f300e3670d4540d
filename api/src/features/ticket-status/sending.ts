/**
 * Sending a ticket's status link to the contact on file (docs/status-links.md): after a lookup
 * that matched, and when staff resend it. Messages go only to the stored e-mail (and, for tickets
 * whose contact method is text, the stored phone), never to what a visitor typed. The jobs
 * (notifications.ts) hold the link's nonce; the token is derived when the message is rendered.
 */
import { enqueueJobs, prepareJob, type PreparedJob } from '../../notify';
import type { Database } from '../../db/client';
import type { Limiter } from '../../http/rate-limit';
import type { TicketRow } from '../tickets/port';
import { statusLinkEmail, statusLinkSms } from './notifications';

/** One link message: the ticket (its stored contact) and the nonce of its live link. */
export interface StatusLinkMessage {
  ticket: TicketRow;
  nonce: string;
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

/** Stands in for a ticket when there is nothing to send (the jobs are built and never written). */
const STAND_IN = { id: '00000000-0000-0000-0000-000000000000', ticketNumber: 'TKT-000000', clientName: '', customerEmail: '', customerPhone: '', contactMethod: 'email' as const };

/** The link jobs of `ticket`: e-mail to its stored address, plus SMS to its phone when it prefers text. */
export function statusLinkJobs(ticket: Pick<TicketRow, 'id' | 'ticketNumber' | 'clientName' | 'customerEmail' | 'customerPhone' | 'contactMethod'>, nonce: string): PreparedJob[] {
  const payload = { ticketId: ticket.id, ticketNumber: ticket.ticketNumber, clientName: ticket.clientName, statusNonce: nonce };
  const jobs = [prepareJob(statusLinkEmail, { to: ticket.customerEmail, payload })];
  if (ticket.contactMethod === 'text' && ticket.customerPhone.trim()) jobs.push(prepareJob(statusLinkSms, { to: ticket.customerPhone, payload }));
  return jobs;
}

/**
 * Queues the link message in `tx`. `message` null: nothing to send, yet the same work is done (the
 * jobs of a stand-in ticket are built and the same one statement runs, writing no row), so a lookup
 * takes the same path whether or not it matched.
 */
export async function queueStatusLinkMessage(tx: Database, message: StatusLinkMessage | null, now: Date): Promise<void> {
  const jobs = message ? statusLinkJobs(message.ticket, message.nonce) : statusLinkJobs(STAND_IN, 'AAAAAAAAAAAAAAAAAAAAAA');
  await enqueueJobs(tx, jobs, now, { write: message !== null });
}
