/**
 * Live reads of the offline database for screens that must work offline (DESIGN.md 5,
 * dexie-react-hooks `useLiveQuery`): they re-render on every change, including changes made by
 * another tab or the service worker. `undefined` means "still reading".
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Technician, TicketUpdateEntry } from '@portal/shared';
import { META, getOfflineDb, type OutboxItem, type TicketCreateItem, type TicketUpdateItem } from './db';
import { useSyncState } from './engine';
import { displayTicket, type DisplayTicket } from './ticketOutbox';

/**
 * Items the current user can sync: their ticket updates (or authorless ones) and every creation.
 * Before the engine knows who is signed in (`undefined`), every item counts as theirs.
 */
function isMine(item: OutboxItem, userId: string | null | undefined): boolean {
  return userId === undefined || item.kind === 'ticket.create' || item.userId === null || item.userId === userId;
}

/** Outbox counts for the current user (SyncStatus). */
export interface OutboxCounts {
  /** pending + sending: "N updates waiting to sync". */
  waiting: number;
  /** conflict + failed: need the technician. */
  attention: number;
  /** Unsent ticket updates of other users on this device, by username. */
  others: { userName: string; count: number }[];
}

/** Live outbox counts (see {@link OutboxCounts}); zeros while reading. */
export function useOutboxCounts(): OutboxCounts {
  const { userId } = useSyncState();
  return useLiveQuery(
    async () => {
      const items = await getOfflineDb().outbox.where('state').anyOf('pending', 'sending', 'conflict', 'failed').toArray();
      const counts: OutboxCounts = { waiting: 0, attention: 0, others: [] };
      const others = new Map<string, number>();
      for (const i of items) {
        if (!isMine(i, userId)) {
          const name = (i as TicketUpdateItem).userName ?? 'another user';
          others.set(name, (others.get(name) ?? 0) + 1);
        } else if (i.state === 'conflict' || i.state === 'failed') counts.attention += 1;
        else counts.waiting += 1;
      }
      counts.others = [...others].map(([userName, count]) => ({ userName, count }));
      return counts;
    },
    [userId],
    { waiting: 0, attention: 0, others: [] },
  );
}

/** Number of updates waiting to sync for the current user. */
export function useOutboxCount(): number {
  return useOutboxCounts().waiting;
}

/** Time of the last complete pull (ISO 8601), null when never; undefined while reading. */
export function useLastSync(): string | null | undefined {
  return useLiveQuery(async () => ((await getOfflineDb().meta.get(META.lastSync))?.value as string | undefined) ?? null, []);
}

/** All cached tickets as displayed (server + unsent edits, with marks), newest first. */
export function useDisplayedTickets(): DisplayTicket[] | undefined {
  return useLiveQuery(async () => {
    const db = getOfflineDb();
    const [tickets, items] = await Promise.all([db.tickets.toArray(), db.outbox.where('state').notEqual('done').toArray()]);
    return tickets
      .map((t) => displayTicket(t, items))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.ticketNumber.localeCompare(a.ticketNumber));
  }, []);
}

/** Unsent updates of one ticket, oldest first (pending marks, conflicts and failures in the panel). */
export function useTicketOutbox(ticketId: string | null): TicketUpdateItem[] | undefined {
  return useLiveQuery(async () => {
    if (!ticketId) return [];
    const items = await getOfflineDb().outbox.where('ticketId').equals(ticketId).sortBy('seq');
    return items.filter((i): i is TicketUpdateItem => i.kind === 'ticket.update' && i.state !== 'done');
  }, [ticketId]);
}

/** Cached work history of one ticket, newest first. */
export function useCachedWorkHistory(ticketId: string | null): TicketUpdateEntry[] | undefined {
  return useLiveQuery(async () => {
    if (!ticketId) return [];
    const rows = await getOfflineDb().ticketUpdates.where('ticketId').equals(ticketId).toArray();
    return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  }, [ticketId]);
}

/** Cached assignee list, by username. */
export function useCachedTechnicians(): Technician[] | undefined {
  return useLiveQuery(async () => (await getOfflineDb().technicians.toArray()).sort((a, b) => a.username.localeCompare(b.username)), []);
}

/** Progress of a queued public support request, as the form shows it. */
export interface QueuedTicketView {
  state: TicketCreateItem['state'];
  /** Set once the server created the ticket. */
  ticketNumber: string | null;
  /** The server's rejection (state 'failed'), with per-field messages when it sent them. */
  error: TicketCreateItem['error'];
  /** Last transient problem while waiting ("Network error", "429: ..."). */
  lastError: string | null;
}

/**
 * Live view of a queued support request (issue 3 flow 6): null when it does not exist (forgotten),
 * undefined while reading or when `seq` is null.
 */
export function useQueuedTicket(seq: number | null): QueuedTicketView | null | undefined {
  return useLiveQuery(async () => {
    if (seq === null) return undefined;
    const item = await getOfflineDb().outbox.get(seq);
    if (!item || item.kind !== 'ticket.create') return null;
    return { state: item.state, ticketNumber: item.result?.ticketNumber ?? null, error: item.error, lastError: item.lastError };
  }, [seq]);
}
