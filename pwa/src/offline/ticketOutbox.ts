/**
 * Ticket updates in the outbox (SPEC.md 4, DESIGN.md 4 and 5): enqueue, the optimistic view,
 * applying the server's answer, conflicts and their resolution. No window, no React.
 *
 * The displayed ticket is the server ticket (table `tickets`) with the changes of every unsent
 * item of its stream applied in FIFO order, so a delta pull never hides an edit still waiting to
 * sync. Each item remembers the value of each changed field the technician saw (`seen`): the server
 * answers 409 whenever a field changed after `baseVersion`, including changes made by this
 * device's own earlier items; only a field whose current value differs from what the technician
 * saw is a real conflict (see {@link realConflicts}).
 */
import { TICKET_MERGE_FIELDS, applyTicketPatch, buildTicketPatch, realConflicts as sharedRealConflicts } from '@portal/shared';
import type { Ticket, TicketConflictBody, TicketEditValues, TicketMergeField, TicketPatch, TicketPatchResult } from '@portal/shared';
import { newIdempotencyKey } from '../lib/ids';
import type { OfflineDb, OutboxItem, OutboxState, TicketUpdateItem } from './db';
import { changeItem, newItemFields, reseatLaterItems } from './outbox';

/** Sync marks of a displayed ticket: unsent items of its stream by state. */
export interface TicketSyncMarks {
  pending: number;
  conflict: number;
  failed: number;
}

/** A ticket as screens show it: server state plus unsent edits, with marks. */
export type DisplayTicket = Ticket & { sync: TicketSyncMarks };

/** Stream of a ticket's updates (items of one stream are sent strictly in order). */
export const ticketStream = (ticketId: string) => `ticket:${ticketId}`;

const isUnsentUpdate = (i: OutboxItem): i is TicketUpdateItem => i.kind === 'ticket.update' && i.state !== 'done';

/** Server ticket + unsent items (any order; applied by seq) -> the displayed ticket. */
export function displayTicket(server: Ticket, items: readonly OutboxItem[]): DisplayTicket {
  const own = items.filter(isUnsentUpdate).filter((i) => i.ticketId === server.id).sort((a, b) => a.seq - b.seq);
  const shown: DisplayTicket = { ...server, sync: { pending: 0, conflict: 0, failed: 0 } };
  for (const item of own) {
    Object.assign(shown, applyTicketPatch(shown, item.patch));
    const mark: keyof TicketSyncMarks = stateMark(item.state);
    shown.sync[mark] += 1;
  }
  return shown;
}

function stateMark(state: OutboxState): keyof TicketSyncMarks {
  return state === 'conflict' ? 'conflict' : state === 'failed' ? 'failed' : 'pending';
}

/** What {@link enqueueTicketUpdate} did. */
export type EnqueueResult = { status: 'queued'; seq: number } | { status: 'no-changes' };

/**
 * Queues the panel's values as one update (DESIGN.md 5), in ONE transaction with reading the
 * stream, so it shows at once as pending. The patch holds only the changed fields (shared
 * buildTicketPatch against `shown`, the ticket the technician saw) and `baseVersion` = the server
 * version under it. Nothing changed -> `no-changes` and nothing is written (SPEC.md 4 'No Changes').
 */
export async function enqueueTicketUpdate(
  db: OfflineDb,
  input: { shown: Ticket; values: TicketEditValues; user: { id: string; username: string } | null },
  now = new Date(),
): Promise<EnqueueResult> {
  const { shown, values, user } = input;
  const patch = buildTicketPatch(shown, values);
  if (!patch) return { status: 'no-changes' };
  const seen: TicketUpdateItem['seen'] = {};
  for (const f of TICKET_MERGE_FIELDS) if (patch[f] !== undefined) seen[f] = shown[f];
  const key = newIdempotencyKey();
  const item: Omit<TicketUpdateItem, 'seq'> = {
    ...newItemFields(ticketStream(shown.id), key, now),
    kind: 'ticket.update',
    ticketId: shown.id,
    ticketNumber: shown.ticketNumber,
    userId: user?.id ?? null,
    userName: user?.username ?? null,
    patch,
    seen,
    conflict: null,
  };
  const seq = await db.outbox.add(item as TicketUpdateItem);
  return { status: 'queued', seq };
}

/** Stores a ticket from the server unless the local copy is already newer (versions only grow). */
export async function storeServerTicket(db: OfflineDb, ticket: Ticket): Promise<void> {
  const local = await db.tickets.get(ticket.id);
  if (!local || local.version <= ticket.version) await db.tickets.put(ticket);
}

