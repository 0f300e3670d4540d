/**
 * The queue of `ticket_search` rows to rewrite (migration 0050, docs/search.md "Renames in
 * batches"): renames of a client, tag or asset with more than 500 tickets, bulk link changes, and the
 * one-time `all` job that gives rows written before migration 0050 the words of their links. The
 * triggers only queue (O(1) for a rename); this worker rewrites the rows after commit, 500 tickets
 * per transaction (`ticket_search_drain_step`), so no rename waits for 100,000 row rewrites and no
 * request waits more than one batch behind the worker. Until a ticket's turn its row keeps the
 * former words (a renamed client is found by its former name a few seconds longer).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Logger } from '../../logger';

/** Tickets rewritten per transaction. */
export const SEARCH_QUEUE_BATCH = 500;

/** How often each process looks for queued rows (ms): one probe of two usually empty tables. */
export const SEARCH_QUEUE_POLL_MS = 2_000;

/**
 * Rewrites every queued row, one batch per transaction, until the queue is empty. Safe in several
 * processes at once (each step claims its job or rows with SKIP LOCKED).
 * @param onProgress called after each batch with the tickets rewritten so far.
 * @returns the number of tickets rewritten.
 */
export async function drainTicketSearchQueue(db: Database, opts: { batch?: number; onProgress?: (done: number) => void } = {}): Promise<number> {
  const batch = opts.batch ?? SEARCH_QUEUE_BATCH;
  let done = 0;
  for (;;) {
    const [row] = await rowsOf<{ n: number | string }>(db, sql`select ticket_search_drain_step(${batch}::integer) as n`);
    const n = Number(row?.n ?? -1);
    if (n < 0) return done;
    done += n;
    opts.onProgress?.(done);
  }
}

/** True when a job or a stale row waits (a cheap probe for the poller). */
export async function ticketSearchQueued(db: Database): Promise<boolean> {
  const [row] = await rowsOf<{ q: boolean }>(db, sql`select exists (select 1 from ticket_search_jobs) or exists (select 1 from ticket_search_stale) as q`);
  return row?.q === true;
}

/** Least time between two progress lines of a long drain (ms). */
const PROGRESS_EVERY_MS = 5_000;

/**
 * Drains the queue with progress in the log: a line every 5 s while it runs, and one at the end
 * when it took a batch or more (the first start after migration 0050 rewrites every row this way).
 */
export async function drainTicketSearchQueueLogged(db: Database, log: Logger): Promise<number> {
  const started = performance.now();
  let shown = started;
  const done = await drainTicketSearchQueue(db, {
    onProgress: (n) => {
      if (performance.now() - shown < PROGRESS_EVERY_MS) return;
      shown = performance.now();
      log.info('search rows rewritten (links: clients, tags, assets)', { tickets: n });
    },
  });
  if (done >= SEARCH_QUEUE_BATCH) log.info('search rows rewritten', { tickets: done, seconds: Math.round((performance.now() - started) / 100) / 10 });
  return done;
}

/**
 * Polls the queue every `intervalMs` and drains it (one drain at a time per process).
 * @returns a function that stops the poller.
 */
export function startTicketSearchQueue(db: Database, log: Logger, intervalMs = SEARCH_QUEUE_POLL_MS): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      if (await ticketSearchQueued(db)) await drainTicketSearchQueueLogged(db, log);
    } catch (err) {
      log.warn('search queue drain failed (retried at the next poll)', { error: err instanceof Error ? err.message : String(err) });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
