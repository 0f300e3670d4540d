/**
 * The page's sync engine (DESIGN.md 5): when to push (drain the outbox) and pull (delta sync), for
 * whom, and its state for the UI. The service worker does not use this module (see drain.ts).
 *
 * Triggers: the first {@link setSyncUser} after start (app start), the `online` event (ignoring
 * backoff), returning to the app (`visibilitychange` to visible), a timer while visible
 * ({@link TIMER_MS}, doubled after each failed run up to {@link MAX_TIMER_MS}; sooner when items
 * wait for a server back-off), a reachability probe every 3-5 s while visible when the server does
 * not answer although the browser says online (retry.ts; an answer syncs at once), and every enqueue
 * (push only; plus a Background Sync registration for the service worker; any `enqueue` or
 * `nudgeSync` in this page triggers it). Runs are serialised and coalesced: at most one waits
 * behind the running one.
 *
 * Auth: lib/api's `sessionTransport` (bearer token of lib/session plus the session cookie). Items
 * of 'session' kinds are sent only for the signed-in author; pulls only for staff (technician,
 * admin). No React here: hooks.ts reads the state with {@link subscribeSyncState}.
 */
import { STAFF_ROLES, type PublicUser } from '@portal/shared';
import { pullAll, setCacheOwner } from './collections';
import { isServerUnreachable, probeServer, reportReachable } from './connectivity';
import { getOfflineDb, type OfflineDb } from './db';
import { SYNC_TAG, drainOutbox } from './drain';
import { onOutboxWork, pruneDone } from './outbox';
import { createProbeLoop } from './retry';
import { SIGN_IN_AGAIN_TEXT, SYNC_RETRY_TEXT, syncProblemText } from './syncProblem';
import { sessionTransport } from '../lib/api';
import { NetworkError } from '../lib/http';

export { SYNC_TAG } from './drain';
/** Timer period while the app is visible (ms), and its ceiling after repeated failures. */
export const TIMER_MS = 30_000;
export const MAX_TIMER_MS = 5 * 60_000;
/** Earliest next run after a server back-off (ms): a Retry-After of 0 must not spin. */
export const MIN_RETRY_MS = 1_000;
/** Done items (kinds with `keepDone`, e.g. a support request's number) are kept this long (ms). */
const DONE_KEEP_MS = 7 * 24 * 60 * 60_000;

/** Engine state for the UI. */
export interface SyncState {
  /** The signed-in user the engine works for (null: signed out; undefined: not told yet). */
  userId: string | null | undefined;
  running: boolean;
  /** Last problem of a run in words for people (syncProblem.ts), null after a clean run. */
  lastError: string | null;
}

/** What one run should do. */
export interface SyncRequest {
  /** Ignore backoff delays of items (network back, user asked). */
  force?: boolean;
  /** Also pull the cached collections (default true). */
  pull?: boolean;
}

let state: SyncState = { userId: undefined, running: false, lastError: null };
let user: PublicUser | null = null;
const stateListeners = new Set<() => void>();
const transport = sessionTransport;
let chain: Promise<void> = Promise.resolve();
let waiting: { request: Required<SyncRequest>; promise: Promise<void> } | null = null;
let failures = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
let started = 0;
/** When the last run left items waiting for a server back-off (epoch ms), else null. */
let retryAt: number | null = null;

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * Whether the last run's requests were answered: true / false, or null when it sent none (an empty
 * outbox and no pull). Set by {@link runOnce}.
 */
let lastRunAnswered: boolean | null = null;
/** Resolves the first {@link ownerSet} once the page has been told who is signed in. */
let announceOwner: () => void = () => {};
/** The owner (user id, null: nobody) and database of the last change of owner queued ({@link queueOwner}). */
let ownerQueued: { id: string | null; db: OfflineDb } | null = null;
/** Settles when the cached data's owner is the user of the last change queued ({@link queueOwner}). */
let ownerSet = new Promise<void>((resolve) => (announceOwner = resolve));

/**
 * Lie-fi: probes the server every few seconds while visible (retry.ts); an answer syncs at once.
 * The probe's answer alone does not make the app online again: on a weak signal the small HEAD
 * gets through while the sync's requests still fail, and trusting it flipped the UI Online and
 * Offline every few seconds (the ticket list swapping between the server's and the device's). The
 * sync that follows decides; only a run that sent nothing leaves it to the probe.
 */
const probeLoop = createProbeLoop({
  probe: () => probeServer(),
  allowed: () => started > 0 && visible() && browserOnline(),
  onAnswer: () => {
    void requestSync({ force: true, pull: true }).then(() => {
      if (lastRunAnswered === null) {
        reportReachable(true);
        schedule(); // stops the probe loop that run restarted
      }
    });
  },
});

function setState(patch: Partial<SyncState>) {
  state = { ...state, ...patch };
  for (const l of stateListeners) l();
}

/** Current engine state (stable object between changes). */
export function getSyncState(): SyncState {
  return state;
}

/** Subscribes to changes of {@link getSyncState}; returns the unsubscribe function. */
export function subscribeSyncState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

const isStaff = (u: PublicUser | null) => Boolean(u && STAFF_ROLES.includes(u.role));

/**
 * Queues the change of owner to `id` (collections.setCacheOwner) behind the queued runs, unless the
 * last one queued was for the same user and database: queued again for the same person (GET
 * /api/auth/me's fresh record), it waited behind the running sync, and so did the screens' saves.
 */
function queueOwner(id: string | null): void {
  const db = getOfflineDb();
  if (ownerQueued?.id === id && ownerQueued.db === db) return;
  ownerQueued = { id, db };
  chain = chain.then(async () => {
    await setCacheOwner(db, id).catch(() => false);
  });
  ownerSet = chain;
  void chain.then(announceOwner);
}

