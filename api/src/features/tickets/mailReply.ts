/**
 * A customer's e-mail reply on an existing ticket (docs/inbound-mail.md "Replies"): one work-history
 * row, written by the inbound mail feature through the port. Until the work history has its own
 * customer-reply type, the row is an internal 'comment' (reply false, author null = the customer)
 * whose text starts with "Customer reply by e-mail:"; the SLA clocks resume when they were waiting
 * on the customer. Runs in the caller's transaction.
 */
import type { Database } from '../../db/client';
import { insertTicketUpdates } from './historyRepository';
import { findTicketByRef, lockTicketForWrite } from './repository';
import { clearWaitingOnCustomer } from './service';

/** The ticket a reply landed on: its id, number and assignee (null = unassigned). */
export interface MailReplyTarget {
  id: string;
  ticketNumber: string;
  assignedTo: string | null;
  clientName: string;
  issue: string;
}

/** Finds a ticket by id or number ("TKT-000123"); undefined when none. */
export async function findTicketForMail(db: Database, ref: { id?: string; ticketNumber?: string }): Promise<MailReplyTarget | undefined> {
  const row = await findTicketByRef(db, ref);
  return row ? { id: row.id, ticketNumber: row.ticketNumber, assignedTo: row.assignedTo, clientName: row.clientName, issue: row.issue } : undefined;
}

/** Adds the reply row (`text` as received, plain text) to ticket `ticketId`; undefined when the ticket is gone. */
export async function addCustomerMailReply(tx: Database, ticketId: string, text: string, now: Date): Promise<MailReplyTarget | undefined> {
  const row = await lockTicketForWrite(tx, ticketId);
  if (!row) return undefined;
  await insertTicketUpdates(tx, [
    { ticketId, updatedBy: null, updateType: 'comment', previousValue: null, newValue: null, comment: `Customer reply by e-mail:\n${text}`, reply: false, ticketVersion: row.version, createdAt: now },
  ]);
  await clearWaitingOnCustomer(tx, ticketId, now);
  return { id: row.id, ticketNumber: row.ticketNumber, assignedTo: row.assignedTo, clientName: row.clientName, issue: row.issue };
}
