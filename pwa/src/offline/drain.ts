/**
 * Push side of the sync engine (DESIGN.md 5): drains the outbox. Runs in a window and in the
 * service worker (Background Sync): no window, localStorage or React. Names no feature: each item
 * is sent and settled by the registered kind of `item.kind` (kinds.ts).
 *
 * Rules:
 * - One drainer at a time per origin: the Web Locks API (`navigator.locks`, lock `outbox-drain`, lock.ts)
 *   across tabs and the service worker; an in-memory lock where it is missing (jsdom, old browsers).
 *   Holding the lock, items found in 'sending' belong to a dead sender and go back to 'pending'.
 * - First-in-first-out per stream: an item never overtakes an older item of its stream; a
 *   conflicted, failed, backing-off, other-user or unknown-kind item blocks only its stream.
 *   Different streams are sent concurrently ({@link DRAIN_CONCURRENCY} at a time, oldest head
 *   first); each stream is sent by one worker, one item at a time.
 * - Every request carries the item's Idempotency-Key (one key per item for life).
 * - Outcomes: 2xx done (kind's onSuccess); 409 -> the kind's onConflict decides: resend at once
 *   (retry, at most {@link MAX_RETRIES_PER_PASS} times per item and pass), conflict, or failure;
 *   401 / 408 / 429 / 5xx / no answer -> pending again and the pass stops (like Workbox's queue;
 *   5xx / 408 / 429 with exponential backoff or Retry-After): no further item is started, items
 *   already in flight on other streams are settled; other 4xx -> failed with the server's
 *   message (kind's onFailure). Each outcome is written in a Dexie transaction with the kind's hook;
 *   answers of different streams that arrive together share one transaction (settle.ts
 *   `createSettler`), which also claims each stream's next item.
 * - An item with `after` (stream names) waits until no older item of those streams is pending or
 *   sending: e.g. a ticket update naming a contact created offline waits for the contact's create
 *   (stream `client:<id>`), so it never reaches the server before what it names. A conflicted or
 *   failed item of those streams does not hold it. Waiting holds only its stream, for the round.
 * - Items of 'session' kinds are sent only for their author's session (`userId`, or any signed-in
 *   user when the author is unknown); 'anonymous' kinds always.
 * - An item of an unregistered kind (e.g. queued by a newer version of the app) is never sent and
 *   never dropped: it stays pending and is listed in `DrainReport.unknown`.
 */
import { IDEMPOTENCY_KEY_HEADER } from '@portal/shared';
import { META, getMeta, getOfflineDb, type OfflineDb, type OutboxItem } from './db';
import { outboxKind, type OutboxKind, type SettleContext } from './kinds';
import { changeItem, claimForSending, recoverStuck, unsentItems } from './outbox';
import { webLock } from './lock';
import { createSettler, type Outcome, type Settler } from './settle';
import type { DrainDeps, DrainReport } from './drainTypes';
import { NetworkError, createTransport, type HttpResponse } from '../lib/http';

export { MAX_RETRIES_PER_PASS } from './settle';
export { DRAIN_LOCK, memoryLock, webLock, type LockRunner } from './lock';
export type { DrainDeps, DrainReport, SentItem } from './drainTypes';

/** Background Sync tag: the page registers it after an enqueue; the service worker drains on it. */
export const SYNC_TAG = 'outbox-sync';

/**
 * Streams a drain sends at the same time. Items of one stream are still sent one after another;
 * different streams (e.g. different tickets) overlap, so a long queue costs about
 * (longest stream + items / concurrency) round trips instead of one per item. Below the browser's
 * 6 connections per host, leaving room for the screens' own requests.
 */
export const DRAIN_CONCURRENCY = 4;

/**
 * Drains the outbox once (see the module rules), returning what happened. Safe to call at any
 * time from anywhere; concurrent calls queue behind the lock. Never throws for HTTP or network
 * problems (they are recorded on the items); rejects only if IndexedDB itself fails.
 */
export async function drainOutbox(options: Partial<DrainDeps> = {}): Promise<DrainReport> {
  const deps: DrainDeps = {
    db: options.db ?? getOfflineDb(),
    transport: options.transport ?? createTransport(),
    userId: options.userId,
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
    lock: options.lock ?? webLock(),
    force: options.force ?? false,
    concurrency: options.concurrency ?? DRAIN_CONCURRENCY,
  };
  return deps.lock(() => drainLocked(deps));
}

