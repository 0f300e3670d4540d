/**
 * Checklist ticks offline (issue 52 item 1; docs/recurring-tickets.md): the `ticket.checklistTick`
 * outbox kind. Each tick or untick is its own small item, `PATCH /api/tickets/:id/checklist/:itemId`
 * with `{ done, at }` and the item's Idempotency-Key, so it is applied once however often it is
 * resent. `at` is when the technician ticked: the server merges the same item by it (shared
 * `mergeChecklistTick`: the later change wins, whatever order they arrive in) and two technicians
 * ticking different items never conflict, so the kind never sees a 409.
 *
 * Items go in the ticket's stream (shared `ticketStream`), behind and before the ticket's updates:
 * ticks made before a Resolve reach the server before it, so the server's "required items still
 * open" rule sees them. Until sent, the ticket is displayed with its ticks applied (view.ts).
 * No React: the service worker imports it.
 */
import { CHECKLIST_TICK_KIND, ticketStream, type ChecklistItem, type ChecklistTickPayload, type Ticket } from '@portal/shared';
import { enqueue, isItemOf, type OfflineDb, type OutboxItem, type OutboxKind } from '../../../offline/core';
import type { ChecklistItemChange } from './checklistItem';

export type ChecklistTickItem = OutboxItem<ChecklistTickPayload, never, never>;

/** Name of the kind (stored on queued items: never rename). */
export const CHECKLIST_TICK = CHECKLIST_TICK_KIND;

/** `ticket`'s cached copy with `item` (the server's answer) in place of the item of the same id. */
export async function storeChecklistItem(db: OfflineDb, ticketId: string, item: ChecklistItem): Promise<void> {
  const ticket = await db.tickets.get(ticketId);
  if (!ticket?.checklist?.some((i) => i.id === item.id)) return;
  await db.tickets.put({ ...ticket, checklist: ticket.checklist.map((i) => (i.id === item.id ? item : i)) });
}

/**
 * The kind: sent only with its author's session. 2xx stores the item as the server has it (who
 * ticked and when) in the cached ticket; the next pull brings the ticket's new version. A refusal
 * (an item deleted meanwhile, a ticket gone) shows the server's message and waits to be discarded.
 */
export const checklistTickKind: OutboxKind<ChecklistTickPayload, never, never> = {
  kind: CHECKLIST_TICK,
  auth: 'session',
  tables: ['tickets'],
  request: (item) => ({
    method: 'PATCH',
    url: `/api/tickets/${encodeURIComponent(item.entityId ?? '')}/checklist/${encodeURIComponent(item.payload.itemId)}`,
    body: { done: item.payload.done, at: item.payload.at },
  }),
  link: (item) => (item.entityId ? `/technician?ticket=${encodeURIComponent(item.entityId)}` : null),
  async onSuccess({ db, item, body }) {
    if (item.entityId && body && typeof body === 'object') await storeChecklistItem(db, item.entityId, body as ChecklistItem);
  },
  notices: {
    failed: (item) => ({
      title: 'Checklist Not Saved',
      description: `${item.label}: "${item.payload.text}" was refused: ${item.error?.message ?? 'unknown error'}`,
      variant: 'destructive',
    }),
  },
};

/** True for items of {@link checklistTickKind}. */
export const isChecklistTick = (item: OutboxItem): item is ChecklistTickItem => isItemOf(checklistTickKind, item);

/** Queues a tick (`done` true) or an untick of `item` of `ticket`, made at `now`. */
export function enqueueChecklistTick(
  db: OfflineDb,
  ticket: Pick<Ticket, 'id' | 'ticketNumber'>,
  item: Pick<ChecklistItem, 'id' | 'text'>,
  done: boolean,
  user: { id: string; username: string } | null,
  now = new Date(),
): Promise<number> {
  const payload: ChecklistTickPayload = { itemId: item.id, done, at: now.toISOString(), text: item.text };
  return enqueue(db, { kind: CHECKLIST_TICK, payload, label: ticket.ticketNumber, entityId: ticket.id, stream: ticketStream(ticket.id), user }, now);
}

/**
 * `checklist` with this ticket's unsent checklist items applied in queue order (seq), as the server
 * will apply them: an add (checklistItem.ts) appends its item (once: an id already on the list is
 * left as it is), an edit changes text and Required, a tick ticks; each changed item marked
 * `pending`. Changes of items not on the list (removed meanwhile) are ignored.
 */
export function applyChecklistChanges(
  checklist: readonly ChecklistItem[],
  changes: readonly (ChecklistTickItem | ChecklistItemChange)[],
): (ChecklistItem & { pending?: boolean })[] {
  const order = checklist.map((i) => i.id);
  const byId = new Map(checklist.map((i) => [i.id, { ...i } as ChecklistItem & { pending?: boolean }]));
  for (const c of [...changes].sort((a, b) => a.seq - b.seq)) {
    const p = c.payload;
    if ('op' in p && p.op === 'add') {
      if (byId.has(p.itemId)) continue;
      order.push(p.itemId);
      byId.set(p.itemId, { id: p.itemId, text: p.text, required: p.required, done: false, doneBy: null, doneAt: null, pending: true });
      continue;
    }
    const item = byId.get(p.itemId);
    if (!item) continue;
    if ('op' in p) Object.assign(item, { text: p.text, required: p.required, pending: true });
    else Object.assign(item, { done: p.done, doneBy: p.done ? c.userName : null, doneAt: p.done ? p.at : null, pending: true });
  }
  return order.map((id) => byId.get(id)!);
}
