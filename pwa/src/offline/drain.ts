/**
 * Push side of the sync engine (DESIGN.md 5): drains the outbox. Runs in a window and in the
 * service worker (Background Sync): no window, localStorage or React.
 *
 * Rules:
 * - One drainer at a time per origin: the Web Locks API (`navigator.locks`, lock {@link DRAIN_LOCK})
 *   across tabs and the service worker; an in-memory lock where it is missing (jsdom, old browsers).
 *   Holding the lock, items found in 'sending' belong to a dead sender and go back to 'pending'.
 * - First-in-first-out per stream (one ticket, or one new ticket): an item never overtakes an older
 *   item of its stream; a conflicted, failed, backing-off or other-user item blocks only its stream.
 * - Outcomes: 2xx done; 409 conflict (or a silent re-base when no field really conflicts, see
 *   ticketOutbox.realConflicts); 401 / 408 / 429 / 5xx / no answer -> pending again and the pass
 *   stops (like Workbox's queue); other 4xx -> failed with the server's message.
 * - Ticket updates are sent only for their author's session (`userId`); ticket creations always
 *   (anonymous public form).
 */
import { IDEMPOTENCY_KEY_HEADER } from '@portal/shared';
import type { TicketConflictBody, TicketCreated, TicketPatchResult } from '@portal/shared';
import { META, getMeta, getOfflineDb, type OfflineDb, type OutboxItem, type TicketUpdateItem } from './db';
import { backoffMs, claimForSending, completeCreate, markFailed, markRetry, recoverStuck, unsentItems } from './outbox';
import { completeTicketUpdate, markConflict, realConflicts, rebaseAfterConflict } from './ticketOutbox';
import { NetworkError, createTransport, serverMessage, type HttpResponse, type Transport } from '../lib/http';

/** Background Sync tag: the page registers it after an enqueue; the service worker drains on it. */
export const SYNC_TAG = 'outbox-sync';

/** Name of the Web Lock that serialises drains across tabs and the service worker. */
export const DRAIN_LOCK = 'outbox-drain';

/** Re-bases after a 409 without real conflict, per item and pass, before it counts as a conflict. */
const MAX_REBASES = 3;

/** Runs `fn` while holding a lock. */
export type LockRunner = <T>(fn: () => Promise<T>) => Promise<T>;

const memoryChains = new Map<string, Promise<unknown>>();

/** In-memory fallback lock (one JS context only). */
export function memoryLock(name: string): LockRunner {
  return <T>(fn: () => Promise<T>) => {
    const previous = memoryChains.get(name) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    memoryChains.set(name, run.catch(() => undefined));
    return run;
  };
}

/** Web Locks when available (windows and workers of one origin share them), else {@link memoryLock}. */
export function webLock(name = DRAIN_LOCK): LockRunner {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (!locks || typeof locks.request !== 'function') return memoryLock(name);
  return <T>(fn: () => Promise<T>) => locks.request(name, () => fn()) as Promise<T>;
}

/** What a drain needs; every field has a default suited to the service worker. */
export interface DrainDeps {
  db: OfflineDb;
  /** Default: cookie-authenticated fetch (service worker). The page passes one with its bearer token. */
  transport: Transport;
  /** Whose ticket updates may be sent; undefined -> the `owner` meta row the page keeps (service worker). */
  userId: string | null | undefined;
  /** Epoch ms. */
  now: () => number;
  random: () => number;
  lock: LockRunner;
  /** Ignore backoff delays (the network just came back, or the user asked). */
  force: boolean;
}

/** An item finished in this pass. */
export interface SentItem {
  seq: number;
  kind: OutboxItem['kind'];
  ticketId: string | null;
  ticketNumber: string | null;
}

/** Result of one drain. */
export interface DrainReport {
  sent: SentItem[];
  /** Items that became conflicts / failed in this pass. */
  conflicts: TicketUpdateItem[];
  failed: OutboxItem[];
  /** Why the pass stopped early: no answer, server trouble (5xx/408/429), or the session was rejected (401). */
  stoppedBy: 'network' | 'server' | 'auth' | null;
  /** Items still to send (pending or sending) after the pass. */
  remaining: number;
}

type Outcome = 'done' | 'blocked' | 'network' | 'server' | 'auth';

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

