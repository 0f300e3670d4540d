/**
 * The tags feature's port (docs/tags.md; api/README.md "Features and ports"):
 * - `tagsOfTickets(db, ticketIds)`: Map<ticketId, names sorted> (tickets feature: single reads, the delta feed, PATCH answers).
 * - `tagsJsonSql(ticketIdSql)`: the same names as SQL JSON (the staff list page's `tags`).
 * - `ticketTaggedSql(ticketIdSql, name)`: SQL condition, the ticket has that tag (the staff list's `?tag=`).
 * - `ticketTagRowsSql(ticketIdSql)`: SQL subquery of the ticket's tag rows `(name)` (time report by tag).
 * - `tagLinksSql()`: SQL subquery of every ticket-tag link `(ticket_id, name)` (the KPI dashboard's `byTag`).
 * - `applyTicketTags(tx, ticketId, { add, remove }, actor, now)`: a PATCH's tag operations (set semantics).
 * - `TagTicketPort`: what tags needs of tickets, given by the composition root.
 */
export { tagsOfTickets, tagsJsonSql, ticketTaggedSql, ticketTagRowsSql, tagLinksSql } from './repository';
export { applyTicketTags, type TagTicketPort } from './service';
