/**
 * Checklist items added or edited offline (issue 52 item 1; docs/recurring-tickets.md): the
 * `ticket.checklistItem` outbox kind. Each add or edit from the Update Ticket panel is its own small
 * item with its Idempotency-Key, like a tick:
 * - add: `POST /api/tickets/:id/checklist` `{ id, text, required }`. The item's id is made on the
 *   device, so a tick queued right after names it; the server answers an id it already has on the
 *   ticket with that item (200), so the add lands once however often it is resent.
 * - edit: `PATCH /api/tickets/:id/checklist/:itemId` `{ text, required }` (no `done`: a tick of the
 *   same item by someone else is never undone by an edit).
 * Items go in the ticket's stream (shared `ticketStream`) with its ticks and updates: FIFO, so the add
 * reaches the server before a tick of it and before a later Resolve. Until sent the ticket shows the
 * change, marked pending (checklist.ts `applyChecklistChanges`). No React: the service worker imports it.
 */
import { CHECKLIST_ITEM_KIND, ticketStream, type ChecklistItem, type ChecklistItemPayload, type Ticket } from '@portal/shared';
import { enqueue, isItemOf, newIdempotencyKey, type OfflineDb, type OutboxItem, type OutboxKind } from '../../../offline/core';

export type ChecklistItemChange = OutboxItem<ChecklistItemPayload, never, never>;

/** Name of the kind (stored on queued items: never rename). */
export const CHECKLIST_ITEM = CHECKLIST_ITEM_KIND;

/** `ticketId`'s cached copy with `item` (the server's answer) in place of the item of its id, or appended when new. */
export async function upsertChecklistItem(db: OfflineDb, ticketId: string, item: ChecklistItem): Promise<void> {
  const ticket = await db.tickets.get(ticketId);
  if (!ticket) return;
  const list = ticket.checklist ?? [];
  const checklist = list.some((i) => i.id === item.id) ? list.map((i) => (i.id === item.id ? item : i)) : [...list, item];
  await db.tickets.put({ ...ticket, checklist });
}

/**
 * The kind: sent only with its author's session. 2xx stores the item as the server has it in the
 * cached ticket. A refusal (a ticket gone, an empty text) shows the server's message and waits to be
 * discarded; its ticks behind it in the stream wait with it.
 */
export const checklistItemKind: OutboxKind<ChecklistItemPayload, never, never> = {
  kind: CHECKLIST_ITEM,
  auth: 'session',
  tables: ['tickets'],
  request: (item) => {
    const base = `/api/tickets/${encodeURIComponent(item.entityId ?? '')}/checklist`;
    const { op, itemId, text, required } = item.payload;
    return op === 'add' ? { method: 'POST', url: base, body: { id: itemId, text, required } } : { method: 'PATCH', url: `${base}/${encodeURIComponent(itemId)}`, body: { text, required } };
  },
  link: (item) => (item.entityId ? `/technician?ticket=${encodeURIComponent(item.entityId)}` : null),
  async onSuccess({ db, item, body }) {
    if (item.entityId && body && typeof body === 'object') await upsertChecklistItem(db, item.entityId, body as ChecklistItem);
  },
  notices: {
    failed: (item) => ({
      title: 'Checklist Not Saved',
      description: `${item.label}: "${item.payload.text}" was refused: ${item.error?.message ?? 'unknown error'}`,
      variant: 'destructive',
    }),
  },
};

/** True for items of {@link checklistItemKind}. */
export const isChecklistItemChange = (item: OutboxItem): item is ChecklistItemChange => isItemOf(checklistItemKind, item);

type TicketRef = Pick<Ticket, 'id' | 'ticketNumber'>;
type User = { id: string; username: string } | null;

/**
 * Queues adding `{ text, required }` at the end of `ticket`'s checklist.
 * @returns the item's id, made on this device (a tick queued after it names it).
 */
export async function enqueueChecklistAdd(db: OfflineDb, ticket: TicketRef, input: { text: string; required: boolean }, user: User, now = new Date()): Promise<string> {
  const itemId = newIdempotencyKey();
  const payload: ChecklistItemPayload = { op: 'add', itemId, text: input.text.trim(), required: input.required };
  await enqueue(db, { kind: CHECKLIST_ITEM, payload, label: ticket.ticketNumber, entityId: ticket.id, stream: ticketStream(ticket.id), user }, now);
  return itemId;
}

/** Queues an edit of `item`'s text and/or Required box. */
export function enqueueChecklistEdit(
  db: OfflineDb,
  ticket: TicketRef,
  item: Pick<ChecklistItem, 'id' | 'text'>,
  change: { text: string; required: boolean },
  user: User,
  now = new Date(),
): Promise<number> {
  const payload: ChecklistItemPayload = { op: 'edit', itemId: item.id, text: change.text.trim(), required: change.required, previousText: item.text };
  return enqueue(db, { kind: CHECKLIST_ITEM, payload, label: ticket.ticketNumber, entityId: ticket.id, stream: ticketStream(ticket.id), user }, now);
}
