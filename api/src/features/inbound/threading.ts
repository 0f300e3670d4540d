/**
 * Which ticket an inbound message answers (docs/inbound-mail.md "Reply or new ticket"), and by
 * which rule, in this order:
 * 1. `reply token`: our token `<ticket-<id>@portal>` in In-Reply-To/References (every customer
 *    e-mail about a ticket carries it; mail clients copy References into the answer);
 * 2. `message reference`: In-Reply-To/References name a message we imported onto a ticket;
 * 3. `subject number from the ticket's contact`: a number `TKT-000123` in the subject, ONLY when the
 *    sender is the ticket's stored customer e-mail or the e-mail of a contact of the ticket's client
 *    (clients port `clientCardForTicket`; issue 55: anyone could reply on any ticket by writing its number).
 * Otherwise a subject naming a ticket makes a NEW ticket that mentions the number (`mentioned`), so
 * staff can link the two by hand.
 */
import type { Database } from '../../db/client';
import { clientCardForTicket } from '../clients/port';
import { findTicketForMail, type MailReplyTarget } from '../tickets/port';
import { ticketNumberIn, type InboundMail } from './parse';
import { ticketOfMessages } from './repository';

/** The rules, as stored in inbound_messages.thread_rule and shown in the reply's work-history entry. */
export const THREAD_RULES = {
  token: 'reply token',
  reference: 'message reference',
  subject: "subject number from the ticket's contact",
  stranger: 'new ticket: subject names a ticket of another contact',
} as const;

export type ThreadRule = (typeof THREAD_RULES)[keyof typeof THREAD_RULES];

/** A reply target and its rule; or a new ticket that names `mentioned` (another contact's ticket); or null (plain new ticket). */
export type Thread = { ticketId: string; rule: ThreadRule } | { mentioned: string; rule: ThreadRule } | null;

/** The ticket id of a reply token `<ticket-<uuid>@portal>` (tickets' replyHeaders), else null. */
function replyToken(ref: string): string | null {
  return /^<ticket-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@[^>]+>$/i.exec(ref)?.[1]?.toLowerCase() ?? null;
}

/**
 * Whether `sender` may thread a mail onto `ticket` by the number in its subject: the ticket's own
 * contact e-mail, or a contact of the ticket's client (case-insensitive).
 */
export async function senderMayUseNumber(db: Database, ticket: MailReplyTarget, sender: string): Promise<boolean> {
  const who = sender.toLowerCase();
  if (ticket.customerEmail.trim().toLowerCase() === who) return true;
  const client = await clientCardForTicket(db, ticket.id);
  return Boolean(client?.contacts.some((c) => c.email?.trim().toLowerCase() === who));
}

/** See the module doc. */
export async function threadOf(db: Database, mail: InboundMail): Promise<Thread> {
  const token = mail.references.map(replyToken).find((id) => id !== null);
  if (token && (await findTicketForMail(db, { id: token }))) return { ticketId: token, rule: THREAD_RULES.token };
  const byRef = await ticketOfMessages(db, mail.references);
  if (byRef) return { ticketId: byRef, rule: THREAD_RULES.reference };
  const number = ticketNumberIn(mail.subject);
  if (!number) return null;
  const ticket = await findTicketForMail(db, { ticketNumber: number });
  if (!ticket) return null;
  if (await senderMayUseNumber(db, ticket, mail.fromAddress)) return { ticketId: ticket.id, rule: THREAD_RULES.subject };
  return { mentioned: ticket.ticketNumber, rule: THREAD_RULES.stranger };
}

/** The line a new ticket's issue starts with when its subject named another contact's ticket. */
export const mentionNote = (ticketNumber: string) =>
  `[This e-mail names ${ticketNumber}, but its sender is not that ticket's contact, so it was made a new ticket.]\n\n`;
