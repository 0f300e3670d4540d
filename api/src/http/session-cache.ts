/**
 * In-process cache of login sessions. Without it every authenticated request joins
 * sessions and users in the database before doing its own work; on PGlite that query runs on the
 * event loop.
 *
 * Correctness:
 * - An entry lives at most `ttlMs` (SESSION_CACHE_SECONDS, default 10 s) and never past the
 *   session's own expiry (read with the app clock, so tests can expire sessions).
 * - Revocations are pushed, not waited out: logout, password change, user update/deletion
 *   announce themselves with pg_notify inside their transaction (db/session-events.ts); every
 *   process drops the named entries right after COMMIT. The route that made the change also drops
 *   them in this process before answering, so its own next request never sees the old entry.
 * - A lookup that started before a drop does not store its (possibly stale) answer: each drop
 *   bumps a generation counter that the lookup checks before storing.
 * - When changes may have been missed (the listening connection dropped), the cache empties and
 *   stays off until listening again: requests then read the database as before.
 * Trade-off: another process may still accept a revoked token for the few milliseconds between
 * COMMIT and its notification; without events (none configured) for at most `ttlMs`.
 */
import type { CacheChange, SessionEvents } from '../db/session-events';
import type { AuthInfo } from './state';

/** What a database lookup returns: the session and when it expires. */
export interface LoadedSession {
  auth: AuthInfo;
  expiresAt: Date;
}

interface Entry {
  auth: AuthInfo;
  /** Epoch ms after which the entry is unusable: min(cached + ttl, session expiry). */
  until: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private enabled: boolean;

  /**
   * @param ttlMs longest life of an entry; 0 turns the cache off.
   * @param max most entries kept (oldest dropped first).
   * @param now the app clock.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly now: () => Date,
  ) {
    this.enabled = ttlMs > 0;
  }

  /** The session of `key` (the token's hash) from the cache, else from `load` (then cached). */
  async lookup(key: string, load: () => Promise<LoadedSession | null>): Promise<AuthInfo | null> {
    const nowMs = this.now().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.until > nowMs) return hit.auth;
    if (hit) this.entries.delete(key);
    const generation = this.generation;
    const loaded = await load();
    if (!loaded || !this.enabled || generation !== this.generation) return loaded?.auth ?? null;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { auth: loaded.auth, until: Math.min(nowMs + this.ttlMs, loaded.expiresAt.getTime()) });
    return loaded.auth;
  }

  /** Drops the entries of one session or of every session of a user. */
  forget(change: { sessionId: string } | { userId: string }): void {
    this.generation += 1;
    for (const [key, e] of this.entries) {
      if ('sessionId' in change ? e.auth.sessionId === change.sessionId : e.auth.user.id === change.userId) this.entries.delete(key);
    }
  }

  /** Drops everything; `enabled` false keeps the cache off (changes may be missed), true turns it back on. */
  reset(enabled: boolean): void {
    this.generation += 1;
    this.entries.clear();
    this.enabled = enabled && this.ttlMs > 0;
  }

  /** Number of cached sessions (tests). */
  get size(): number {
    return this.entries.size;
  }
}

/** Another per-process cache fed by the same events (settings rows: features/sla/policyCache.ts). */
export interface CacheListener {
  onChange(change: Extract<CacheChange, { settingKey: string }>): void;
  /** false: changes may have been missed (stop caching, forget everything); true: listening again. */
  onReset(listening: boolean): void;
}

/**
 * Subscribes `cache` (and `others`) to the database's change events (every process on the database
 * announces its revocations there): ONE listening connection for all of them. Returns the
 * unsubscribe function (call it before closing the database).
 */
export async function connectSessionCache(cache: SessionCache, events: SessionEvents, others: readonly CacheListener[] = []): Promise<() => Promise<void>> {
  return events.subscribe(
    (change) => {
      if ('settingKey' in change) for (const o of others) o.onChange(change);
      else cache.forget(change);
    },
    (listening) => {
      cache.reset(listening);
      for (const o of others) o.onReset(listening);
    },
  );
}
