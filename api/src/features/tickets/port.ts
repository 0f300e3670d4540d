/**
 * The tickets feature's port (api/README.md "Features and ports"): the only functions other
 * features may import from here. Each runs inside the caller's transaction.
 *
 * - `unassignTicketsOf(tx, userId, username, actorId, now)`: before a user is deleted, unassigns
 *   their tickets with one assignment history row each (users feature, DELETE /api/users/:id).
 * - `rebuildTicketCounts(db)`: recounts the status-tab counts from the tickets (startup-data.ts, after listening).
 * - `clearWaitingOnCustomer(tx, ticketId, now)`: a customer answered (customer replies through
 *   status links): the SLA clocks resume; true when the ticket was waiting.
 * - `backfillSlaDueTimes(db)`: due times for tickets that have none (startup-data.ts, after listening).
 * - `backfillTicketSearch(db, opts)`: search rows of tickets older than migration 0025 (startup-data.ts).
 * - `startTicketSearchQueue(db, logger)`: the poller of search rows queued by renames and bulk link
 *   changes, and of the rows older than migration 0050 (main.ts).
 * - `presentTicketUpdate(row)`: work-history row with `updatedByName` -> `TicketUpdateEntry`
 *   (scheduler feature, technician detail), so the entity keeps one presenter.
 * - `createTickets(tx, submissions)`: open tickets with their confirmation jobs (inbound mail).
 * - `findTicketForMail(db, ref)`, `addCustomerMailReply(tx, ticketId, text, now)`: a customer's
 *   e-mail reply becomes a work-history row on its ticket (inbound mail, tickets/mailReply.ts).
 * - Read views (migration 0026, db/schema/readViews.ts): `ticket_facts` (tickets), `ticket_history`
 *   (the work history) and `ticket_day_facts` (per-day counts) are what other features' SQL reads
 *   (scheduler, SLA, surveys, ticket-status, attachments, clients), never support_tickets /
 *   ticket_updates / ticket_day_stats (architecture.test.ts).
 */
export { backfillSlaDueTimes, clearWaitingOnCustomer, rebuildTicketCounts, unassignTicketsOf } from './service';
export { createTickets } from './create';
export { backfillTicketSearch } from './searchIndex';
export { startTicketSearchQueue } from './searchQueue';
export { addCustomerMailReply, findTicketForMail, type MailReplyTarget } from './mailReply';
export { presentTicketUpdate } from './presenter';

/**
 * Status links (docs/status-links.md; the ticket-status feature's public page, replies, lookup and
 * staff resend/revoke): making, storing, finding and revoking a ticket's link, the customer's reply
 * and staff opening a replied ticket (`statusUrlOf`: the link of a stored nonce, for messages rendered
 * at send time). Each runs in the caller's transaction (or on the db for reads).
 */
export {
  findTicketByStatusToken,
  linkForContact,
  liveStatusLink,
  newStatusLink,
  revokeStatusLink,
  statusToken,
  statusUrlOf,
  storeStatusLink,
  type StatusLinkDeps,
  type StoredStatusLink,
} from './statusLinks';
export { addCustomerReply, markCustomerReplySeen } from './customerReply';
export { presentTicket } from './presenter';
export { findTicketByRef, type TicketRow, type TicketUpdateRow } from './repository';
/**
 * `linkNewTickets(tx, links)`: the client and contact of tickets created in the caller's transaction
 * (the clients feature's `ticket.created` matcher, wired in event-subscribers.ts).
 */
export { linkNewTickets, type NewTicketClient } from './newTicketClients';
/**
 * `recordReactionHistory(tx, { ticketId, version, actor, at, rows })`: work-history rows another
 * feature's subscriber adds to a ticket change, at the change's version (the assets feature's
 * `asset_unlink` when a ticket moves to another client; wired in event-subscribers.ts).
 */
export { recordReactionHistory, type ReactionHistory } from './reactionHistory';
/** `ticketClientLinks`: the tickets' side of `npm run clients:link` (wired in scripts/clients-link.ts). */
export { ticketClientLinks } from './clientLinkRows';
/** The open tickets of a client by business name or e-mail domain (vault feature: a vault entry's open tickets). */
export { openTicketsOfClient } from './clientTickets';
/**
 * What the checklists feature needs of tickets (checklistHistory.ts), wired by app.ts: the ticket
 * locked for a checklist change, and each change as a 'checklist' work-history row.
 */
export { lockTicketForChecklist, recordChecklistChanges } from './checklistHistory';
/**
 * `patchTicket(tx, ticketId, patch, actor, now, events, attachments?)`: a ticket update written by
 * another feature's write in its transaction, with the same merge rule, history, events and
 * attachment limits as PATCH /api/tickets/:id (visits feature: a close-out's note, photos,
 * signature and "Resolve the ticket", docs/visits.md).
 */
export { patchTicket } from './service';
/** `ticketsLostAsset(tx, { ticketIds, label, actorId, now })`: a deleted asset's tickets move in the feed with an `asset_unlink` row (assets feature, wired by app.ts). */
export { ticketsLostAsset } from './assetLinks';
/** What the tags feature needs of tickets (tagHistory.ts), wired by app.ts: tickets whose tags an admin's tag edit changed. */
export { recordTagChanges } from './tagHistory';

/**
 * The group commit's new rows and number slot (repository.ts), for `ticket.created` subscribers of
 * features this one imports (a cycle otherwise), handed over in api/src/event-subscribers.ts.
 */
export { NEW_TICKET_ROWS, TICKET_NUMBER_SLOT } from './repository';
