/**
 * Ticket checklist writes (issue 52 item 1; docs/recurring-tickets.md): add an item, tick, untick
 * or edit one. Each runs in the route's transaction with the ticket locked (tickets' port, given by
 * app.ts), writes one 'checklist' work-history row per change with who and when, and moves the
 * ticket forward so phones and lists see it.
 *
 * Merge by time: a PATCH carries `at`, when the change was made (the phone's clock for a tick queued
 * offline; never later than the server's clock). `done` moves only when `at` is not older than the
 * item's last tick/untick (`changed_at`): the later of two offline changes of one item wins,
 * whatever order they arrive in. Different items never conflict.
 */
import { CHECKLIST_MAX_ITEMS, CHECKLIST_MSG, MSG, mergeChecklistTick, type ChecklistItem, type ChecklistItemCreate, type ChecklistItemPatch, type TicketStatus } from '@portal/shared';
import type { Database } from '../../db/client';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { checklistItems } from '../../db/schema';
import { findItem, itemCount, readItem, updateItem, type ChecklistItemRow } from './repository';

/** What checklists needs of tickets (tickets/checklistHistory.ts, wired in app.ts). */
export interface ChecklistTicketPort {
  lockTicketForChecklist(tx: Database, id: string): Promise<{ id: string; status: TicketStatus; version: number } | null>;
  recordChecklistChanges(tx: Database, ticketId: string, actor: { id: string; username: string }, texts: string[], now: Date): Promise<unknown[]>;
}

type Actor = { id: string; username: string };

async function lockTicket(tx: Database, port: ChecklistTicketPort, ticketId: string): Promise<void> {
  if (!(await port.lockTicketForChecklist(tx, ticketId))) throw notFound(MSG.ticketNotFound);
}

/**
 * Appends an item to ticket `ticketId`; history 'Added "text"' (+ ' (required)'). With `input.id`
 * (made on the phone for an item added offline) an item of that id already on this ticket is
 * answered as it is (`created: false`, nothing written): the add lands once however often it is sent.
 * @throws 404 MSG.ticketNotFound; 400 when the ticket already has CHECKLIST_MAX_ITEMS items;
 *   409 CHECKLIST_MSG.itemIdTaken when the id is an item of another ticket.
 */
export async function addItem(
  tx: Database,
  port: ChecklistTicketPort,
  ticketId: string,
  input: ChecklistItemCreate,
  actor: Actor,
  now: Date,
): Promise<ChecklistItem & { created: boolean }> {
  await lockTicket(tx, port, ticketId);
  const existing = input.id ? await findItem(tx, input.id) : undefined;
  if (existing && existing.ticketId !== ticketId) throw new ApiError(409, 'conflict', CHECKLIST_MSG.itemIdTaken, { id: [CHECKLIST_MSG.itemIdTaken] });
  if (existing) return { ...(await readItem(tx, existing.id)), created: false };
  const { count, next } = await itemCount(tx, ticketId);
  if (count >= CHECKLIST_MAX_ITEMS) throw badRequest(`A checklist holds at most ${CHECKLIST_MAX_ITEMS} items.`);
  const [row] = await tx
    .insert(checklistItems)
    // changed_at at the epoch: never ticked, so any tick of it applies, also one made offline on the
    // phone that added it before this add reached the server (the tick's `at` is older than `now`).
    .values({ ...(input.id ? { id: input.id } : {}), ticketId, position: next, text: input.text, required: input.required, changedAt: new Date(0), createdAt: now })
    .returning({ id: checklistItems.id });
  await port.recordChecklistChanges(tx, ticketId, actor, [`Added "${input.text}"${input.required ? ' (required)' : ''}`], now);
  return { ...(await readItem(tx, row!.id)), created: true };
}

/** The changes `patch` makes to `item` at time `at`, and their history texts. */
function planPatch(item: ChecklistItemRow, patch: ChecklistItemPatch, actor: Actor, at: Date) {
  const set: Parameters<typeof updateItem>[2] = {};
  const texts: string[] = [];
  const name = patch.text ?? item.text;
  if (patch.text !== undefined && patch.text !== item.text) {
    set.text = patch.text;
    texts.push(`Renamed "${item.text}" to "${patch.text}"`);
  }
  if (patch.required !== undefined && patch.required !== item.required) {
    set.required = patch.required;
    texts.push(`Made "${name}" ${patch.required ? 'required' : 'optional'}`);
  }
  // Merge by time (module doc, shared mergeChecklistTick): an older tick/untick than the last one leaves `done` as it is.
  if (patch.done !== undefined && mergeChecklistTick(item, { at: at.toISOString() }, at).apply) {
    set.changedAt = at;
    if (patch.done !== item.done) {
      Object.assign(set, { done: patch.done, doneBy: patch.done ? actor.id : null, doneAt: patch.done ? at : null });
      texts.push(`${patch.done ? 'Ticked' : 'Unticked'} "${name}"`);
    }
  }
  return { set, texts };
}

/**
 * Ticks, unticks or edits item `itemId` of ticket `ticketId` (merge by time, module doc). A change
 * equal to the item, or a tick older than its last one, changes nothing and writes no history.
 * @throws 404 MSG.ticketNotFound / CHECKLIST_MSG.itemNotFound; 400 CHECKLIST_MSG.itemOfOtherTicket.
 */
export async function patchItem(
  tx: Database,
  port: ChecklistTicketPort,
  ticketId: string,
  itemId: string,
  patch: ChecklistItemPatch,
  actor: Actor,
  now: Date,
): Promise<ChecklistItem> {
  await lockTicket(tx, port, ticketId);
  const item = await findItem(tx, itemId);
  if (!item) throw notFound(CHECKLIST_MSG.itemNotFound);
  if (item.ticketId !== ticketId) throw badRequest(CHECKLIST_MSG.itemOfOtherTicket, { itemId: [CHECKLIST_MSG.itemOfOtherTicket] });
  const { at } = mergeChecklistTick(item, patch, now);
  const { set, texts } = planPatch(item, patch, actor, at);
  if (Object.keys(set).length > 0) await updateItem(tx, itemId, set);
  await port.recordChecklistChanges(tx, ticketId, actor, texts, now);
  return readItem(tx, itemId);
}
