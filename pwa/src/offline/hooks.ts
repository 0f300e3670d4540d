/**
 * Live reads of the offline database for screens that must work offline (DESIGN.md 5,
 * dexie-react-hooks `useLiveQuery`): they re-render on every change, including changes made by
 * another tab or the service worker. `undefined` means "still reading". Names no feature: a
 * feature passes its own reader (e.g. features/tickets/offline `readDisplayedTickets`) to
 * {@link useOfflineQuery}.
 */
import { useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { META, getOfflineDb, type OfflineDb, type OutboxItem } from './db';
import { getSyncState, subscribeSyncState, type SyncState } from './engine';
import { outboxKind } from './kinds';

/** React hook over the page engine's state (who is signed in, running, last problem). */
export function useSyncState(): SyncState {
  return useSyncExternalStore(subscribeSyncState, getSyncState, getSyncState);
}

/**
 * Runs `read` against the offline database and re-runs it whenever the tables it read change
 * (precisely: a key range it read). A reader of a large table therefore costs that table on every
 * write to it: read only what the screen needs (issue 16: the ticket screen reads the outbox and
 * the tickets as two queries, and the whole ticket cache only when it lists it).
 * @param read an async reader using only Dexie (e.g. `(db) => readTicketOutbox(db, id)`).
 * @param deps values `read` depends on (like useEffect's).
 * @returns the result; `undefined` while reading.
 */
export function useOfflineQuery<T>(read: (db: OfflineDb) => Promise<T>, deps: readonly unknown[] = []): T | undefined {
  return useLiveQuery(() => read(getOfflineDb()), [...deps]);
}

/**
 * Items the current user can sync: anonymous or authorless items and their own. Before the engine
 * knows who is signed in (`undefined`), every item counts as theirs.
 */
function isMine(item: OutboxItem, userId: string | null | undefined): boolean {
  return userId === undefined || item.userId === null || item.userId === userId;
}

/** Outbox counts for the current user (SyncStatus). */
export interface OutboxCounts {
  /** pending + sending: "N updates waiting to sync". */
  waiting: number;
  /** conflict + failed: need the user. */
  attention: number;
  /** Those items, oldest first, with their label (e.g. the ticket number) and where to resolve them (the kind's `link`). */
  attentionItems: AttentionItem[];
  /** Unsent items of other users on this device, by username. */
  others: { userName: string; count: number }[];
}

/** An item of the current user that needs attention, as the sync bar lists it. */
export interface AttentionItem {
  seq: number;
  label: string;
  state: 'conflict' | 'failed';
  /** Same-origin path of the screen that resolves it; null when its kind names none. */
  link: string | null;
}

/** Live outbox counts (see {@link OutboxCounts}); zeros while reading. */
export function useOutboxCounts(): OutboxCounts {
  const { userId } = useSyncState();
  return useLiveQuery(
    async () => {
      const items = await getOfflineDb().outbox.where('state').anyOf('pending', 'sending', 'conflict', 'failed').toArray();
      const counts: OutboxCounts = { waiting: 0, attention: 0, attentionItems: [], others: [] };
      const others = new Map<string, number>();
      for (const i of items.sort((a, b) => a.seq - b.seq)) {
        if (!isMine(i, userId)) {
          const name = i.userName ?? 'another user';
          others.set(name, (others.get(name) ?? 0) + 1);
        } else if (i.state === 'conflict' || i.state === 'failed') {
          counts.attention += 1;
          counts.attentionItems.push({ seq: i.seq, label: i.label, state: i.state, link: outboxKind(i.kind)?.link?.(i) ?? null });
        } else counts.waiting += 1;
      }
      counts.others = [...others].map(([userName, count]) => ({ userName, count }));
      return counts;
    },
    [userId],
    { waiting: 0, attention: 0, attentionItems: [], others: [] },
  );
}

/** Number of items waiting to sync for the current user. */
export function useOutboxCount(): number {
  return useOutboxCounts().waiting;
}

/** Time of the last complete pull (ISO 8601), null when never; undefined while reading. */
export function useLastSync(): string | null | undefined {
  return useLiveQuery(async () => ((await getOfflineDb().meta.get(META.lastSync))?.value as string | undefined) ?? null, []);
}

/**
 * Live view of one outbox item by `seq` (e.g. a queued support request): the item, null when it
 * does not exist (sent and deleted, or discarded), undefined while reading or when `seq` is null.
 */
export function useOutboxItem(seq: number | null): OutboxItem | null | undefined {
  return useLiveQuery(async () => (seq === null ? undefined : ((await getOfflineDb().outbox.get(seq)) ?? null)), [seq]);
}

/**
 * Live list of the unsent items (not 'done') of one kind, optionally of one record, oldest first.
 * @param filter.kind registered kind name, e.g. 'ticket.update'.
 * @param filter.entityId only items changing that record; null -> [] (nothing selected).
 */
export function useOutboxItems(filter: { kind: string; entityId?: string | null }): OutboxItem[] | undefined {
  const { kind, entityId } = filter;
  return useLiveQuery(async () => {
    if (entityId === null) return [];
    const db = getOfflineDb();
    const items = entityId === undefined ? await db.outbox.where('kind').equals(kind).sortBy('seq') : await db.outbox.where('entityId').equals(entityId).sortBy('seq');
    return items.filter((i) => i.kind === kind && i.state !== 'done');
  }, [kind, entityId]);
}