/**
 * For the service worker's `sync` event (tag 'outbox-sync'): drains, and rejects when items must
 * be retried later (no answer / server trouble) so the browser schedules another sync.
 */
export async function backgroundSyncDrain(options: Partial<DrainDeps> = {}): Promise<DrainReport> {
  const report = await drainOutbox(options);
  if (report.stoppedBy === 'network' || report.stoppedBy === 'server') {
    throw new Error(`outbox: ${report.remaining} item(s) left, retry later`);
  }
  return report;
}

/** What one pass shares between its stream workers. */
interface Pass {
  deps: DrainDeps;
  owner: string | null;
  report: DrainReport;
  /** Streams that cannot go on in this pass (head not due, conflicted, failed, unknown kind...). */
  blocked: Set<string>;
  /** Set by the first worker that must stop the pass; the others stop after their current item. */
  stop: Exclude<Outcome, 'done' | 'blocked'> | null;
  /** Items sent (2xx) in the current round. */
  progressed: boolean;
  /** Settles the workers' answers, batching those that arrive together (createSettler). */
  settleBatched: Settler;
  /** True while `item` waits for an older item of one of its `after` streams (this round's snapshot). */
  waiting: (item: OutboxItem) => boolean;
}

async function drainLocked(deps: DrainDeps): Promise<DrainReport> {
  const { db } = deps;
  await recoverStuck(db);
  const owner = deps.userId !== undefined ? deps.userId : ((await getMeta<string | null>(db, META.owner)) ?? null);
  const report: DrainReport = { sent: [], conflicts: [], failed: [], unknown: [], stoppedBy: null, remaining: 0, retryAt: null };
  const pass: Pass = { deps, owner, report, blocked: new Set(), stop: null, progressed: true, settleBatched: createSettler(deps, report), waiting: () => false };
  // Rounds: send every stream whose head is due, up to `concurrency` streams at a time; then look
  // again for items enqueued meanwhile, as long as the last round sent something.
  while (pass.progressed && !pass.stop) {
    pass.progressed = false;
    const unsent = await unsentItems(db);
    pass.waiting = waitsFor(unsent);
    const streams = dueStreams(unsent, pass);
    if (streams.length === 0) break;
    await inPool(streams, Math.max(1, deps.concurrency), (items) => sendStream(items, pass));
  }
  report.stoppedBy = pass.stop;
  const pending = await db.outbox.where('state').equals('pending').toArray();
  report.remaining = pending.length + (await db.outbox.where('state').equals('sending').count());
  const later = pending.filter((i) => i.nextAttemptAt > deps.now()).map((i) => i.nextAttemptAt);
  report.retryAt = later.length > 0 ? Math.min(...later) : null;
  return report;
}

/**
 * Groups unsent items (FIFO order) by stream and keeps the streams whose head may be sent now,
 * oldest head first; a stream whose head is not due (or of an unknown kind) is blocked for the pass.
 */
function dueStreams(items: readonly OutboxItem[], pass: Pass): OutboxItem[][] {
  const streams = new Map<string, OutboxItem[]>();
  const held = new Set<string>();
  for (const item of items) {
    if (pass.blocked.has(item.stream) || held.has(item.stream)) continue;
    const queue = streams.get(item.stream);
    if (queue) {
      queue.push(item);
      continue;
    }
    const kind = outboxKind(item.kind);
    if (!kind) {
      if (!pass.report.unknown.some((u) => u.seq === item.seq)) pass.report.unknown.push(item);
      pass.blocked.add(item.stream);
    } else if (!isDue(item, kind, pass.owner, pass.deps)) {
      pass.blocked.add(item.stream);
    } else if (pass.waiting(item)) {
      held.add(item.stream);
    } else {
      streams.set(item.stream, [item]);
    }
  }
  return [...streams.values()];
}

/**
 * Sends one stream's items strictly in order until it is empty, blocked, or the pass stops. The
 * transaction that settles an item also claims the stream's next item when it is due (at most one
 * IndexedDB transaction per item instead of two); a claimed item the pass no longer sends is
 * released unchanged.
 */
