/**
 * The checklists feature's port (docs/recurring-tickets.md; api/README.md "Features and ports"):
 * - `checklistsOf(db, ticketIds)`: Map<ticketId, ChecklistItem[]> in order (tickets feature: single
 *   reads and the delta feed carry `checklist`); tickets without items are absent.
 * - `checklistCountsOf(db, ticketIds)`: Map<ticketId, { done, total }> (the scheduler's kanban cards: "3/7").
 * - `checklistCountJsonSql(ticketIdSql)`: the same count as SQL JSON (the staff list page's `checklistProgress`).
 * - `addChecklistItems(tx, ticketId, items, now)`: items appended to a ticket created in the
 *   caller's transaction (recurring tickets: the schedule's template), no history row.
 * - `templateItemsOf(db, templateId)`: a template's items, or null when there is no such template.
 * - `ChecklistTicketPort`: what checklists needs of tickets, given by the composition root.
 */
export { checklistsOf, checklistCountsOf, checklistCountJsonSql, addChecklistItems } from './repository';
export { templateItemsOf } from './templates';
export type { ChecklistTicketPort } from './service';
