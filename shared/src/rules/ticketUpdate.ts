import { TICKET_MERGE_FIELDS } from '../schemas/tickets';
import type { Ticket, TicketMergeField, TicketMergeValue, TicketPatch } from '../schemas/tickets';
import { buildTicketPatch, type TicketEditValues } from './tickets';

/**
 * The outbox contract of a ticket update (DESIGN.md 5): what any screen queues to change a ticket
 * offline, so the Update Ticket panel (tickets feature) and a kanban move (scheduler feature) put
 * the very same item into the very same `ticket.update` kind without importing each other. The
 * kind itself (sending, 409 merge, conflicts) is registered by the tickets feature; a screen passes
 * the draft to the offline engine's `enqueue`.
 */

/** Name of the outbox kind (stored on queued items: never rename). */
export const TICKET_UPDATE_KIND = 'ticket.update';

/** Stream of a ticket's updates: items of one ticket are sent strictly in order, whoever queued them. */
export const ticketStream = (ticketId: string) => `ticket:${ticketId}`;

/** What a ticket update sends and remembers. */
export interface TicketUpdatePayload {
  /** Only the changed fields (buildTicketPatch) plus `baseVersion`, the server version seen. */
  patch: TicketPatch;
  /** Displayed value of each changed merge field when the edit was made (decides real conflicts). */
  seen: Partial<Record<TicketMergeField, TicketMergeValue>>;
  /**
   * Set by the drain when it re-based this update onto the version its ticket's previous update
   * (from this device) produced: the lowest base version of that chain of own updates. The update
   * after it is re-based from any base in that chain when this one is sent (pwa ticketUpdate kind).
   */
  chainFrom?: number;
  /** The name of the macro applied with this update (`patch.macroId`), shown on the queued item ("Macro: {name}"); never sent. */
  macroName?: string;
}

/** An outbox draft of kind `ticket.update` (the engine adds the key, state and author). */
export interface TicketUpdateDraft {
  kind: typeof TICKET_UPDATE_KIND;
  payload: TicketUpdatePayload;
  /** The ticket number, for messages. */
  label: string;
  entityId: string;
  stream: string;
}

/** The fields of the ticket as shown that an update depends on. */
export type ShownTicket = Pick<Ticket, 'id' | 'ticketNumber' | 'status' | 'severity' | 'assignedTo' | 'resolution' | 'version'> &
  Partial<Pick<Ticket, 'waitingOnCustomer' | 'clientId' | 'siteId' | 'contactId'>>;

/**
 * Builds the draft of an update made against `shown` (the ticket as the person saw it: server
 * version plus unsent edits): the patch holds only the changed fields (SPEC.md 4) and `baseVersion`;
 * `seen` records the shown value of each changed field. Null when nothing changed ('No Changes'),
 * unless `allowEmpty` (a macro's time entry alone is a change: the caller adds it).
 */
export function ticketUpdateDraft(shown: ShownTicket, values: TicketEditValues, opts: { allowEmpty?: boolean } = {}): TicketUpdateDraft | null {
  const patch = buildTicketPatch(shown, values) ?? (opts.allowEmpty ? { baseVersion: shown.version } : null);
  if (!patch) return null;
  const seen: TicketUpdatePayload['seen'] = {};
  // Unassigned and no resolution are null, as on the server; only a screen that does not know
  // `waitingOnCustomer` leaves it undefined, which is the server's default, false. (A null turned
  // into false made unassign-then-reassign a conflict when someone else changed another field.)
  for (const f of TICKET_MERGE_FIELDS) if (patch[f] !== undefined) seen[f] = shown[f] === undefined ? (f === 'waitingOnCustomer' ? false : null) : shown[f];
  return { kind: TICKET_UPDATE_KIND, payload: { patch, seen }, label: shown.ticketNumber, entityId: shown.id, stream: ticketStream(shown.id) };
}

/**
 * A status change only (a kanban move): the draft that moves `shown` to `status`, keeping
 * assignee and resolution; null when it already has that status.
 */
export function statusMoveDraft(shown: ShownTicket, status: Ticket['status']): TicketUpdateDraft | null {
  return ticketUpdateDraft(shown, { status, assignedTo: shown.assignedTo ?? '', resolution: shown.resolution ?? '', comment: '' });
}
