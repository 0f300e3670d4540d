/**
 * In-memory rate-limit counts without a timer per key (API memory under 300 MB under a
 * burst of public ticket forms).
 *
 * rate-limiter-flexible's `RateLimiterMemory` keeps each key in a `Record` with a `setTimeout` of
 * its own that deletes it when its window ends: 454 bytes per key (README Benchmarks, ninth round),
 * 22 MB for the 50,000 client addresses a minute of the bench's create burst, most of the API's
 * memory growth on PGlite. {@link SweptMemoryStorage} keeps the same interface as the library's
 * `MemoryStorage` with a plain `{ value, expiresAt }` per key and no timer: an expired key is
 * dropped when it is next read or written, and by a sweep from the oldest keys when a new window
 * starts, at most once a {@link SWEEP_INTERVAL_MS} (keys are only added then, so memory follows the
 * number of windows open). {@link LeanRateLimiterMemory} is the library's own
 * `RateLimiterMemory` (consume, penalty, block, get, dump and restore unchanged) on that storage.
 *
 * The storage is the one part replaced: it rests on `RateLimiterMemory` keeping its storage in
 * `_memoryStorage` (rate-limiter-flexible 11; `rate-limit-memory.test.ts` fails if an upgrade moves it).
 */
import { RateLimiterMemory, RateLimiterRes, type IRateLimiterOptions } from 'rate-limiter-flexible';

/** Least time between two sweeps of expired keys (ms). */
export const SWEEP_INTERVAL_MS = 1_000;

/** One key's count: points used in its window and when the window ends (epoch ms; null: never). */
interface Count {
  value: number;
  expiresAt: number | null;
}

/** The library's answer for an open window (`isFirstInDuration` false; -1 ms left when it has no end). */
const answer = (count: Count, now: number) =>
  new RateLimiterRes(0, count.expiresAt === null ? -1 : count.expiresAt - now, count.value, false);

/**
 * The library's `MemoryStorage` interface (incrby, set, get, delete, `_storage`, `_restoreRecord`),
 * same answers, no timers. Keys are kept in the order their windows started: `set` puts a key
 * last, and a limiter's windows all have its one duration, so the oldest windows come first and a
 * sweep stops at the first key still counting (a key with a longer window, a block, holds the sweep
 * back until it ends; the keys behind it are dropped when read or swept then).
 */
export class SweptMemoryStorage {
  /** Read by `RateLimiterMemory.dump()` as `[key, { value, expiresAt }]`. */
  readonly _storage = new Map<string, Count>();
  private sweepAt = 0;

  /** Adds `value` points to `key`'s window, starting a window of `durationSec` when none is open. */
  incrby(key: string, value: number, durationSec: number): RateLimiterRes {
    const now = Date.now();
    const count = this.live(key, now);
    if (!count) return this.set(key, value, durationSec);
    count.value += value;
    return answer(count, now);
  }

  /** Sets `key` to `value` points in a new window of `durationSec` (0: no end). */
  set(key: string, value: number, durationSec: number): RateLimiterRes {
    const now = Date.now();
    const durationMs = durationSec * 1000;
    this.put(key, value, durationMs > 0 ? now + durationMs : null);
    this.sweep(now);
    return new RateLimiterRes(0, durationMs === 0 ? -1 : durationMs, Math.trunc(value), true);
  }

  /** `key`'s points and time left, or null when it has no open window. */
  get(key: string): RateLimiterRes | null {
    const now = Date.now();
    const count = this.live(key, now);
    return count ? answer(count, now) : null;
  }

  /** Forgets `key`; true when it had an open window. */
  delete(key: string): boolean {
    return this.live(key, Date.now()) !== undefined && this._storage.delete(key);
  }

  /** Used by `RateLimiterMemory.restore()` for one dumped key. */
  _restoreRecord(key: string, value: number, expiresAt: number | null): void {
    const now = Date.now();
    if (expiresAt !== null && (!Number.isFinite(expiresAt) || expiresAt <= now)) return;
    this.put(key, value, expiresAt);
  }

  /** Stores `key` last in the map (the order of window starts the sweep relies on). */
  private put(key: string, value: number, expiresAt: number | null): void {
    this._storage.delete(key);
    this._storage.set(key, { value: Math.trunc(value), expiresAt });
  }

  /** `key`'s count while its window is open; an ended window is dropped. */
  private live(key: string, now: number): Count | undefined {
    const count = this._storage.get(key);
    if (count && count.expiresAt !== null && count.expiresAt <= now) {
      this._storage.delete(key);
      return undefined;
    }
    return count;
  }

  /** Drops ended windows from the oldest on, at most once per {@link SWEEP_INTERVAL_MS}. */
  private sweep(now: number): void {
    if (now < this.sweepAt) return;
    this.sweepAt = now + SWEEP_INTERVAL_MS;
    for (const [key, count] of this._storage) {
      if (count.expiresAt === null) continue;
      if (count.expiresAt > now) break;
      this._storage.delete(key);
    }
  }
}

/** rate-limiter-flexible's `RateLimiterMemory` on a {@link SweptMemoryStorage}. */
export class LeanRateLimiterMemory extends RateLimiterMemory {
  constructor(opts: IRateLimiterOptions) {
    super(opts);
    (this as unknown as { _memoryStorage: SweptMemoryStorage })._memoryStorage = new SweptMemoryStorage();
  }
}
