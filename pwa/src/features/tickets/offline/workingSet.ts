/**
 * The phone's bounded ticket working set (the server half is docs/api.md "Paging and lists"):
 * the device keeps every ticket that is not closed, every ticket changed in the last
 * {@link WORKING_SET_DAYS} days, every ticket the technician opened in that time, and every ticket
 * with unsent outbox items (never dropped). Everything else is pruned from `tickets` (and its work
 * history from `ticketUpdates`) after a complete pass, at most every {@link PRUNE_EVERY_MS}.
 *
 * State (one meta row, {@link TICKETS_SYNC_KEY}, cleared with the collection):
 * - `days`: the `recentDays` the cursor was built with; another value restarts from `since=0`.
 * - `syncedAt`: device time of the last complete pass; older than `days - 1` days restarts from
 *   `since=0` (the server's rule: a client away longer than the window must start again, because
 *   the feed skips closed tickets that changed before the window).
 * - `resync`: a restart over a non-empty cache is running: each page's ids are marked in `records`
 *   ({@link SEEN}); when the last page arrives, cached tickets not marked (and not kept) are dropped.
 * - `serverTime`: the newest `updatedAt` the feed delivered. The "last N days" cut-off is measured
 *   from it, not from the device clock, so a wrong phone clock never prunes too much.
 * No React (the service worker imports the feature's offline module).
 */
import { DELTA_PAGE_MAX, type Ticket, type TicketUpdateEntry } from '@portal/shared';
import type { OfflineDb } from '../../../offline/core';
import { storeServerTicket } from './ticketUpdate';
import { reindexTickets } from './searchIndex';

/** `recentDays` of the tickets and work-history feeds: the phone keeps what changed in the last 30 days. */
export const WORKING_SET_DAYS = 30;
/** Page size of the delta feeds: DELTA_PAGE_MAX (fewer round trips; a page of 1,000 tickets is about 0.6 MB of JSON). */
export const SYNC_PAGE_SIZE = DELTA_PAGE_MAX;
/** The working set is pruned at most once an hour (and after every restart). */
export const PRUNE_EVERY_MS = 3_600_000;

/** Meta key of {@link TicketsSyncState}. */
export const TICKETS_SYNC_KEY = 'tickets:workingSet';
/** `records` collection marking ticket ids delivered during a restart. */
export const SEEN = 'tickets.seen';
/** `records` collection of tickets the technician opened: id -> `{ at }` (device time, ISO). */
export const OPENED = 'tickets.opened';

const DAY_MS = 86_400_000;
/** Tickets deleted per transaction when pruning (short transactions). */
const PRUNE_CHUNK = 500;

/** See the module comment. */
export interface TicketsSyncState {
  days?: number;
  syncedAt?: string;
  resync?: boolean;
  serverTime?: string;
  prunedAt?: string;
}

export async function readSyncState(db: OfflineDb): Promise<TicketsSyncState> {
  return ((await db.meta.get(TICKETS_SYNC_KEY))?.value as TicketsSyncState | undefined) ?? {};
}

export async function writeSyncState(db: OfflineDb, state: TicketsSyncState): Promise<void> {
  await db.meta.put({ key: TICKETS_SYNC_KEY, value: state });
}

/**
 * True when the saved cursor may not be continued (see the module comment): it was built with
 * another window, or the last complete pass is older than the window minus a day of margin. A
 * pass still paging (no `syncedAt` yet) continues.
 */
export function mustRestart(state: TicketsSyncState, now: Date): boolean {
  if (state.days !== WORKING_SET_DAYS) return true;
  if (!state.syncedAt) return false;
  return now.getTime() - Date.parse(state.syncedAt) > (WORKING_SET_DAYS - 1) * DAY_MS;
}

/** The newer of two ISO times (either may be absent). */
export function laterTime(a: string | undefined, b: string | undefined): string | undefined {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/** Ids of tickets that must never be pruned: unsent outbox items, or opened within the window. */
async function keptIds(db: OfflineDb, cutoff: number): Promise<Set<string>> {
  const kept = new Set<string>();
  await db.outbox
    .where('state')
    .notEqual('done')
    .each((i) => {
      if (i.entityId) kept.add(i.entityId);
    });
  const opened = await db.records.where('collection').equals(OPENED).toArray();
  const expired: string[] = [];
  for (const r of opened) {
    const at = Date.parse((r.data as { at?: string } | undefined)?.at ?? '');
    if (at >= cutoff) kept.add(r.id);
    else expired.push(r.id);
  }
  if (expired.length > 0) await db.records.where('[collection+id]').anyOf(expired.map((id) => [OPENED, id])).delete();
  return kept;
}

/**
 * Drops cached tickets outside the working set, with their work history, in short transactions.
 * `seen` (a restart): drop every ticket the restart did not deliver, whatever its state. Otherwise
 * drop closed tickets last changed before `serverTime - WORKING_SET_DAYS`. Kept tickets (unsent
 * items, recently opened) always stay. Reads the cache once with a cursor (O(cached tickets),
 * at most once per {@link PRUNE_EVERY_MS}).
 * @returns the number of tickets dropped.
 */
export async function pruneWorkingSet(db: OfflineDb, opts: { serverTime: string | undefined; now: Date; seen: boolean }): Promise<number> {
  const reference = Math.min(opts.serverTime ? Date.parse(opts.serverTime) : opts.now.getTime(), opts.now.getTime());
  const cutoff = reference - WORKING_SET_DAYS * DAY_MS;
  const kept = await keptIds(db, opts.now.getTime() - WORKING_SET_DAYS * DAY_MS);
  const seen = opts.seen ? new Set((await db.records.where('collection').equals(SEEN).primaryKeys()).map((k) => (k as unknown as [string, string])[1])) : null;
  const drop: string[] = [];
  await db.tickets.each((t) => {
    if (kept.has(t.id)) return;
    const out = seen ? !seen.has(t.id) : t.status === 'closed' && Date.parse(t.updatedAt) < cutoff;
    if (out) drop.push(t.id);
  });
  for (let i = 0; i < drop.length; i += PRUNE_CHUNK) {
    const ids = drop.slice(i, i + PRUNE_CHUNK);
    await db.transaction('rw', db.tickets, db.ticketUpdates, db.ticketSearch, async () => {
      await db.tickets.bulkDelete(ids);
      await db.ticketSearch.bulkDelete(ids);
      await db.ticketUpdates.where('ticketId').anyOf(ids).delete();
    });
  }
  if (seen) await db.records.where('collection').equals(SEEN).delete();
  return drop.length;
}

/**
 * Keeps a ticket the technician opened ("what the technician opened"): stores the
 * server's ticket (only over an older cached version) and its work history when given, and marks
 * it opened now, so pruning keeps it for {@link WORKING_SET_DAYS} days. Used for older tickets
 * fetched online (`GET /api/tickets/:ref`) and for cached tickets opened on the screen.
 */
export async function keepOpenedTicket(
  db: OfflineDb,
  opened: { id: string; ticket?: Ticket; history?: readonly TicketUpdateEntry[] },
  now: Date = new Date(),
): Promise<void> {
  await db.transaction('rw', [db.tickets, db.ticketUpdates, db.ticketSearch, db.records], async () => {
    if (opened.ticket) await storeServerTicket(db, opened.ticket);
    if (opened.history) {
      await db.ticketUpdates.bulkPut([...opened.history]);
      await reindexTickets(db, [opened.id]);
    }
    await db.records.put({ collection: OPENED, id: opened.id, data: { at: now.toISOString() } });
  });
}
