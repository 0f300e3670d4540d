/**
 * Staff list pages kept in memory while no ticket changed (the list page of 50 at >= 30%
 * of /api/health). A page is reused only when the tickets' delta-sync high-water mark, the largest
 * committed `support_tickets.sync_seq`, is still the one the page was built at.
 *
 * Why that is exact: every write to a ticket row (create, PATCH, kanban move, unassigning a deleted
 * user's tickets) gives the row a new `sync_seq` under the sync lock, and sequence values are
 * committed in the order they are handed out (db/sync.ts). So any committed change raises the mark;
 * an unchanged mark means the page would be built the same. It is the rule delta sync already
 * relies on ("nothing after my cursor"), and tickets are never deleted. The mark is read from the
 * database on every request, so several API processes on one database never serve each other's
 * stale pages: a hit costs one index-only `max()` instead of the page query, a miss one query more.
 * What a search finds can also change without a ticket write (a client, tag or asset renamed, the
 * search queue's batches: docs/search.md), so the mark adds the count of transactions that wrote
 * search rows (migration 0050 `ticket_search_version`; staffListRepository.ts `ticketsHighWater`).
 *
 * Single flight: the requests that find a page stale while another request is building it wait for
 * that build (when it saw their mark or a newer one) instead of running the same query again.
 *
 * Bounds: at most {@link PAGE_CACHE_MAX_ENTRIES} pages and {@link PAGE_CACHE_MAX_BYTES} of answer
 * bytes per process, least recently used dropped first.
 *
 * What is kept: each page only as its answer ({@link toCachedPage}): the TicketListPage JSON as
 * bytes, serialised once, and its brotli and gzip variants, each compressed once on first use
 * (http/compression.ts EncodedBody), so a hit costs neither serialising nor compressing. The page
 * text the database returned is not kept beside its bytes: with it, and with each variant holding
 * zlib's 16 KiB output chunk, a page of 17 KB took about 66 KB (docs/decisions.md "API memory");
 * now about 1.3 times its bytes (two variants of 10-25%).
 */
import type { TicketListPage } from '@portal/shared';
import type { Database } from '../../db/client';
import { EncodedBody } from '../../http/compression';
import { listTicketPageJson, ticketsHighWater, type TicketFilter, type TicketPageJson } from './staffListRepository';

/** Most pages one process keeps (filters x cursors x limits actually asked for). */
export const PAGE_CACHE_MAX_ENTRIES = 256;
/** Most answer bytes one process keeps (the identity answers; their compressed variants add about 30%): 8 MiB. */
export const PAGE_CACHE_MAX_BYTES = 8 * 1024 * 1024;

/** A page's answer and the high-water mark (`sync_seq` as text) it was built at. */
export interface CachedTicketPage {
  seq: string;
  /** The TicketListPage answer, with its compressed variants once asked for. */
  body: EncodedBody;
}

/** Where a page came from: this cache, a build another request had started, or a build of its own. */
export type PageSource = 'hit' | 'shared' | 'miss';

/** true when high-water mark `a` is older than `b` (marks are bigint sequence values as text). */
const olderThan = (a: string, b: string) => BigInt(a) < BigInt(b);

/**
 * Least-recently-used map of built pages, bounded by count and text size, plus the builds in flight
 * (single flight: when a write moves the mark, the requests waiting for the same page share one
 * build instead of each running the page query; on PGlite's one connection 45 concurrent rebuilds
 * of one page queued behind each other, p99 264-333 ms with 5 connections creating).
 */
