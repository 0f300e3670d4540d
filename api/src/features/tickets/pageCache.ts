/**
 * Staff list pages kept in memory while no ticket changed (issue 16: the list page of 50 at >= 30%
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
 *
 * Bounds: at most {@link PAGE_CACHE_MAX_ENTRIES} pages and {@link PAGE_CACHE_MAX_BYTES} of page
 * text per process, least recently used dropped first.
 */
import type { Database } from '../../db/client';
import { listTicketPageJson, ticketsHighWater, type TicketFilter, type TicketPageJson } from './staffListRepository';

/** Most pages one process keeps (filters x cursors x limits actually asked for). */
export const PAGE_CACHE_MAX_ENTRIES = 256;
/** Most page text one process keeps (UTF-16 length, about bytes for this JSON): 8 MiB. */
export const PAGE_CACHE_MAX_BYTES = 8 * 1024 * 1024;

/** A page and the high-water mark (`sync_seq` as text) it was built at. */
export interface CachedTicketPage {
  seq: string;
  page: TicketPageJson;
}

/** Least-recently-used map of built pages, bounded by count and text size. */
export class TicketPageCache {
  private readonly entries = new Map<string, CachedTicketPage>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = PAGE_CACHE_MAX_ENTRIES,
    private readonly maxBytes = PAGE_CACHE_MAX_BYTES,
  ) {}

  /** The cache key of a list request: the resolved filter, the cursor and the limit. */
  static key(filter: TicketFilter, page: { cursor?: string | undefined; limit: number }): string {
    const statuses = filter.statuses && filter.statuses.length > 0 ? [...filter.statuses].sort().join(',') : '*';
    const assignee = filter.assignee === undefined ? '*' : filter.assignee === null ? '-' : filter.assignee;
    return JSON.stringify([statuses, assignee, filter.q ?? '', page.cursor ?? '', page.limit]);
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

  /** Stores `entry` under `key`, then drops the least recently used entries beyond the bounds. */
  set(key: string, entry: CachedTicketPage): void {
    this.delete(key);
    const size = entry.page.itemsJson.length;
    if (size > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += size;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Pages held and their text size (for tests and diagnostics). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.page.itemsJson.length;
  }
}

/**
 * One staff list page (see {@link listTicketPageJson}), from `cache` when the tickets' high-water
 * mark has not moved since it was built, else built and stored. `hit` says which.
 */
export async function readTicketPage(
  db: Database,
  cache: TicketPageCache,
  filter: TicketFilter,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ page: TicketPageJson; hit: boolean }> {
  const key = TicketPageCache.key(filter, page);
  const cached = cache.get(key);
  if (cached && cached.seq === (await ticketsHighWater(db))) return { page: cached.page, hit: true };
  const built = await listTicketPageJson(db, filter, page);
  cache.set(key, { seq: built.seq, page: built });
  return { page: built, hit: false };
}
