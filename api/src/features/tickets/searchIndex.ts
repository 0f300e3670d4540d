/**
 * The `ticket_search` rows of tickets written before migration 0025 (docs/search.md): filled after
 * the server listens, in batches, with progress in the log. New and changed tickets get theirs from
 * the migration's triggers in their own transaction, so once this has run the table stays complete.
 * Until it has, {@link searchIndexReady} is false and the staff search falls back to the former
 * substring search (searchRepository.ts `resolveSearch`).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { lockSync } from '../../db/sync';

/** Databases whose backfill has started and not finished (one process may open several in tests). */
const pending = new WeakSet<object>();

/** False while this process fills `ticket_search` for older tickets ({@link backfillTicketSearch}). */
export function searchIndexReady(db: Database): boolean {
  return !pending.has(db);
}

/** Tickets per backfill transaction: short enough that a request waits at most a few hundred ms behind one. */
export const SEARCH_BACKFILL_BATCH = 500;

/**
 * Writes the missing `ticket_search` rows, oldest ticket id first, `batch` tickets per transaction
 * under the sync lock (no ticket write interleaves with a batch's read of the tickets and their
 * comments). A no-op (one anti-join) when nothing is missing. Safe to run in several processes
 * at once (each row is written from the tickets' current state; the last write wins with the same
 * content).
 * @param onProgress called after each batch with the rows written so far and the rows that were missing.
 * @returns the number of tickets given a row.
 */
export async function backfillTicketSearch(
  db: Database,
  opts: { batch?: number; onProgress?: (done: number, missing: number) => void } = {},
): Promise<number> {
  const batch = opts.batch ?? SEARCH_BACKFILL_BATCH;
  const missingOf = sql`not exists (select 1 from ticket_search s where s.ticket_id = t.id)`;
  // Pending from the first moment: a search meanwhile must not read a table still being checked.
  pending.add(db);
  try {
    const [count] = await rowsOf<{ n: number | string }>(db, sql`select count(*) as n from support_tickets t where ${missingOf}`);
    const missing = Number(count?.n ?? 0);
    if (missing === 0) return 0;
    let done = 0;
    let last = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await db.transaction(async (raw) => {
        const tx = raw as unknown as Database;
        await lockSync(tx);
        return rowsOf<{ n: number | string; last: string | null }>(
          tx,
          sql`with ids as (select t.id from support_tickets t where t.id > ${last}::uuid and ${missingOf} order by t.id limit ${batch}),
            written as (select ticket_search_refresh(array(select id from ids)))
            select (select count(*) from ids) as n, (select max(id::text) from ids) as last, (select count(*) from written) as w`,
        );
      });
      const n = Number(rows[0]?.n ?? 0);
      done += n;
      if (n > 0) opts.onProgress?.(done, missing);
      if (n < batch || !rows[0]?.last) return done;
      last = rows[0].last;
    }
  } finally {
    pending.delete(db);
  }
}
