/**
 * Ticket writes of the status link (docs/status-links.md): the customer's reply, staff opening a
 * replied ticket, and the staff contact change that rotates the link. Each runs in the caller's
 * transaction, takes the sync lock and the ticket's row lock (repository `lockTicketForWrite`) and
 * moves the ticket forward in the delta feed (version + 1), so technicians' phones see it.
 */
import { eq } from 'drizzle-orm';
import { MSG, STATUS_TEXT, type TicketContactChange, type TicketStatus } from '@portal/shared';
import type { Database } from '../../db/client';
import { supportTickets } from '../../db/schema';
import { nextSyncSeq } from '../../db/sync';
import { conflict, notFound } from '../../http/errors';
import { lockTicketForWrite, type TicketRow, type TicketUpdateRow } from './repository';
import { insertTicketUpdates } from './historyRepository';
import { adjustTicketCounts } from './staffListRepository';
import { newStatusLink, storeStatusLink, type StatusLinkDeps } from './statusLinks';
import { clearWaitingOnCustomer } from './service';
import { event, type DomainEvent, type EventBus } from '../../events';
import { presentTicket } from './presenter';
import type { CustomerReplyPayload } from './replyAlerts';

/** Sets `set`, version + 1, updatedAt and a new sync_seq on a locked ticket. */
async function bumpTicket(tx: Database, current: TicketRow, set: Partial<TicketRow>, now: Date): Promise<TicketRow> {
  const [row] = await tx
    .update(supportTickets)
    .set({ ...set, version: current.version + 1, updatedAt: now, syncSeq: nextSyncSeq() })
    .where(eq(supportTickets.id, current.id))
    .returning();
  return row!;
}

/**
 * A reply the customer sent from the status link: a work-history entry of type `customer_reply`
 * (author null: the customer), the ticket marked `customerRepliedAt` (card 'Customer replied'),
 * a Resolved ticket reopened (status_change resolved -> open, tab counts moved), and a ticket
 * waiting on the customer no longer waiting: its SLA clocks resume (docs/sla.md). Emits
 * `ticket.customer_replied` (and `ticket.status_changed` when it reopened the ticket) in `tx`: the
 * tickets feature's subscriber alerts the assignee (or, unassigned, the new-ticket recipients);
 * `via` says where the reply came from ('status' page, default, or 'email').
 * @throws 404 MSG.ticketNotFound; 409 STATUS_TEXT.closedSubmitNew for a Closed ticket (nothing written).
 */
export async function addCustomerReply(
  tx: Database,
  events: EventBus,
  ticketId: string,
  comment: string,
  now: Date,
  via: CustomerReplyPayload['via'] = 'status',
): Promise<{ ticket: TicketRow; before: TicketRow; entries: TicketUpdateRow[] }> {
  const current = await lockTicketForWrite(tx, ticketId);
  if (!current) throw notFound(MSG.ticketNotFound);
  if (current.status === 'closed') throw conflict(STATUS_TEXT.closedSubmitNew);
  if (await clearWaitingOnCustomer(tx, ticketId, now)) return addCustomerReply(tx, events, ticketId, comment, now, via);
  const reopen = current.status === 'resolved';
  const status: TicketStatus = reopen ? 'open' : current.status;
  const ticket = await bumpTicket(tx, current, { status, customerRepliedAt: now }, now);
  if (reopen) {
    await adjustTicketCounts(tx, [
      { assignee: current.assignedTo, status: current.status, delta: -1 },
      { assignee: current.assignedTo, status, delta: 1 },
    ]);
  }
  const base = { ticketId, updatedBy: null, ticketVersion: ticket.version, createdAt: now };
  const entries = await insertTicketUpdates(tx, [
    { ...base, updateType: 'customer_reply', previousValue: null, newValue: null, comment },
    ...(reopen ? [{ ...base, updateType: 'status_change' as const, previousValue: current.status, newValue: status, comment: null }] : []),
  ]);
  const presented = presentTicket(ticket);
  const emitted: DomainEvent[] = [event('ticket.customer_replied', { ticket: presented, entryId: entries[0]!.id, text: comment, via, reopened: reopen }, now)];
  if (reopen) emitted.push(event('ticket.status_changed', { ticket: presented, from: current.status, to: status }, now));
  await events.emit(tx, emitted);
  return { ticket, before: current, entries };
}

/**
 * Staff opened a ticket the customer replied to: clears `customerRepliedAt` (the card stops saying
 * 'Customer replied' on every device). No work-history row; nothing happens when it is already clear.
 * @throws 404 MSG.ticketNotFound.
 */
export async function markCustomerReplySeen(tx: Database, ticketId: string, now: Date): Promise<TicketRow> {
  const current = await lockTicketForWrite(tx, ticketId);
  if (!current) throw notFound(MSG.ticketNotFound);
  if (!current.customerRepliedAt) return current;
  return bumpTicket(tx, current, { customerRepliedAt: null }, now);
}

/**
 * Staff change the customer's e-mail and/or phone. A real change rotates the status link: the old
 * link stops working at once (whoever had the old contact's messages can no longer follow the
 * ticket) and a new one is stored for the next message. Values equal to the stored ones change
 * nothing and keep the link.
 * @throws 404 MSG.ticketNotFound.
 */
export async function changeTicketContact(
  tx: Database,
  ticketId: string,
  change: TicketContactChange,
  links: StatusLinkDeps,
  now: Date,
): Promise<{ ticket: TicketRow; rotated: boolean }> {
  const current = await lockTicketForWrite(tx, ticketId);
  if (!current) throw notFound(MSG.ticketNotFound);
  const set: Partial<TicketRow> = {};
  if (change.customerEmail !== undefined && change.customerEmail !== current.customerEmail) set.customerEmail = change.customerEmail;
  if (change.customerPhone !== undefined && change.customerPhone !== current.customerPhone) set.customerPhone = change.customerPhone;
  if (Object.keys(set).length === 0) return { ticket: current, rotated: false };
  const ticket = await bumpTicket(tx, current, set, now);
  await storeStatusLink(tx, ticketId, newStatusLink(links, now), now);
  return { ticket, rotated: true };
}
