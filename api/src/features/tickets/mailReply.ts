/**
 * A customer's e-mail reply on an existing ticket (docs/inbound-mail.md "Replies"), written by the
 * inbound mail feature through the port: the same `customer_reply` entry as a reply from the status
 * link (customerReply.ts: 'Customer replied' on the card, a Resolved ticket reopened, the SLA clocks
 * resumed, the assignee alerted). A Closed ticket takes no reply: the mail becomes a new ticket instead. Runs in the
 * caller's transaction.
 */
import type { Database } from '../../db/client';
import type { EventBus } from '../../events';
import { addCustomerReply } from './customerReply';
import { findTicketByRef, lockTicketForWrite } from './repository';
import { setMailReplyFields } from './historyRepository';
import { mergeTargetOf } from './mergeRepository';

/** The ticket a reply landed on: its id, number and assignee (null = unassigned). */
export interface MailReplyTarget {
  id: string;
  ticketNumber: string;
  assignedTo: string | null;
  clientName: string;
  issue: string;
  /** The ticket's customer e-mail as stored (inbound threads a subject's number only for mail from it). */
  customerEmail: string;
}

/** Finds a ticket by id or number ("TKT-000123"); undefined when none. */
export async function findTicketForMail(db: Database, ref: { id?: string; ticketNumber?: string }): Promise<MailReplyTarget | undefined> {
  const found = await findTicketByRef(db, ref);
  // A merged ticket's mail goes to the ticket it was merged into (docs/merge.md).
  const row = found?.mergedInto ? ((await findTicketByRef(db, { id: await mergeTargetOf(db, found.id) })) ?? found) : found;
  return row ? { id: row.id, ticketNumber: row.ticketNumber, assignedTo: row.assignedTo, clientName: row.clientName, issue: row.issue, customerEmail: row.customerEmail } : undefined;
}

/**
 * Adds the customer's reply (`text` as received, plain text) to ticket `ticketId`; undefined when the
 * ticket is gone or Closed (the caller makes a new ticket). `entryId`: the reply's work-history entry
 * (the mail's files are recorded on it). `threadedBy` (which inbound rule put the mail on this ticket,
 * e.g. 'reply token') is stored as the entry's `newValue`, so the work history shows it to staff.
 * A reply to a merged ticket lands on the ticket it was merged into (docs/merge.md).
 * `original`: the mail's text as received when `text` is only its new part (quoted history and
 * signature trimmed, docs/inbound-mail.md "Clean threads"); kept unchanged as `mailOriginal`.
 */
export async function addCustomerMailReply(
  tx: Database,
  events: EventBus,
  ticketId: string,
  text: string,
  now: Date,
  threadedBy?: string,
  original?: string,
): Promise<(MailReplyTarget & { entryId: string }) | undefined> {
  // A reply threaded onto a merged ticket lands on the ticket it was merged into (docs/merge.md).
  const row = await lockTicketForWrite(tx, await mergeTargetOf(tx, ticketId));
  if (!row || row.status === 'closed') return undefined;
  const { entries } = await addCustomerReply(tx, events, row.id, text, now, 'email');
  const entryId = entries[0]!.id;
  await setMailReplyFields(tx, entryId, { ...(threadedBy ? { newValue: threadedBy } : {}), ...(original ? { mailOriginal: original } : {}) });
  return { id: row.id, ticketNumber: row.ticketNumber, assignedTo: row.assignedTo, clientName: row.clientName, issue: row.issue, customerEmail: row.customerEmail, entryId };
}