/**
 * Tells the engine who is signed in (null: nobody). A change of user clears the cached data of
 * the previous one (collections.setCacheOwner) before anything is pulled; the outbox is kept.
 * Then syncs. Resolves when that sync is done.
 */
export function setSyncUser(next: PublicUser | null): Promise<void> {
  user = next;
  setState({ userId: next?.id ?? null });
  queueOwner(next?.id ?? null);
  return requestSync({ pull: true });
}

/**
 * Resolves once the offline database belongs to the signed-in user: the change of owner (which
 * clears every cached collection and record) has run. A screen storing what it fetched (scheduler
 * snapshot, downloads list, vault device key) awaits it, or a first sign-in's clearing could delete
 * the save. Given `userId`, it queues that change itself when the engine has not been told yet: on
 * a first visit the engine mounts after the first screen (App.tsx), and a tool kept and reloaded
 * offline within that second showed no managed tools (files.e2e). Without `userId`: pending until
 * the engine is told who is signed in. Never rejects.
 */
export function whenCacheOwnerSet(userId?: string | null): Promise<void> {
  if (userId !== undefined && ownerQueued === null) queueOwner(userId);
  return ownerSet;
}

/** Schedules a run (coalesced with a waiting one); resolves when it has finished. Never rejects. */
export function requestSync(request: SyncRequest = {}): Promise<void> {
  const wanted = { force: request.force ?? false, pull: request.pull ?? true };
  if (waiting) {
    waiting.request.force ||= wanted.force;
    waiting.request.pull ||= wanted.pull;
    return waiting.promise;
  }
  const entry = { request: wanted, promise: Promise.resolve() };
  entry.promise = chain.then(async () => {
    waiting = null;
    await runOnce(entry.request);
  });
  waiting = entry;
  chain = entry.promise;
  return entry.promise;
}

async function runOnce(request: Required<SyncRequest>): Promise<void> {
  lastRunAnswered = null;
  if (state.userId === undefined) return; // not told who is signed in yet
  setState({ running: true });
  let problem: string | null = null;
  retryAt = null;
  const answered = (ok: boolean) => {
    lastRunAnswered = ok;
    reportReachable(ok);
  };
  try {
    const db = getOfflineDb();
    const report = await drainOutbox({ db, transport, userId: user?.id ?? null, force: request.force });
    if (report.stoppedBy === 'server') retryAt = report.retryAt;
    if (report.stoppedBy === 'network') answered(false);
    else if (report.sent.length + report.conflicts.length + report.failed.length > 0) answered(true);
    if (report.stoppedBy) problem = report.stoppedBy === 'auth' ? SIGN_IN_AGAIN_TEXT : SYNC_RETRY_TEXT;
    if (request.pull && isStaff(user) && report.stoppedBy !== 'network') {
      const pulled = await pullAll({ db, transport });
      answered(!(pulled.error instanceof NetworkError));
      if (pulled.error) problem = syncProblemText(pulled.error);
    }
  } catch (e) {
    problem = syncProblemText(e);
  } finally {
    failures = problem ? failures + 1 : 0;
    setState({ running: false, lastError: problem });
    schedule();
  }
}

function visible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

/**
 * Plans the next run while visible: the timer ({@link TIMER_MS}, doubled per failed run), sooner
 * when items wait for a server back-off (at `retryAt`, at least {@link MIN_RETRY_MS} from now); and
 * the probe loop while the server is unreachable although the browser says online.
 */
function schedule() {
  if (!started) return;
  if (timer) clearTimeout(timer);
  timer = null;
  if (!visible()) {
    probeLoop.stop();
    return;
  }
  let delay = Math.min(MAX_TIMER_MS, TIMER_MS * 2 ** failures);
  if (retryAt !== null) delay = Math.min(delay, Math.max(MIN_RETRY_MS, retryAt - Date.now()));
  timer = setTimeout(() => void requestSync({ pull: true }), delay);
  if (isServerUnreachable()) probeLoop.start();
  else probeLoop.stop();
}

/**
 * Installs the triggers (idempotent; call once from the app). Returns a function removing them.
 * The first run happens when {@link setSyncUser} is called.
 */
export function startSyncEngine(): () => void {
  started += 1;
  if (started > 1) return stopOnce();
  const onOnline = () => void requestSync({ force: true, pull: true });
  const onOffline = () => probeLoop.stop();
  const onVisibility = () => {
    if (visible()) void requestSync({ pull: true });
    else schedule(); // clears the timer while hidden
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisibility);
  void pruneDone(getOfflineDb(), DONE_KEEP_MS).catch(() => 0);
  schedule();
  remove = () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    document.removeEventListener('visibilitychange', onVisibility);
    if (timer) clearTimeout(timer);
    timer = null;
    probeLoop.stop();
  };
  return stopOnce();
}

let remove: (() => void) | null = null;

function stopOnce(): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    started -= 1;
    if (started === 0) remove?.();
  };
}

/** "Sync now": push (ignoring backoff) and pull at once. Resolves when done; never rejects. */
export function syncNow(): Promise<void> {
  return requestSync({ force: true, pull: true });
}

/**
 * After an enqueue (or a re-queued item): ask the service worker for a Background Sync (Chromium)
 * and, when the browser is online, push at once.
 */
function afterEnqueue(): Promise<void> {
  void registerBackgroundSync();
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve();
  return requestSync({ pull: false });
}

async function registerBackgroundSync(): Promise<void> {
  try {
    const reg = await navigator.serviceWorker?.getRegistration();
    const sync = (reg as unknown as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
    await sync?.register(SYNC_TAG);
  } catch {
    // no service worker or no Background Sync: the page triggers remain
  }
}

onOutboxWork(() => void afterEnqueue());