async function drainLocked(deps: DrainDeps): Promise<DrainReport> {
  const { db } = deps;
  await recoverStuck(db);
  const owner = deps.userId !== undefined ? deps.userId : ((await getMeta<string | null>(db, META.owner)) ?? null);
  const report: DrainReport = { sent: [], conflicts: [], failed: [], stoppedBy: null, remaining: 0 };
  let again = true;
  rounds: while (again) {
    again = false;
    const blocked = new Set<string>();
    for (const item of await unsentItems(db)) {
      if (blocked.has(item.stream)) continue;
      if (!isDue(item, owner, deps)) {
        blocked.add(item.stream);
        continue;
      }
      const outcome = await sendOne(item.seq, deps, report);
      if (outcome === 'done') {
        again = true; // look again for items enqueued meanwhile
      } else if (outcome === 'blocked') {
        blocked.add(item.stream);
      } else {
        report.stoppedBy = outcome;
        break rounds;
      }
    }
  }
  report.remaining = await db.outbox.where('state').anyOf('pending', 'sending').count();
  return report;
}

function isDue(item: OutboxItem, owner: string | null, deps: DrainDeps): boolean {
  if (item.state !== 'pending') return false;
  if (!deps.force && item.nextAttemptAt > deps.now()) return false;
  if (item.kind === 'ticket.update') return owner !== null && (item.userId === null || item.userId === owner);
  return true;
}

function request(item: OutboxItem) {
  const headers = { [IDEMPOTENCY_KEY_HEADER]: item.key };
  return item.kind === 'ticket.update'
    ? { method: 'PATCH', url: `/api/tickets/${encodeURIComponent(item.ticketId)}`, body: item.patch, headers }
    : { method: 'POST', url: '/api/tickets', body: item.body, headers };
}

/** Claims, sends and settles one item (re-sending at once after a conflict-free re-base). */
async function sendOne(seq: number, deps: DrainDeps, report: DrainReport): Promise<Outcome> {
  const { db } = deps;
  for (let rebases = 0; ; rebases++) {
    const item = await claimForSending(db, seq);
    if (!item) return 'blocked';
    let res: HttpResponse;
    try {
      res = await deps.transport(request(item));
    } catch (e) {
      await markRetry(db, seq, 0, e instanceof NetworkError ? e.message : 'Network error');
      return 'network';
    }
    const { status, body } = res;
    if (status >= 200 && status < 300) {
      if (item.kind === 'ticket.update') await completeTicketUpdate(db, item, body as TicketPatchResult);
      else await completeCreate(db, seq, body as TicketCreated);
      report.sent.push({
        seq,
        kind: item.kind,
        ticketId: item.kind === 'ticket.update' ? item.ticketId : ((body as TicketCreated | undefined)?.id ?? null),
        ticketNumber: item.kind === 'ticket.update' ? item.ticketNumber : ((body as TicketCreated | undefined)?.ticketNumber ?? null),
      });
      return 'done';
    }
    if (status === 409 && item.kind === 'ticket.update' && isConflictBody(body)) {
      const real = realConflicts(item, body);
      if (real.length === 0 && rebases < MAX_REBASES) {
        await rebaseAfterConflict(db, item, body.ticket);
        continue;
      }
      const fields = real.length > 0 ? real : body.conflicts;
      await markConflict(db, item, body.ticket, fields);
      report.conflicts.push({ ...item, state: 'conflict', conflict: { ticket: body.ticket, fields } });
      return 'blocked';
    }
    const message = serverMessage(body, `${status}`);
    if (status === 401) {
      await markRetry(db, seq, 0, 'Sign in again to sync');
      return 'auth';
    }
    if (status === 408 || status === 429 || status >= 500) {
      const delay = res.retryAfterMs ?? backoffMs(item.attempts, deps.random);
      await markRetry(db, seq, deps.now() + delay, `${status}: ${message}`);
      return 'server';
    }
    const error = { status, message, ...fieldErrorsOf(body) };
    await markFailed(db, seq, error);
    report.failed.push({ ...item, state: 'failed', error });
    return 'blocked';
  }
}

function isConflictBody(body: unknown): body is TicketConflictBody {
  const b = body as Partial<TicketConflictBody> | undefined;
  return Boolean(b && typeof b === 'object' && b.ticket && typeof b.ticket.version === 'number' && Array.isArray(b.conflicts));
}

function fieldErrorsOf(body: unknown): { fieldErrors?: Record<string, string[]> } {
  const fe = (body as { fieldErrors?: unknown } | undefined)?.fieldErrors;
  return fe && typeof fe === 'object' ? { fieldErrors: fe as Record<string, string[]> } : {};
}
