/**
 * Answers kept while a change mark stands (README Decisions "Statistics cache"): a small LRU of
 * built answers, each stored with the mark read before it was built and its build time. A stored
 * answer is used while the mark read for the request equals its mark and it is younger than
 * `maxAgeMs` (reports over a rolling range such as "the last 30 days" also change with the clock
 * alone, so they are rebuilt at least that often). Concurrent requests that find no usable answer
 * share one build for the same key and mark (single flight). A failed build is not stored.
 *
 * Exact under writes: the mark is read before the build, so a write committed during the build
 * leaves the stored answer with an older mark, and the next request rebuilds it.
 */

/** Where an answer came from: the cache, a build another request started, or a build of its own. */
export type CacheSource = 'hit' | 'shared' | 'miss';

interface Entry<T> {
  mark: string;
  builtAt: number;
  value: T;
}

export class MarkedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly building = new Map<string, { mark: string; promise: Promise<T> }>();

  /**
   * @param maxEntries most answers kept (least recently used dropped first)
   * @param maxAgeMs   oldest answer used, in ms of `now()`
   * @param now        clock in ms (tests pass a fake one)
   */
  constructor(
    private readonly maxEntries: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The answer of `key` as of `mark()` (read once per request): stored, shared with a build in
   * flight for the same mark, or built now with `build()` (and stored under that mark).
   */
  async read(key: string, mark: () => Promise<string>, build: () => Promise<T>): Promise<{ value: T; source: CacheSource }> {
    const current = await mark();
    const hit = this.entries.get(key);
    if (hit && hit.mark === current && this.now() - hit.builtAt < this.maxAgeMs) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return { value: hit.value, source: 'hit' };
    }
    const pending = this.building.get(key);
    if (pending && pending.mark === current) {
      const shared = await pending.promise.then(
        (value) => ({ value }),
        () => undefined,
      );
      if (shared) return { value: shared.value, source: 'shared' };
    }
    const builtAt = this.now();
    const promise = build();
    this.building.set(key, { mark: current, promise });
    try {
      const value = await promise;
      this.entries.delete(key);
      this.entries.set(key, { mark: current, builtAt, value });
      for (const oldest of this.entries.keys()) {
        if (this.entries.size <= this.maxEntries) break;
        this.entries.delete(oldest);
      }
      return { value, source: 'miss' };
    } finally {
      if (this.building.get(key)?.promise === promise) this.building.delete(key);
    }
  }

  /** Answers held and builds in flight (tests and diagnostics). */
  get size(): { entries: number; building: number } {
    return { entries: this.entries.size, building: this.building.size };
  }
}

/**
 * Oldest report answer reused (ms): statistics over a rolling range ("the last 30 days") move with
 * the clock alone, so an unchanged mark keeps an answer for at most this long.
 */
export const REPORT_CACHE_MAX_AGE_MS = 30_000;
/** Most report answers one process keeps per route (ranges x filters actually asked for). */
export const REPORT_CACHE_MAX_ENTRIES = 64;
