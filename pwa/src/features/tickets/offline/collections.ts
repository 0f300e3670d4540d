/**
 * The ticket feature's cached collections (DESIGN.md 4 / 5), pulled by the sync engine in this
 * order after sign-in and on every sync, page by page, and cleared on a change of user.
 * No React.
 */
import type { DeltaPage, Technician, Ticket, TicketUpdateEntry } from '@portal/shared';
import { KEYS_FIRST_FROM, type PagedSyncCollection, type SyncCollection } from '../../../offline/core';
import {
  OPENED,
  PRUNE_EVERY_MS,
  SEEN,
  SYNC_PAGE_SIZE,
  TICKETS_SYNC_KEY,
  WORKING_SET_DAYS,
  laterTime,
  mustRestart,
  pruneWorkingSet,
  readSyncState,
  writeSyncState,
} from './workingSet';
import { reindexTickets } from './searchIndex';

const feedUrl = (path: string, since: string) =>
  `${path}?since=${encodeURIComponent(since)}&limit=${SYNC_PAGE_SIZE}&recentDays=${WORKING_SET_DAYS}`;

/**
 * Tickets: the phone's working set (workingSet.ts), paged: each call fetches ONE page of
 * `GET /api/tickets?since=CURSOR&limit=1000&recentDays=30`, stores it in its own short transaction
 * with its search rows (searchIndex.ts; a row is replaced only by an equal or newer version: a PATCH answer may be newer) and returns
 * `{ cursor, more }`; the engine calls again while `more`. Restarts from `since=0` when the cursor
 * is stale (workingSet.ts `mustRestart`); after the last page of a pass the working set is pruned.
 */
export const ticketsCollection: PagedSyncCollection = {
  name: 'tickets',
  async pull(since, { db, get, prefetch, now }) {
    const at = now?.() ?? new Date();
    const state = await readSyncState(db);
    let from = since ?? '0';
    if (since !== null && !state.resync && mustRestart(state, at)) {
      from = '0';
      // Over a non-empty cache a restart marks what it receives, then drops the rest.
      state.resync = (await db.tickets.count()) > 0;
    }
    state.days = WORKING_SET_DAYS;
    const page = await get<DeltaPage<Ticket>>(feedUrl('/api/tickets', from));
    if (page.more === true) prefetch?.(feedUrl('/api/tickets', page.cursor)); // the next page's URL unless the state restarts
    await db.transaction('rw', [db.tickets, db.ticketUpdates, db.ticketSearch, db.records], async () => {
      // For a large page, keys first (one request), then only the tickets already cached (none on
      // a first sync): a bulkGet is one IndexedDB get per ticket (issue 59). A small delta page
      // (the usual sync) reads its few tickets directly instead of every key of the cache.
      const cachedIds = page.items.length < KEYS_FIRST_FROM ? null : new Set(await db.tickets.toCollection().primaryKeys());
      const present = cachedIds ? page.items.filter((t) => cachedIds.has(t.id)) : page.items;
      const stored = new Map((present.length > 0 ? await db.tickets.bulkGet(present.map((t) => t.id)) : []).flatMap((t) => (t ? [[t.id, t] as const] : [])));
      const newer = page.items.filter((t) => !stored.has(t.id) || stored.get(t.id)!.version <= t.version);
      await db.tickets.bulkPut(newer);
      await reindexTickets(db, newer.map((t) => t.id), newer);
      if (state.resync) await db.records.bulkPut(page.items.map((t) => ({ collection: SEEN, id: t.id, data: 1 })));
    });
    for (const t of page.items) state.serverTime = laterTime(state.serverTime, t.updatedAt);
    const more = page.more === true;
    if (!more) {
      const due = !state.prunedAt || at.getTime() - Date.parse(state.prunedAt) >= PRUNE_EVERY_MS;
      if (state.resync || due) {
        await pruneWorkingSet(db, { serverTime: state.serverTime, now: at, seen: Boolean(state.resync) });
        state.prunedAt = at.toISOString();
      }
      state.resync = false;
      state.syncedAt = at.toISOString();
    }
    await writeSyncState(db, state);
    return { cursor: page.cursor, more };
  },
  async clear(db) {
    await db.tickets.clear();
    await db.ticketSearch.clear();
    await db.meta.delete(TICKETS_SYNC_KEY);
    await db.records.where('collection').anyOf(SEEN, OPENED).delete();
  },
};

/**
 * Work history of the working-set tickets: pages of
 * `GET /api/ticket-updates?since=CURSOR&limit=1000&recentDays=30`, put by id (entries never change),
 * each page in its own transaction; `{ cursor, more }` as for tickets. History of older tickets is
 * fetched when one is opened online (keepOpenedTicket).
 */
export const ticketUpdatesCollection: PagedSyncCollection = {
  name: 'ticketUpdates',
  async pull(since, { db, get, prefetch }) {
    const page = await get<DeltaPage<TicketUpdateEntry>>(feedUrl('/api/ticket-updates', since ?? '0'));
    if (page.more === true) prefetch?.(feedUrl('/api/ticket-updates', page.cursor));
    // Comments join their ticket's search words (searchIndex.ts).
    await db.transaction('rw', [db.tickets, db.ticketUpdates, db.ticketSearch, db.records], async () => {
      await db.ticketUpdates.bulkPut(page.items);
      await reindexTickets(db, page.items.filter((u) => u.comment).map((u) => u.ticketId));
    });
    return { cursor: page.cursor, more: page.more === true };
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
