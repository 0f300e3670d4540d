import { UNASSIGNED } from '../constants';
import type { TicketStatus } from '../constants';
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
 * true sends the comment to the customer, false or absent keeps it an internal note (issue 10).
 */
export interface TicketEditValues {
  status: TicketStatus;
  assignedTo: string;
  resolution: string;
  comment: string;
  reply?: boolean;
  /** The "Waiting on customer" switch (pauses the SLA clocks); absent = unchanged. */
  waitingOnCustomer?: boolean;
}

/** The panel's initial values for a ticket. */
export function ticketEditDefaults(ticket: Pick<Ticket, 'status' | 'assignedTo' | 'resolution'> & Partial<Pick<Ticket, 'waitingOnCustomer'>>): TicketEditValues {
  return {
    status: ticket.status,
    assignedTo: ticket.assignedTo ?? UNASSIGNED,
    resolution: ticket.resolution ?? '',
    comment: '',
    reply: false,
    waitingOnCustomer: ticket.waitingOnCustomer ?? false,
  };
}

/**
 * Builds the PATCH body from the panel's values (SPEC.md 4): status only if changed; assignee only if
 * changed (`UNASSIGNED` -> null); resolution only if changed and non-empty; comment trimmed and only
 * if non-empty, with `reply: true` when it is a reply to the customer (a note sends no `reply`).
 * Returns null when nothing changed ("No Changes"). `baseVersion` is always the version the edit
 * was made against.
 */
export function buildTicketPatch(
  ticket: Pick<Ticket, 'status' | 'assignedTo' | 'resolution' | 'version'> & Partial<Pick<Ticket, 'waitingOnCustomer'>>,
  values: TicketEditValues,
): TicketPatch | null {
  const patch: TicketPatch = {};
  if (values.waitingOnCustomer !== undefined && values.waitingOnCustomer !== (ticket.waitingOnCustomer ?? false)) patch.waitingOnCustomer = values.waitingOnCustomer;
  if (values.status !== ticket.status) patch.status = values.status;
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
