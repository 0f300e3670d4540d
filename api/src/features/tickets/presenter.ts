/**
 * Tickets presenter (DESIGN.md 4 "one presenter per entity"): the ONE place where a database row
 * becomes the shared API shape. Routes, the PATCH answer, delta pages and the notification jobs'
 * ticket snapshot all go through it. Times become ISO 8601 strings; `sync_seq` and
 * `ticket_version` stay internal.
 */
import type { Ticket, TicketUpdateEntry } from '@portal/shared';
import type { TicketRow, TicketUpdateRow } from './repository';

/** Row -> `Ticket` (SPEC.md 3 support_tickets). */
export function presentTicket(r: TicketRow): Ticket {
  return {
    id: r.id,
    ticketNumber: r.ticketNumber,
    clientName: r.clientName,
    businessName: r.businessName,
    customerEmail: r.customerEmail,
    customerPhone: r.customerPhone,
    severity: r.severity,
    contactMethod: r.contactMethod,
    issue: r.issue,
    status: r.status,
    assignedTo: r.assignedTo,
    resolution: r.resolution,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    firstResponseDueAt: r.firstResponseDueAt?.toISOString() ?? null,
    resolutionDueAt: r.resolutionDueAt?.toISOString() ?? null,
    firstResponseAt: r.firstResponseAt?.toISOString() ?? null,
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    waitingOnCustomer: r.waitingOnCustomer,
    customerRepliedAt: r.customerRepliedAt ? r.customerRepliedAt.toISOString() : null,
    clientId: r.clientId,
    siteId: r.siteId,
    contactId: r.contactId,
    // docs/merge.md: where a merged ticket went; a possible duplicate only while this ticket is still active.
    mergedInto: r.mergedInto && r.mergedIntoNumber ? { id: r.mergedInto, ticketNumber: r.mergedIntoNumber } : null,
    possibleDuplicateOf:
      r.possibleDuplicateOf && r.possibleDuplicateNumber && r.status !== 'closed' && !r.mergedInto ? { id: r.possibleDuplicateOf, ticketNumber: r.possibleDuplicateNumber } : null,
    // The public form's "Which device?" (docs/assets.md): staff reads only (the status page has its own presenter).
    device: r.device ?? null,
  };
}

/** Work-history row with its author's username -> `TicketUpdateEntry` (SPEC.md 3 ticket_updates); `mailOriginal` when the row has one (the ticket_history view, other features' read, has none). */
export function presentTicketUpdate(r: Omit<TicketUpdateRow, 'mailOriginal'> & { mailOriginal?: string | null; updatedByName: string | null }): TicketUpdateEntry {
  return {
    id: r.id,
    ticketId: r.ticketId,
    updatedBy: r.updatedBy,
    updatedByName: r.updatedByName,
    updateType: r.updateType,
    previousValue: r.previousValue,
    newValue: r.newValue,
    comment: r.comment,
    reply: r.reply,
    createdAt: r.createdAt.toISOString(),
    ...(r.macroId && r.macroName ? { macro: { id: r.macroId, name: r.macroName } } : {}),
    ...(r.mailOriginal ? { mailOriginal: r.mailOriginal } : {}),
  };
}
