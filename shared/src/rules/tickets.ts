import { UNASSIGNED } from '../constants';
import type { Severity, TicketStatus } from '../constants';
import type { Ticket, TicketPatch } from '../schemas/tickets';

/** Digits in a ticket number: `TKT-000123` (DESIGN.md 4). */
const TICKET_NUMBER_DIGITS = 6;

/**
 * Formats the n-th ticket number from `ticket_sequence.lastNumber` (DESIGN.md 4).
 * @param n positive integer; numbers beyond 999999 simply grow wider.
 * @throws RangeError when n is not a positive integer.
 */
export function formatTicketNumber(n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`ticket sequence must be a positive integer, got ${n}`);
  return `TKT-${String(n).padStart(TICKET_NUMBER_DIGITS, '0')}`;
}

/**
 * Values of the "Update Ticket" panel (SPEC.md 2): assignee is a user id or `UNASSIGNED`; `reply`
 * true sends the comment to the customer, false or absent keeps it an internal note.
 */
export interface TicketEditValues {
  status: TicketStatus;
  /** Absent: severity is not edited (e.g. a kanban move). */
  severity?: Severity;
  assignedTo: string;
  resolution: string;
  comment: string;
  reply?: boolean;
  /** The "Waiting on customer" switch (pauses the SLA clocks); absent = unchanged. */
  waitingOnCustomer?: boolean;
}

/** The panel's initial values for a ticket. */
export function ticketEditDefaults(ticket: Pick<Ticket, 'status' | 'severity' | 'assignedTo' | 'resolution'> & Partial<Pick<Ticket, 'waitingOnCustomer'>>): TicketEditValues {
  return {
    status: ticket.status,
    severity: ticket.severity,
    assignedTo: ticket.assignedTo ?? UNASSIGNED,
    resolution: ticket.resolution ?? '',
    comment: '',
    reply: false,
    waitingOnCustomer: ticket.waitingOnCustomer ?? false,
  };
}

/**
 * Builds the PATCH body from the panel's values (SPEC.md 4): status and severity only if changed; assignee only if
 * changed (`UNASSIGNED` -> null); resolution only if changed and non-empty; comment trimmed and only
 * if non-empty, with `reply: true` when it is a reply to the customer (a note sends no `reply`).
 * Returns null when nothing changed ("No Changes"). `baseVersion` is always the version the edit
 * was made against.
 */
export function buildTicketPatch(
  ticket: Pick<Ticket, 'status' | 'severity' | 'assignedTo' | 'resolution' | 'version'> & Partial<Pick<Ticket, 'waitingOnCustomer'>>,
  values: TicketEditValues,
): TicketPatch | null {
  const patch: TicketPatch = {};
  if (values.waitingOnCustomer !== undefined && values.waitingOnCustomer !== (ticket.waitingOnCustomer ?? false)) patch.waitingOnCustomer = values.waitingOnCustomer;
  if (values.status !== ticket.status) patch.status = values.status;
  if (values.severity !== undefined && values.severity !== ticket.severity) patch.severity = values.severity;
  const assignee = values.assignedTo === UNASSIGNED || values.assignedTo === '' ? null : values.assignedTo;
  if (assignee !== (ticket.assignedTo ?? null)) patch.assignedTo = assignee;
  const resolution = values.resolution.trim();
  if (resolution !== '' && resolution !== (ticket.resolution ?? '')) patch.resolution = resolution;
  const comment = values.comment.trim();
  if (comment !== '') {
    patch.comment = comment;
    if (values.reply) patch.reply = true;
  }
  if (Object.keys(patch).length === 0) return null;
  return { ...patch, baseVersion: ticket.version };
}

/** Badge colour of a status (SPEC.md 2): open destructive, closed secondary, others default. */
export function statusBadgeTone(status: TicketStatus): 'destructive' | 'secondary' | 'default' {
  if (status === 'open') return 'destructive';
  if (status === 'closed') return 'secondary';
  return 'default';
}

/** Badge colour of a severity (SPEC.md 2): urgent destructive, low secondary, high/medium default. */
export function severityBadgeTone(severity: Ticket['severity']): 'destructive' | 'secondary' | 'default' {
  if (severity === 'urgent') return 'destructive';
  if (severity === 'low') return 'secondary';
  return 'default';
}

/**
 * The ticket as a notification job keeps it (DESIGN.md 6: a job stores facts, rendered at send
 * time): the Ticket shape without assignee and sync fields; ISO times.
 */
export type TicketSnapshot = Pick<
  Ticket,
  'id' | 'ticketNumber' | 'clientName' | 'businessName' | 'customerEmail' | 'customerPhone' | 'severity' | 'contactMethod' | 'issue' | 'status' | 'resolution' | 'createdAt'
>;

/** Picks the {@link TicketSnapshot} of a presented ticket (tickets' and surveys' alerts). */
export function ticketSnapshot(t: TicketSnapshot): TicketSnapshot {
  return {
    id: t.id,
    ticketNumber: t.ticketNumber,
    clientName: t.clientName,
    businessName: t.businessName,
    customerEmail: t.customerEmail,
    customerPhone: t.customerPhone,
    severity: t.severity,
    contactMethod: t.contactMethod,
    issue: t.issue,
    status: t.status,
    resolution: t.resolution,
    createdAt: t.createdAt,
  };
}

/** `/technician?ticket=<id>`: the staff app's page of one ticket (links in alerts, the push `url`). */
export function staffTicketPath(ticketId: string): string {
  return `/technician?ticket=${encodeURIComponent(ticketId)}`;
}
