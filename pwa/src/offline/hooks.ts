/**
 * Live reads of the offline database for screens that must work offline (DESIGN.md 5,
 * dexie-react-hooks `useLiveQuery`): they re-render on every change, including changes made by
 * another tab or the service worker; while the page's engine runs a pass, the screens' reads
 * (`useOfflineQuery`, `useOutboxCounts`) re-run at most about every {@link BUSY_READ_INTERVAL_MS}. `undefined` means "still reading". Names no feature: a
 * feature passes its own reader (e.g. features/tickets/offline `readDisplayedTickets`) to
 * {@link useOfflineQuery}.
 */
import { useSyncExternalStore } from 'react';
import { liveQuery, type Subscription } from 'dexie';
import { useLiveQuery, useObservable, type InteropableObservable } from 'dexie-react-hooks';
import { META, getOfflineDb, type OfflineDb, type OutboxItem } from './db';
import { getSyncState, subscribeSyncState, type SyncState } from './engine';
import { outboxKind } from './kinds';
import { readOutbox } from './outbox';

/** React hook over the page engine's state (who is signed in, running, last problem). */
export function useSyncState(): SyncState {
  return useSyncExternalStore(subscribeSyncState, getSyncState, getSyncState);
}

/** While the page's engine runs a pass, a live read re-runs at most about this often (ms). */
export const BUSY_READ_INTERVAL_MS = 1_000;

/** A reader of a whole large table (the device's ticket list) re-runs at most this often during a pass (ms). */
export const BUSY_LARGE_READ_INTERVAL_MS = 2_000;

/** Paused live reads by interval, resumed together (they then share Dexie's cached reads and one render). */
const ticks = new Map<number, { paused: Set<() => void>; timer: ReturnType<typeof setTimeout> | null }>();

function pauseUntilNextTick(resume: () => void, interval: number): void {
  let tick = ticks.get(interval);
  if (!tick) ticks.set(interval, (tick = { paused: new Set(), timer: null }));
  const t = tick;
  t.paused.add(resume);
  t.timer ??= setTimeout(() => {
    t.timer = null;
    const due = [...t.paused];
    t.paused.clear();
    for (const r of due) r();
  }, interval);
}

function unpause(resume: () => void): void {
  for (const t of ticks.values()) t.paused.delete(resume);
}

/**
 * Resumes every paused live read now instead of at its tick: called when the engine's pass ends,
 * so no screen shows data older than the pass that the sync bar already calls done ('Last
 * synced ...'). Without it a reader paused during a first sync (e.g. the ticket panel's tag list)
 * stayed empty for up to {@link BUSY_LARGE_READ_INTERVAL_MS} after the pass had stored its data,
 * and a tap in that window judged the tag unknown ('Only an admin can create new tags.').
 */
export function resumePausedReads(): void {
  for (const t of ticks.values()) {
    if (t.timer) clearTimeout(t.timer);
    t.timer = null;
    const due = [...t.paused];
    t.paused.clear();
    for (const r of due) r();
  }
}

let wasRunning = false;
subscribeSyncState(() => {
  const { running } = getSyncState();
  if (wasRunning && !running) resumePausedReads();
  wasRunning = running;
});

/**
 * Dexie's `liveQuery(querier)`, coalescing re-runs while `busy()`: a drain commits one
 * transaction per answer or so, and re-reading and re-rendering every screen after each commit
 * took the page's main thread from the drain. The first read of a subscription, a change while
 * not busy and a change after a quiet interval (e.g. the user's own update) are read at once as
 * before; a change while busy that follows the previous read within the interval is read at once
 * too, then the reader stops listening and reads afresh at the next shared tick ({@link BUSY_READ_INTERVAL_MS}; every
 * paused reader resumes at the same tick, so the screens stay consistent with each other). A burst
 * of commits thus costs about two reads per interval, the last state is always read, and nothing is
 * polled while nothing changes.
 */
export function coalescedLiveQuery<T>(querier: () => Promise<T>, busy: () => boolean, interval: number = BUSY_READ_INTERVAL_MS): InteropableObservable<T> {
  return {
    hasValue: () => false,
    subscribe(onNext, onError) {
      let current: Subscription | null = null;
      let closed = false;
      let lastRead = -Infinity;
      const listen = () => {
        if (closed) return;
        let first = true;
        let early = false;
        const self: Subscription = liveQuery(querier).subscribe({
          next: (value) => {
            onNext(value);
            const now = Date.now();
            const soon = now - lastRead < interval;
            lastRead = now;
            if (first || closed || !soon || !busy()) {
              first = false;
              return;
            }
            if (current === self) current.unsubscribe();
            else early = true; // emitted before subscribe() returned
            current = null;
            pauseUntilNextTick(listen, interval);
          },
          error: (e) => onError?.(e),
        });
        if (early) self.unsubscribe();
        else current = self;
      };
      listen();
      return {
        unsubscribe() {
          closed = true;
          current?.unsubscribe();
          unpause(listen);
        },
      };
    },
  };
}

const engineBusy = () => getSyncState().running;

/**
 * Runs `read` against the offline database and re-runs it whenever the tables it read change
 * (precisely: a key range it read); while the engine runs a pass, at most about every
 * {@link BUSY_READ_INTERVAL_MS} ({@link coalescedLiveQuery}). A reader of a large table therefore costs that table on every
 * write to it: read only what the screen needs (the ticket screen reads the outbox and
 * the tickets as two queries, and the whole ticket cache only when it lists it).
 * @param read an async reader using only Dexie (e.g. `(db) => readTicketOutbox(db, id)`).
 * @param deps values `read` depends on (like useEffect's).
 * @param options.busyIntervalMs the interval while the engine runs ({@link BUSY_READ_INTERVAL_MS};
 *   {@link BUSY_LARGE_READ_INTERVAL_MS} for a reader of a whole large table, e.g. the device's ticket
 *   list, which a first sync's pages would otherwise re-read and re-render about four times a second).
 * @returns the result; `undefined` while reading.
 */
export function useOfflineQuery<T>(read: (db: OfflineDb) => Promise<T>, deps: readonly unknown[] = [], options: { busyIntervalMs?: number } = {}): T | undefined {
  const interval = options.busyIntervalMs ?? BUSY_READ_INTERVAL_MS;
  return useObservable(() => coalescedLiveQuery(() => read(getOfflineDb()), engineBusy, interval), [...deps, interval]);
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

/** Counts the outbox items (FIFO order) for `userId` (see {@link OutboxCounts}). */
function countOutbox(items: readonly OutboxItem[], userId: string | null | undefined): OutboxCounts {
  const counts: OutboxCounts = { waiting: 0, attention: 0, attentionItems: [], others: [] };
  const others = new Map<string, number>();
  for (const i of items) {
    if (i.state === 'done') continue;
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
}

/** Live outbox counts (see {@link OutboxCounts}); zeros while reading; coalesced while the engine runs. */
export function useOutboxCounts(): OutboxCounts {
  const { userId } = useSyncState();
  // One getAll of the whole outbox, filtered in JS: `anyOf` would walk a cursor item by item, and
  // this very query is OfflineSync's and the ticket screen's (readOutbox), so Dexie's live-query
  // cache answers them from one read after an outbox commit.
  return useObservable(() => coalescedLiveQuery(async () => countOutbox(await readOutbox(getOfflineDb()), userId), engineBusy), [userId], {
    waiting: 0,
    attention: 0,
    attentionItems: [],
    others: [],
  });
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
