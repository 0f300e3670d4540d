/**
 * The outbox state machine (DESIGN.md 5): the only place that changes `outbox` rows, apart from
 * ticket-specific steps in ticketOutbox.ts.
 *
 *   pending --claim--> sending --2xx--> done (update: deleted; create: kept with its result)
 *                         |----network error / 5xx / 408 / 429 / 401--> pending (+ backoff)
 *                         |----409--> conflict --resolve--> pending | deleted (nothing left to send)
 *                         `----other 4xx--> failed --discard--> deleted
 *   sending found by a drain that holds the lock (its sender died) --> pending (the
 *   Idempotency-Key makes the resend safe).
 *
 * Every function runs its read-check-write in one Dexie transaction, so two tabs (or a tab and the
 * service worker) never both move the same item. Works without a window.
 */
import type { TicketCreateInput } from '@portal/shared';
import { newIdempotencyKey } from '../lib/ids';
import type { OfflineDb, OutboxError, OutboxItem, OutboxState, TicketCreateItem, TicketUpdateItem } from './db';

/** States of items that still need the server or the technician. */
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

/** Fields every new item starts with. */
export function newItemFields(stream: string, key: string, now: Date) {
  return {
    key,
    state: 'pending' as const,
    stream,
    createdAt: now.toISOString(),
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    error: null,
  };
}

/**
 * Queues a public ticket form submission (issue 3 flow 6) with its own Idempotency-Key.
 * @returns the item's seq (pass it to `useQueuedTicket`).
 */
export async function enqueueTicketCreate(db: OfflineDb, body: TicketCreateInput, now = new Date()): Promise<number> {
  const key = newIdempotencyKey();
  const item: Omit<TicketCreateItem, 'seq'> = { ...newItemFields(`create:${key}`, key, now), kind: 'ticket.create', body, result: null };
  return db.outbox.add(item as TicketCreateItem);
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
export async function changeItem(db: OfflineDb, seq: number, changes: Partial<TicketUpdateItem> | Partial<TicketCreateItem>): Promise<void> {
  await db.outbox.update(seq, (item) => {
    Object.assign(item, changes);
  });
}

/** sending -> pending, not before `nextAttemptAt` (epoch ms; 0 = at the next pass), noting why. */
export async function markRetry(db: OfflineDb, seq: number, nextAttemptAt: number, lastError: string): Promise<void> {
  await changeItem(db, seq, { state: 'pending', nextAttemptAt, lastError });
}

/** sending -> failed with the server's rejection; blocks later items of the same stream. */
export async function markFailed(db: OfflineDb, seq: number, error: OutboxError): Promise<void> {
  await changeItem(db, seq, { state: 'failed', error, lastError: null });
}

/** sending -> done for a ticket creation: the number is kept for the form's success view. */
export async function completeCreate(db: OfflineDb, seq: number, result: TicketCreateItem['result']): Promise<void> {
  await changeItem(db, seq, { state: 'done', result, lastError: null, error: null });
}

/**
 * Removes an item by the user's explicit choice: a failed or conflicted item ("Discard"), or a
 * finished ticket creation whose number was shown. Pending and sending items cannot be discarded
 * here (they may already be on the server).
 * @returns true when removed.
 */
export async function discardOutboxItem(db: OfflineDb, seq: number): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(seq);
    if (!item || !['failed', 'conflict', 'done'].includes(item.state)) return false;
    await db.outbox.delete(seq);
    if (item.kind === 'ticket.update') await reseatLaterItems(db, item, item.seen);
    return true;
  });
}

/**
 * After `removed`'s change of some fields is abandoned (discarded, or a field given up for the
 * server's value), later items of its stream that saw that change as the displayed value now
 * "saw" `replacement[f]` instead (the value before it, or the server's accepted value), so a later
 * 409 is judged against what the technician really ends up with. Call inside a transaction.
 */
export async function reseatLaterItems(
  db: OfflineDb,
  removed: TicketUpdateItem,
  replacement: TicketUpdateItem['seen'],
): Promise<void> {
  const later = (await db.outbox.where('stream').equals(removed.stream).sortBy('seq')).filter(
    (i): i is TicketUpdateItem => i.kind === 'ticket.update' && i.seq > removed.seq && i.state !== 'done',
  );
  const fields = (Object.keys(replacement) as (keyof TicketUpdateItem['seen'])[]).filter((f) => removed.patch[f] !== undefined);
  const changed = new Set<TicketUpdateItem>();
  for (const f of fields) {
    for (const item of later) {
      if (f in item.seen) {
        item.seen = { ...item.seen, [f]: replacement[f] };
        changed.add(item);
      }
      if (item.patch[f] !== undefined) break; // later items saw this one's value, not the removed one's
    }
  }
  if (changed.size > 0) await db.outbox.bulkPut([...changed]);
}

/** Deletes finished creations older than `maxAgeMs` (their numbers were shown long ago). */
export async function pruneDone(db: OfflineDb, maxAgeMs: number, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - maxAgeMs).toISOString();
  return db.outbox
    .where('state')
    .equals('done')
    .filter((i) => i.createdAt < cutoff)
    .delete();
}

/** Items still needing the server or the technician, in FIFO order. */
export async function unsentItems(db: OfflineDb): Promise<OutboxItem[]> {
  const all = await db.outbox.orderBy('seq').toArray();
  return all.filter((i) => i.state !== 'done');
}
