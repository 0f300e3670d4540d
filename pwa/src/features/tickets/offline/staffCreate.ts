/**
 * The `ticket.staffCreate` outbox kind (issue 51, docs/replies-and-macros.md "New Ticket"): a
 * technician's or admin's `POST /api/tickets/staff`, queued so a ticket opened on site with no
 * signal is created once when the phone is back online (its own Idempotency-Key, kept across
 * retries and restarts). Sent only with its author's session; kept in state 'done' with the
 * created ticket's id and number, so New Ticket can show the number once it syncs. No React: the
 * service worker registers it too.
 */
import { STAFF_TICKET_TEXT, assetStream, clientStream, type TicketCreated, type TicketStaffCreateInput } from '@portal/shared';
import { enqueue, isItemOf, type OfflineDb, type OutboxItem, type OutboxKind } from '../../../offline/core';

/** Name of the kind (stored on queued items: never rename). */
export const TICKET_STAFF_CREATE = 'ticket.staffCreate';

/** A queued staff-created ticket: payload = the request body, result = the created ticket. */
export type StaffCreateItem = OutboxItem<TicketStaffCreateInput, never, TicketCreated>;

/** The label of a queued ticket in messages and the sync bar (it has no number yet). */
export const staffCreateLabel = (body: Pick<TicketStaffCreateInput, 'clientName'>) => `New ticket for ${body.clientName}`;

/** The kind: POST /api/tickets/staff; 2xx keeps `{ id, ticketNumber, createdAt }` as the result. */
export const staffCreateKind: OutboxKind<TicketStaffCreateInput, never, TicketCreated> = {
  kind: TICKET_STAFF_CREATE,
  auth: 'session',
  keepDone: true,
  request: (item) => ({ method: 'POST', url: '/api/tickets/staff', body: item.payload }),
  onSuccess: ({ body }) => body as TicketCreated,
  link: () => '/technician/new',
  notices: {
    sent: (labels) => ({
      title: STAFF_TICKET_TEXT.created,
      description: labels.length === 1 ? `${labels[0]} is numbered. It is in the ticket list.` : `${labels.length} new tickets are numbered.`,
    }),
    failed: (item) => ({ title: 'Error', description: `${item.label}: ${item.error?.message ?? 'Failed to create the ticket.'}`, variant: 'destructive' }),
  },
};

/** True for items of {@link staffCreateKind}. */
export const isStaffCreate = (item: OutboxItem): item is StaffCreateItem => isItemOf(staffCreateKind, item);

/**
 * Queues a staff-created ticket in a stream of its own (creates never wait for each other).
 * @returns the item's seq.
 */
export function enqueueStaffCreate(db: OfflineDb, body: TicketStaffCreateInput, user: { id: string; username: string }, now = new Date()): Promise<number> {
  const stream = `${TICKET_STAFF_CREATE}:${crypto.randomUUID()}`;
  // Sent after the picked client's and assets' queued writes (a client, contact or asset created offline exists first).
  const after = [...(body.clientId ? [clientStream(body.clientId)] : []), ...(body.assetIds ?? []).map(assetStream)];
  return enqueue<TicketStaffCreateInput>(db, { kind: TICKET_STAFF_CREATE, payload: body, label: staffCreateLabel(body), user, stream, after }, now);
}

/** This device's staff-created tickets still in the outbox (waiting, sent with their number, or failed), newest first. */
export async function readStaffCreates(db: OfflineDb): Promise<StaffCreateItem[]> {
  const items = await db.outbox.where('kind').equals(TICKET_STAFF_CREATE).toArray();
  return (items as StaffCreateItem[]).sort((a, b) => b.seq - a.seq);
}