export class TicketPageCache {
  private readonly entries = new Map<string, CachedTicketPage>();
  private readonly building = new Map<string, Promise<CachedTicketPage>>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = PAGE_CACHE_MAX_ENTRIES,
    private readonly maxBytes = PAGE_CACHE_MAX_BYTES,
  ) {}

  /** The cache key of a list request: the resolved filter, the cursor and the limit. */
  static key(filter: TicketFilter, page: { cursor?: string | undefined; limit: number }): string {
    const statuses = filter.statuses && filter.statuses.length > 0 ? [...filter.statuses].sort().join(',') : '*';
    const assignee = filter.assignee === undefined ? '*' : filter.assignee === null ? '-' : filter.assignee;
    return JSON.stringify([statuses, assignee, filter.q ?? '', filter.tag ?? '', page.cursor ?? '', page.limit]);
  }

  /**
   * The page of `key` as of the current high-water mark. `mark()` reads the mark (only when a page
   * or a build of `key` exists); `build()` runs the page query, whose result carries the mark it saw.
   * A stored page or a build in flight is used only when its mark is not older than the one read
   * after this request arrived, so the answer is never staler than building it here (exact, as the
   * mark rises with every committed ticket write). A failed shared build is not an answer: the
   * request builds its own, and a failing build of its own rejects with the database's error.
   */
  async read(key: string, mark: () => Promise<string>, build: () => Promise<CachedTicketPage>): Promise<{ page: CachedTicketPage; source: PageSource }> {
    if (this.entries.has(key) || this.building.has(key)) {
      const now = await mark();
      const cached = this.get(key); // read after the mark: a build may have finished meanwhile
      if (cached && !olderThan(cached.seq, now)) return { page: cached, source: 'hit' };
      const pending = this.building.get(key);
      if (pending) {
        const shared = await pending.catch(() => undefined);
        if (shared && !olderThan(shared.seq, now)) return { page: shared, source: 'shared' };
      }
    }
    return { page: await this.buildOnce(key, build), source: 'miss' };
  }

  /** The entry of `key` (now the most recently used), or undefined. */
  get(key: string): CachedTicketPage | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Stores `entry` under `key` unless a newer page is stored, then drops the least recently used entries beyond the bounds. */
  set(key: string, entry: CachedTicketPage): void {
    const old = this.entries.get(key);
    if (old && olderThan(entry.seq, old.seq)) return; // a slower, older build finishing last
    this.delete(key);
    const size = entry.body.plain.length;
    if (size > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += size;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Pages held, their answers' bytes and the builds in flight (for tests and diagnostics). */
  get size(): { entries: number; bytes: number; building: number } {
    return { entries: this.entries.size, bytes: this.bytes, building: this.building.size };
  }

  /** Runs `build` as the newest build of `key` (the one later requests join) and stores its page. */
  private async buildOnce(key: string, build: () => Promise<CachedTicketPage>): Promise<CachedTicketPage> {
    const running = build();
    this.building.set(key, running);
    try {
      const page = await running;
      this.set(key, page);
      return page;
    } finally {
      if (this.building.get(key) === running) this.building.delete(key);
    }
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.body.plain.length;
  }
}

/**
 * One staff list page (see {@link listTicketPageJson}) through `cache` ({@link TicketPageCache.read}):
 * stored while the tickets' high-water mark has not moved, shared with a build in flight, or built.
 * `source` says which (the route's Server-Timing).
 */
export function readTicketPage(
  db: Database,
  cache: TicketPageCache,
  filter: TicketFilter,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ page: CachedTicketPage; source: PageSource }> {
  return cache.read(
    TicketPageCache.key(filter, page),
    () => ticketsHighWater(db),
    async () => toCachedPage(await listTicketPageJson(db, filter, page)),
  );
}

/**
 * The answer of a built page: the TicketListPage `{"items":[...],"nextCursor":...,"more":...}`, the
 * items as the database wrote them, as bytes; the page's text is not kept (see the module doc).
 */
export function toCachedPage(page: TicketPageJson): CachedTicketPage {
  const nextCursor: TicketListPage['nextCursor'] = page.more ? page.lastId : null;
  // In pieces: the items (tens of kB) are written into the bytes as they came, not joined into a string first.
  return { seq: page.seq, body: new EncodedBody(['{"items":', page.itemsJson, `,"nextCursor":${JSON.stringify(nextCursor)},"more":${page.more}}`]) };
}
