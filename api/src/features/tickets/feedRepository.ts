/**
 * The tickets' delta feed (DESIGN.md 4 sync): pages of tickets changed after a sync_seq cursor, the
 * working set's window, and the page helpers the work-history feed (historyRepository.ts) shares.
 */
import { and, asc, gt, gte, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { supportTickets } from '../../db/schema';
import type { TicketRow } from './repository';

/** One page of a feed: at most `limit` rows and whether more follow. */
export interface FeedPage<T> {
  rows: T[];
  more: boolean;
}

/** Cuts a `limit + 1` query result into a page. */
export function toPage<T>(rows: T[], limit: number): FeedPage<T> {
  return rows.length > limit ? { rows: rows.slice(0, limit), more: true } : { rows, more: false };
}

/**
 * First sync_seq of the last `days` days: the smallest sync_seq of a ticket whose last change is at
 * or after `now - days` (index on updated_at; reads only the recent tickets). Every change after it
 * is recent. Null when nothing changed in that window.
 */
export async function recentSeqStart(db: Database, now: Date, days: number): Promise<number | null> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const [row] = await db
    .select({ seq: sql<string | number | null>`min(${supportTickets.syncSeq})` })
    .from(supportTickets)
    .where(gte(supportTickets.updatedAt, cutoff));
  return row?.seq === null || row?.seq === undefined ? null : Number(row.seq);
}

/** Options of the delta feeds. */
export interface FeedOptions {
  /** Cursor: rows with sync_seq > since. */
  since: number;
  limit: number;
  /** Working set only: tickets not closed plus tickets changed in the last `recentDays` days. */
  recentDays?: number | undefined;
  now: Date;
}

/**
 * Tickets changed after cursor `since` (sync_seq > since), oldest change first, at most `limit`
 *. With `recentDays`, only the working set: tickets not closed (partial index
 * support_tickets_active_sync_seq_idx) before the window's first sync_seq, then every change from
 * it on (every such ticket changed in the window). Each phase reads at most `limit + 1` index
 * entries, so a page never costs more than its size, whatever the table holds.
 */
export async function listTicketsSince(db: Database, opts: FeedOptions): Promise<FeedPage<TicketRow>> {
  const { since, limit } = opts;
  const page = (from: number, to: number | null, activeOnly: boolean, n: number) =>
    db
      .select()
      .from(supportTickets)
      .where(
        and(
          gt(supportTickets.syncSeq, from),
          to === null ? undefined : lt(supportTickets.syncSeq, to),
          activeOnly ? ne(supportTickets.status, 'closed') : undefined,
        ),
      )
      .orderBy(asc(supportTickets.syncSeq))
      .limit(n);
  if (opts.recentDays === undefined) return toPage(await page(since, null, false, limit + 1), limit);

  const start = await recentSeqStart(db, opts.now, opts.recentDays);
  const active = start === null || since + 1 < start ? await page(since, start, true, limit + 1) : [];
  if (active.length > limit || start === null) return toPage(active, limit);
  const recent = await page(Math.max(since, start - 1), null, false, limit + 1 - active.length);
  return toPage([...active, ...recent], limit);
}
