/**
 * The ticket screen's offline reads (DESIGN.md 5): the displayed ticket is the server ticket
 * (table `tickets`) with the changes of every unsent update of its stream applied in FIFO order, so
 * a delta pull never hides an edit still waiting to sync. Plain async readers over the offline
 * database; screens make them live with the engine's `useOfflineQuery`. No React here.
 */
import { applyTicketPatch, type Technician, type Ticket, type TicketUpdateEntry } from '@portal/shared';
import { readOutbox, type OfflineDb, type OutboxItem, type OutboxState } from '../../../offline/core';
import { applyChecklistChanges, isChecklistTick, type ChecklistTickItem } from './checklist';
import { isChecklistItemChange, type ChecklistItemChange } from './checklistItem';
import { isTicketMerge, type TicketMergeItem } from './merge';
import { isTicketUpdate, type TicketUpdateItem } from './ticketUpdate';

/** Unsent items that change how a ticket is displayed: its updates, its checklist ticks, its checklist items added or edited, and its merge. */
export type TicketOutboxItem = TicketUpdateItem | ChecklistTickItem | ChecklistItemChange | TicketMergeItem;
const isTicketOutboxItem = (i: OutboxItem): i is TicketOutboxItem => isTicketUpdate(i) || isChecklistTick(i) || isChecklistItemChange(i) || isTicketMerge(i);

/** Sync marks of a displayed ticket: unsent updates of its stream by state. */
export interface TicketSyncMarks {
  pending: number;
  conflict: number;
  failed: number;
}

/** A ticket as screens show it: server state plus unsent edits, with marks. */
export type DisplayTicket = Ticket & { sync: TicketSyncMarks };

/** Server ticket + outbox items (any kinds, any order; its updates applied by seq) -> the displayed ticket. */
export function displayTicket(server: Ticket, items: readonly OutboxItem[]): DisplayTicket {
  const own = items
    .filter((i): i is TicketOutboxItem => isTicketOutboxItem(i) && i.state !== 'done' && i.entityId === server.id)
    .sort((a, b) => a.seq - b.seq);
  return applyUnsent(server, own);
}

/** `server` with `own` (this ticket's unsent updates, oldest first) applied, with marks. */
function applyUnsent(server: Ticket, own: readonly TicketOutboxItem[]): DisplayTicket {
  const shown: DisplayTicket = { ...server, sync: { pending: 0, conflict: 0, failed: 0 } };
  const changes: (ChecklistTickItem | ChecklistItemChange)[] = [];
  for (const item of own) {
    if (isChecklistTick(item) || isChecklistItemChange(item)) changes.push(item);
    // A merge waiting to be sent shows the source closed as merged; a refused one does not (docs/merge.md).
    else if (isTicketMerge(item)) {
      if (item.state === 'pending' || item.state === 'sending') Object.assign(shown, { status: 'closed', mergedInto: item.payload.into, possibleDuplicateOf: null });
    } else Object.assign(shown, applyTicketPatch(shown, item.payload.patch));
    shown.sync[stateMark(item.state)] += 1;
  }
  if (changes.length > 0) shown.checklist = applyChecklistChanges(shown.checklist ?? [], changes);
  return shown;
}

function stateMark(state: OutboxState): keyof TicketSyncMarks {
  return state === 'conflict' ? 'conflict' : state === 'failed' ? 'failed' : 'pending';
}

/** Unsent ticket updates grouped by ticket id, each group oldest first (grouped once, not scanned per ticket). */
export type UnsentByTicket = ReadonlyMap<string, readonly TicketOutboxItem[]>;

/** Groups outbox items (any kinds, any order) into {@link UnsentByTicket}: one pass over the items. */
export function groupUnsentByTicket(items: readonly OutboxItem[]): UnsentByTicket {
  const groups = new Map<string, TicketOutboxItem[]>();
  for (const i of items) {
    if (!isTicketOutboxItem(i) || i.state === 'done' || !i.entityId) continue;
    const group = groups.get(i.entityId);
    if (group) group.push(i);
    else groups.set(i.entityId, [i]);
  }
  for (const group of groups.values()) group.sort((a, b) => a.seq - b.seq);
  return groups;
}

