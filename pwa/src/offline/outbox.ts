/**
 * The outbox state machine (DESIGN.md 5): the only place that adds, claims, settles and discards
 * `outbox` rows; kind-specific steps run in the hooks of the item's kind (kinds.ts), inside the
 * same transactions.
 *
 *   enqueue --> pending --claim--> sending --2xx--> done (deleted, or kept with its result: keepDone)
 *                                     |----network error / 5xx / 408 / 429 / 401--> pending (+ backoff)
 *                                     |----409 (kind decides)--> pending again (retry) | conflict | failed
 *                                     `----other 4xx--> failed --discard--> deleted
 *   conflict --the feature's resolution--> pending | deleted;  failed / conflict / done --discard--> deleted
 *   sending found by a drain that holds the lock (its sender died) --> pending (the
 *   Idempotency-Key makes the resend safe).
 *
 * Every function runs its read-check-write in one Dexie transaction, so two tabs (or a tab and the
 * service worker) never both move the same item. Works without a window.
 */
import { newIdempotencyKey } from '../lib/ids';
import type { OfflineDb, OutboxItem, OutboxState } from './db';
import { outboxKind } from './kinds';

/** States of items that still need the server or the user. */
export const UNSENT_STATES: readonly OutboxState[] = ['pending', 'sending', 'conflict', 'failed'];

/** First retry delay after a 5xx / 429 (ms); doubled per attempt up to {@link MAX_BACKOFF_MS}. */
export const BASE_BACKOFF_MS = 2_000;
export const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * Delay before the next retry after `attempts` sends (exponential, capped), with up to 20% jitter
 * from `random` (0..1) so many phones do not retry in lockstep.
 */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const exp = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp * (1 + 0.2 * random()));
}

/** What a feature passes to {@link enqueue}. */
export interface OutboxDraft<P = unknown> {
  /** A registered kind (kinds.ts); enqueueing an unregistered kind throws. */
  kind: string;
  /** Kind-specific request data (stored as is: plain JSON-like values). */
  payload: P;
  /** Human label for messages, e.g. the ticket number. */
  label: string;
  /** Author: only their session sends a 'session' kind. Null = anonymous. */
  user: { id: string; username: string } | null;
  /** Indexed id of the record the item changes (e.g. the ticket id). Default null. */
  entityId?: string | null;
  /** FIFO group; default `<kind>:<entityId>`, or `<kind>:<key>` (an item of its own) without entityId. */
  stream?: string;
  /** Streams whose older pending items must be sent first (OutboxItem.after); none by default. */
  after?: string[];
}

const workListeners = new Set<() => void>();

/**
 * Subscribes to "the outbox has something new to send" (the page's sync engine registers a
 * Background Sync and pushes). Returns the unsubscribe function.
 */
export function onOutboxWork(listener: () => void): () => void {
  workListeners.add(listener);
  return () => workListeners.delete(listener);
}

/**
 * Tells whoever drains in this JS context (the page's engine) that items are due now, e.g. after a
 * feature re-queued a conflicted item. No-op where nobody listens (service worker, unit tests).
 */
export function nudgeSync(): void {
  for (const l of workListeners) l();
}

/**
 * Queues one write (DESIGN.md 5: the outbox is the one owner of offline writes): stores it in
 * IndexedDB with a new Idempotency-Key, state 'pending', then nudges the sync engine (it is sent at
 * once when online). It survives a closed tab or a killed app; nothing waits for the network.
 * @param db the offline database (`getOfflineDb()` in the app).
 * @param now enqueue time (tests).
 * @returns the item's `seq` (its FIFO position; read it back with useOutboxItem).
 * @throws Error when `draft.kind` is not registered (add it to offline-registry.ts).
 */
export async function enqueue<P>(db: OfflineDb, draft: OutboxDraft<P>, now = new Date()): Promise<number> {
  if (!outboxKind(draft.kind)) throw new Error(`Outbox kind '${draft.kind}' is not registered (see pwa/src/offline-registry.ts)`);
  const key = newIdempotencyKey();
  const entityId = draft.entityId ?? null;
  const item: Omit<OutboxItem<P>, 'seq'> = {
    key,
    kind: draft.kind,
    stream: draft.stream ?? `${draft.kind}:${entityId ?? key}`,
    ...(draft.after?.length ? { after: draft.after } : {}),
    state: 'pending',
    createdAt: now.toISOString(),
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    error: null,
    userId: draft.user?.id ?? null,
    userName: draft.user?.username ?? null,
    label: draft.label,
    entityId,
    payload: draft.payload,
    conflict: null,
    result: null,
  };
  const seq = await db.outbox.add(item as OutboxItem);
  nudgeSync();
  return seq;
}

/** Puts items left in 'sending' by a dead sender back to 'pending'. Call only while holding the drain lock. */
export async function recoverStuck(db: OfflineDb): Promise<number> {
  return db.outbox.where('state').equals('sending').modify({ state: 'pending' });
}

/**
 * pending -> sending, counting the attempt. Returns the item as claimed, or null when it is no
 * longer pending (resolved, discarded or sent meanwhile).
 */
export async function claimForSending(db: OfflineDb, seq: number): Promise<OutboxItem | null> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(seq);
    if (!item || item.state !== 'pending') return null;
    const claimed = { ...item, state: 'sending' as const, attempts: item.attempts + 1 };
    await db.outbox.put(claimed);
    return claimed;
  });
}

/** Applies `changes` to an item (no-op when it is gone). */
export async function changeItem(db: OfflineDb, seq: number, changes: Partial<OutboxItem>): Promise<void> {
  await db.outbox.update(seq, (item) => {
    Object.assign(item, changes);
  });
}

/**
 * Removes an item by the user's explicit choice: a failed or conflicted item ("Discard"), or a
 * finished item whose result was shown. Pending and sending items cannot be discarded (they may
 * already be on the server). The kind's `onDiscard` runs in the same transaction.
 * @returns true when removed.
 */
export async function discard(db: OfflineDb, seq: number): Promise<boolean> {
  const head = await db.outbox.get(seq);
  if (!head) return false;
  const kind = outboxKind(head.kind);
  return db.transaction('rw', ['outbox', ...(kind?.tables ?? [])], async () => {
    const item = await db.outbox.get(seq);
    if (!item || !['failed', 'conflict', 'done'].includes(item.state)) return false;
    await db.outbox.delete(seq);
    await kind?.onDiscard?.({ db, item });
    return true;
  });
}

/** Deletes done items older than `maxAgeMs` (their results were shown long ago). */
export async function pruneDone(db: OfflineDb, maxAgeMs: number, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - maxAgeMs).toISOString();
  return db.outbox
    .where('state')
    .equals('done')
    .filter((i) => i.createdAt < cutoff)
    .delete();
}

/**
 * The whole outbox in FIFO (seq) order, in one IndexedDB getAll. Live readers of the outbox should
 * use this one query and filter in JS: Dexie's live-query cache answers every identical
 * query from one read after each commit, whereas `anyOf` / `notEqual` walk a cursor item by item.
 */
export function readOutbox(db: OfflineDb): Promise<OutboxItem[]> {
  return db.outbox.toArray();
}

/** Items still needing the server or the user, in FIFO order. */
export async function unsentItems(db: OfflineDb): Promise<OutboxItem[]> {
  const all = await db.outbox.orderBy('seq').toArray();
  return all.filter((i) => i.state !== 'done');
}
