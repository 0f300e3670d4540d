/**
 * The public status view (docs/status-links.md): a ticket as its customer may see it. Minimal
 * personal data: number, status, severity, the technician's first name, the customer-visible
 * timeline and the support phone; no e-mail, phone, name or issue text.
 */
import type { AttachmentInfo, StatusEvent, TicketStatus, TicketStatusView } from '@portal/shared';
import type { TicketRow } from '../tickets/port';
import type { VisibleUpdate } from './repository';

/**
 * A technician's first name from their username: the first run of letters, capitalised
 * ("maria.lopez" -> "Maria"); null when there is none. Never the full username.
 */
export function firstNameOf(username: string | null): string | null {
  const word = username?.match(/\p{L}+/u)?.[0];
  return word ? word.charAt(0).toUpperCase() + word.slice(1).toLowerCase() : null;
}

/** A visible work-history row -> a timeline event. */
function eventOf(u: VisibleUpdate): StatusEvent {
  const at = u.createdAt.toISOString();
  switch (u.updateType) {
    case 'created':
      return { id: u.id, kind: 'created', at, status: null, text: null };
    case 'status_change':
      return { id: u.id, kind: 'status', at, status: u.newValue as TicketStatus, text: null };
    case 'customer_reply':
      return { id: u.id, kind: 'customer_reply', at, status: null, text: u.comment };
    default:
      return { id: u.id, kind: 'staff_reply', at, status: null, text: u.comment };
  }
}

/** An event with the files the customer may see on it (none: no `attachments` key). */
function withFiles(e: StatusEvent, files: Map<string, AttachmentInfo[]>): StatusEvent {
  const list = files.get(e.id);
  return list?.length ? { ...e, attachments: list } : e;
}

/**
 * Ticket + visible history + technician username (the assignee, else who resolved it) + the open
 * survey link (+ the customer-visible files by work-history entry id) -> TicketStatusView.
 */
export function presentStatusView(
  ticket: TicketRow,
  history: VisibleUpdate[],
  technician: string | null,
  supportPhone: string,
  files: Map<string, AttachmentInfo[]> = new Map(),
  survey: TicketStatusView['survey'] = null,
): TicketStatusView {
  return {
    resolution: ticket.resolution?.trim() ? ticket.resolution : null,
    survey,
    ticketNumber: ticket.ticketNumber,
    status: ticket.status,
    severity: ticket.severity,
    technicianFirstName: firstNameOf(technician),
    supportPhone,
    createdAt: ticket.createdAt.toISOString(),
    timeline: history.map((u) => withFiles(eventOf(u), files)),
    canReply: ticket.status !== 'closed',
  };
}