/** Displayed form of server tickets without unsent items, per server object: kept identical while only the outbox changes. */
const unchanged = new WeakMap<Ticket, DisplayTicket>();

/**
 * Server tickets as displayed, in their given order: O(tickets + unsent items). A ticket with no
 * unsent item keeps the same DisplayTicket object for the same server object (memoised cards and
 * search indexes survive outbox changes).
 */
export function displayTickets(tickets: readonly Ticket[], unsent: UnsentByTicket): DisplayTicket[] {
  return tickets.map((t) => {
    const own = unsent.get(t.id);
    if (own) return applyUnsent(t, own);
    let shown = unchanged.get(t);
    if (!shown) {
      shown = applyUnsent(t, []);
      unchanged.set(t, shown);
    }
    return shown;
  });
}

/** Newest first: by createdAt, then ticket number (ISO strings and TKT numbers compare as plain strings). */
export function newestFirst(a: Pick<Ticket, 'createdAt' | 'ticketNumber'>, b: Pick<Ticket, 'createdAt' | 'ticketNumber'>): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.ticketNumber < b.ticketNumber ? 1 : a.ticketNumber > b.ticketNumber ? -1 : 0;
}

/** All cached server tickets (table `tickets` only), newest first: re-read only when tickets change. */
export async function readCachedTickets(db: OfflineDb): Promise<Ticket[]> {
  return (await db.tickets.toArray()).sort(newestFirst);
}

/** Unsent ticket updates by ticket (outbox only: re-read only when the outbox changes). */
export async function readUnsentByTicket(db: OfflineDb): Promise<UnsentByTicket> {
  // The whole outbox in one getAll (readOutbox), shared through Dexie's live-query cache with the
  // sync bar and OfflineSync; `notEqual` would walk a cursor item by item.
  return groupUnsentByTicket(await readOutbox(db));
}

/** All cached tickets as displayed (server + unsent edits, with marks), newest first. */
export async function readDisplayedTickets(db: OfflineDb): Promise<DisplayTicket[]> {
  const [tickets, unsent] = await Promise.all([readCachedTickets(db), readUnsentByTicket(db)]);
  return displayTickets(tickets, unsent);
}

/** One cached ticket as displayed; null when not cached or `ticketId` is null. */
export async function readDisplayedTicket(db: OfflineDb, ticketId: string | null): Promise<DisplayTicket | null> {
  if (!ticketId) return null;
  const server = await db.tickets.get(ticketId);
  if (!server) return null;
  const items = await db.outbox.where('entityId').equals(ticketId).sortBy('seq');
  return applyUnsent(server, items.filter((i): i is TicketOutboxItem => isTicketOutboxItem(i) && i.state !== 'done'));
}

/** Unsent updates of one ticket, oldest first (pending marks, conflicts and failures in the panel); [] for null. */
export async function readTicketOutbox(db: OfflineDb, ticketId: string | null): Promise<TicketUpdateItem[]> {
  if (!ticketId) return [];
  const items = await db.outbox.where('entityId').equals(ticketId).sortBy('seq');
  return items.filter((i): i is TicketUpdateItem => isTicketUpdate(i) && i.state !== 'done');
}

/** Cached work history of one ticket, newest first; [] for null. */
export async function readWorkHistory(db: OfflineDb, ticketId: string | null): Promise<TicketUpdateEntry[]> {
  if (!ticketId) return [];
  const rows = await db.ticketUpdates.where('ticketId').equals(ticketId).toArray();
  return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** Cached assignee list, by username. */
export async function readTechnicians(db: OfflineDb): Promise<Technician[]> {
  return (await db.technicians.toArray()).sort((a, b) => a.username.localeCompare(b.username));
}

/** Unsent checklist ticks of one ticket, oldest first; [] for null. */
export async function readChecklistTicks(db: OfflineDb, ticketId: string | null): Promise<ChecklistTickItem[]> {
  if (!ticketId) return [];
  const items = await db.outbox.where('entityId').equals(ticketId).sortBy('seq');
  return items.filter((i): i is ChecklistTickItem => isChecklistTick(i) && i.state !== 'done');
}
