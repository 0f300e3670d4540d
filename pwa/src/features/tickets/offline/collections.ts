/**
 * The ticket feature's cached collections (DESIGN.md 4 / 5), pulled by the sync engine in this
 * order after sign-in and on every sync, and cleared on a change of user. No React.
 */
import type { DeltaPage, Technician, Ticket, TicketUpdateEntry } from '@portal/shared';
import type { SyncCollection } from '../../../offline/core';

/** Tickets: delta pages of GET /api/tickets?since=CURSOR; a row is replaced only by an equal or newer version (a PATCH answer may be newer). */
export const ticketsCollection: SyncCollection = {
  name: 'tickets',
  async pull(since, { db, get }) {
    const page = await get<DeltaPage<Ticket>>(`/api/tickets?since=${encodeURIComponent(since ?? '0')}`);
    await db.transaction('rw', db.tickets, async () => {
      const stored = await db.tickets.bulkGet(page.items.map((t) => t.id));
      const newer = page.items.filter((t, i) => !stored[i] || stored[i]!.version <= t.version);
      await db.tickets.bulkPut(newer);
    });
    return page.cursor;
  },
  clear: (db) => db.tickets.clear(),
};

/** Work history: delta pages of GET /api/ticket-updates?since=CURSOR, put by id (entries never change). */
export const ticketUpdatesCollection: SyncCollection = {
  name: 'ticketUpdates',
  async pull(since, { db, get }) {
    const page = await get<DeltaPage<TicketUpdateEntry>>(`/api/ticket-updates?since=${encodeURIComponent(since ?? '0')}`);
    await db.ticketUpdates.bulkPut(page.items);
    return page.cursor;
  },
  clear: (db) => db.ticketUpdates.clear(),
};

/** Assignee list: GET /api/technicians, the full list each time (users can be deleted). */
export const techniciansCollection: SyncCollection = {
  name: 'technicians',
  async pull(_since, { db, get }) {
    const list = await get<Technician[]>('/api/technicians');
    await db.transaction('rw', db.technicians, async () => {
      await db.technicians.clear();
      await db.technicians.bulkPut(list);
    });
    return null;
  },
  clear: (db) => db.technicians.clear(),
};
