/**
 * The ticket screen's offline reads (DESIGN.md 5): the displayed ticket is the server ticket
 * (table `tickets`) with the changes of every unsent update of its stream applied in FIFO order, so
 * a delta pull never hides an edit still waiting to sync. Plain async readers over the offline
 * database; screens make them live with the engine's `useOfflineQuery`. No React here.
 */
import { applyTicketPatch, type Technician, type Ticket, type TicketUpdateEntry } from '@portal/shared';
import type { OfflineDb, OutboxItem, OutboxState } from '../../../offline/core';
import { isTicketUpdate, type TicketUpdateItem } from './ticketUpdate';

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
    .filter((i): i is TicketUpdateItem => isTicketUpdate(i) && i.state !== 'done' && i.entityId === server.id)
    .sort((a, b) => a.seq - b.seq);
  const shown: DisplayTicket = { ...server, sync: { pending: 0, conflict: 0, failed: 0 } };
  for (const item of own) {
    Object.assign(shown, applyTicketPatch(shown, item.payload.patch));
    shown.sync[stateMark(item.state)] += 1;
  }
  return shown;
}

function stateMark(state: OutboxState): keyof TicketSyncMarks {
  return state === 'conflict' ? 'conflict' : state === 'failed' ? 'failed' : 'pending';
}

/** All cached tickets as displayed (server + unsent edits, with marks), newest first. */
export async function readDisplayedTickets(db: OfflineDb): Promise<DisplayTicket[]> {
  const [tickets, items] = await Promise.all([db.tickets.toArray(), db.outbox.where('state').notEqual('done').toArray()]);
  return tickets
    .map((t) => displayTicket(t, items))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.ticketNumber.localeCompare(a.ticketNumber));
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
