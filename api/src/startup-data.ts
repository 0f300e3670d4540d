/**
 * Data work of a start (DESIGN.md 8, issue 58 "First start on an existing database"): run after
 * the server listens, so `/api/health` answers within seconds whatever the table holds, one step
 * after the other, each in batches with progress in the log. A failed step is logged and the next
 * start runs it again; the app serves meanwhile (counts rebuilt late are corrected at once; tickets
 * without SLA due times show no clock until theirs are written; searches use the former substring
 * search until `ticket_search` is complete: docs/search.md).
 */
import type { Database } from './db/client';
import type { Logger } from './logger';
import { backfillSlaDueTimes, backfillTicketSearch, rebuildTicketCounts } from './features/tickets/port';

/** Least time between two progress lines of one step (ms). */
const PROGRESS_EVERY_MS = 5_000;

/**
 * Runs the start's data steps: the status-tab counts rebuilt, SLA due times for tickets without
 * them, and the search rows of tickets older than migration 0025 (the links' words of rows older
 * than migration 0050 are written by the search queue's poller, main.ts and tickets/searchQueue.ts).
 * @returns when every step has run (resolves even when one failed: it is logged at warn).
 */
export async function runStartupData(db: Database, logger: Logger): Promise<void> {
  const step = async (name: string, work: () => Promise<void>) => {
    const started = performance.now();
    try {
      await work();
      logger.debug('startup data step done', { step: name, ms: Math.round(performance.now() - started) });
    } catch (err) {
      logger.warn('startup data step failed (retried at the next start)', { step: name, error: err instanceof Error ? err.message : String(err) });
    }
  };
  await step('ticket counts', () => rebuildTicketCounts(db));
  await step('SLA due times', async () => {
    const dated = await backfillSlaDueTimes(db);
    if (dated > 0) logger.info('SLA due times backfilled', { tickets: dated });
  });
  await step('search index', async () => {
    let shown = performance.now();
    const started = shown;
    const written = await backfillTicketSearch(db, {
      onProgress: (done, missing) => {
        if (done === missing || performance.now() - shown < PROGRESS_EVERY_MS) return;
        shown = performance.now();
        logger.info('search index backfill', { tickets: done, of: missing });
      },
    });
    if (written > 0) logger.info('search index backfilled', { tickets: written, seconds: Math.round((performance.now() - started) / 100) / 10 });
  });
}