/**
 * 2xx for a ticket update: in one transaction the server ticket and its new history rows are
 * stored and the item is deleted (done). Later never-sent items of the same ticket whose
 * baseVersion is the version right before this one are moved onto the new version: nothing but
 * this device's own change happened in between, so no conflict check is lost.
 */
export async function completeTicketUpdate(db: OfflineDb, item: TicketUpdateItem, result: TicketPatchResult): Promise<void> {
  await db.transaction('rw', [db.outbox, db.tickets, db.ticketUpdates], async () => {
    await storeServerTicket(db, result.ticket);
    if (result.updates.length > 0) await db.ticketUpdates.bulkPut(result.updates);
    await db.outbox.delete(item.seq);
    if (result.updates.length === 0) return;
    const v = result.ticket.version;
    await db.outbox
      .where('stream')
      .equals(item.stream)
      .filter((i) => i.kind === 'ticket.update' && i.seq > item.seq && i.state === 'pending' && i.attempts === 0 && i.patch.baseVersion === v - 1)
      .modify((i) => {
        if (i.kind === 'ticket.update') i.patch = { ...i.patch, baseVersion: v };
      });
  });
}

/**
 * Fields of a 409 that are real conflicts for the technician: the server's current value differs
 * from the value they saw when making the change. The others were changed on the server only by
 * this device's own earlier updates (or changed back), so the item may simply be re-based.
 */
export function realConflicts(item: TicketUpdateItem, body: Pick<TicketConflictBody, 'ticket' | 'conflicts'>): TicketMergeField[] {
  return sharedRealConflicts(item.seen, body.ticket, body.conflicts);
}

/**
 * 409 with real conflicts: sending -> conflict, keeping the server's ticket on the item (and in
 * `tickets`) for the chooser. Called with `fields` = {@link realConflicts}.
 */
export async function markConflict(db: OfflineDb, item: TicketUpdateItem, ticket: Ticket, fields: TicketMergeField[]): Promise<void> {
  await db.transaction('rw', [db.outbox, db.tickets], async () => {
    await storeServerTicket(db, ticket);
    await changeItem(db, item.seq, { state: 'conflict', conflict: { ticket, fields }, lastError: null });
  });
}

/**
 * 409 without a real conflict: move the item onto the server's current version and make it due
 * again at once (same Idempotency-Key: a 409 stores nothing on the server).
 */
export async function rebaseAfterConflict(db: OfflineDb, item: TicketUpdateItem, ticket: Ticket): Promise<void> {
  await db.transaction('rw', [db.outbox, db.tickets], async () => {
    await storeServerTicket(db, ticket);
    await changeItem(db, item.seq, { state: 'pending', patch: { ...item.patch, baseVersion: ticket.version }, nextAttemptAt: 0 });
  });
}

/** The technician's choice per conflicting field: keep their change, or keep the server's value. */
export type ConflictChoice = 'mine' | 'server';

/**
 * Resolves a conflicted item (issue 3 flow 5). For each field in conflict: 'mine' keeps the
 * technician's value, now based on the server's current version; 'server' drops the field.
 * Fields not chosen default to 'mine'. If nothing is left to send (no field, no comment) the item
 * is deleted; otherwise it is pending again in its place in the queue (same seq, same key).
 * @returns 'requeued' | 'dropped', or null when the item is not (any more) in conflict.
 */
export async function resolveConflict(
  db: OfflineDb,
  seq: number,
  choices: Partial<Record<TicketMergeField, ConflictChoice>>,
): Promise<'requeued' | 'dropped' | null> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(seq);
    if (!item || item.kind !== 'ticket.update' || item.state !== 'conflict' || !item.conflict) return null;
    const { ticket, fields } = item.conflict;
    const patch: TicketPatch = { ...item.patch, baseVersion: ticket.version };
    const seen = { ...item.seen };
    for (const f of fields) {
      if (choices[f] === 'server') {
        delete patch[f];
        delete seen[f];
      } else {
        seen[f] = ticket[f];
      }
    }
    const givenUp: TicketUpdateItem['seen'] = {};
    for (const f of fields) if (choices[f] === 'server') givenUp[f] = ticket[f];
    await reseatLaterItems(db, item, givenUp);
    const left = TICKET_MERGE_FIELDS.some((f) => patch[f] !== undefined) || patch.comment !== undefined;
    if (!left) {
      await db.outbox.delete(seq);
      return 'dropped';
    }
    const requeued: TicketUpdateItem = { ...item, patch, seen, state: 'pending', conflict: null, nextAttemptAt: 0, error: null };
    await db.outbox.put(requeued);
    return 'requeued';
  });
}