async function sendStream(items: readonly OutboxItem[], pass: Pass): Promise<void> {
  const { report, blocked, deps } = pass;
  let claimed: OutboxItem | null = null;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const kind = outboxKind(item.kind);
    if (pass.stop || !kind || !isDue(item, kind, pass.owner, deps)) {
      if (claimed) await releaseClaim(deps.db, claimed);
      if (pass.stop) return;
      if (!kind && !report.unknown.some((u) => u.seq === item.seq)) report.unknown.push(item);
      blocked.add(item.stream);
      return;
    }
    if (i > 0 && pass.waiting(item)) {
      // Held for this round (not blocked): the next round sees whether what it waits for was sent.
      if (claimed) await releaseClaim(deps.db, claimed);
      return;
    }
    const following = items[i + 1];
    const followingKind = following && outboxKind(following.kind);
    const next = following && followingKind && isDue(following, followingKind, pass.owner, deps) && !pass.waiting(following) ? following.seq : null;
    const sent = await sendOne(item.seq, kind, pass, claimed?.seq === item.seq ? claimed : null, next);
    claimed = sent.claimed;
    if (sent.outcome === 'done') {
      pass.progressed = true;
    } else {
      if (claimed) await releaseClaim(deps.db, claimed);
      if (sent.outcome === 'blocked') blocked.add(item.stream);
      else pass.stop ??= sent.outcome;
      return;
    }
  }
  if (claimed) await releaseClaim(deps.db, claimed);
}

/**
 * From the unsent items (FIFO order): a test of whether an item waits for an older pending or
 * sending item of one of its `after` streams (its own stream excluded: FIFO already orders it).
 */
function waitsFor(unsent: readonly OutboxItem[]): (item: OutboxItem) => boolean {
  const oldest = new Map<string, number>();
  for (const i of unsent) if ((i.state === 'pending' || i.state === 'sending') && !oldest.has(i.stream)) oldest.set(i.stream, i.seq);
  return (item) => (item.after ?? []).some((s) => s !== item.stream && (oldest.get(s) ?? Infinity) < item.seq);
}

/** Undoes a claim whose item was not sent after all (back to 'pending', attempt not counted). */
async function releaseClaim(db: OfflineDb, claimed: OutboxItem): Promise<void> {
  await db.outbox.update(claimed.seq, (item) => {
    if (item.state !== 'sending') return;
    item.state = 'pending';
    item.attempts = Math.max(0, item.attempts - 1);
  });
}

/**
 * Runs `run` over `tasks` with at most `size` at a time, in order of `tasks`. Waits for every
 * started task; rethrows the first error after that (a failing IndexedDB), starting nothing new
 * once one failed.
 */
async function inPool<T>(tasks: readonly T[], size: number, run: (task: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < tasks.length) {
      const task = tasks[next++];
      try {
        await run(task);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, tasks.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

function isDue(item: OutboxItem, kind: OutboxKind, owner: string | null, deps: DrainDeps): boolean {
  if (item.state !== 'pending') return false;
  if (!deps.force && item.nextAttemptAt > deps.now()) return false;
  if (kind.auth === 'session') return owner !== null && (item.userId === null || item.userId === owner);
  return true;
}

/**
 * Claims (unless `preclaimed`), sends and settles one item, re-sending at once when the kind
 * retries after a 409. When it is done and `next` is given, the settling transaction also claims
 * item `next` (`claimed`: null when that item is no longer pending).
 */
async function sendOne(
  seq: number,
  kind: OutboxKind,
  pass: Pass,
  preclaimed: OutboxItem | null,
  next: number | null,
): Promise<{ outcome: Outcome; claimed: OutboxItem | null }> {
  const { deps, settleBatched } = pass;
  const { db } = deps;
  for (let retries = 0; ; retries++) {
    const item = retries === 0 && preclaimed ? preclaimed : await claimForSending(db, seq);
    if (!item) return { outcome: 'blocked', claimed: null };
    const req = kind.request(item);
    let res: HttpResponse;
    try {
      res = kind.send ? await kind.send(item, { db }) : await deps.transport({ ...req, headers: { ...req.headers, [IDEMPOTENCY_KEY_HEADER]: item.key } });
    } catch (e) {
      await changeItem(db, seq, { state: 'pending', nextAttemptAt: 0, lastError: e instanceof NetworkError ? e.message : 'Network error', lastStatus: null });
      return { outcome: 'network', claimed: null };
    }
    const ctx: SettleContext = { db, item, status: res.status, body: res.body };
    const settled = await settleBatched({ kind, ctx, res, retries, next });
    if (settled.outcome !== 'retry') return { outcome: settled.outcome, claimed: settled.claimed };
  }
}
