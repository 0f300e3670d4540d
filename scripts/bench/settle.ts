/**
 * A start that only runs the start's data steps (api/src/startup-data.ts) on a freshly seeded
 * database, so that the measured start finds nothing left to do. The seed leaves every ticket
 * without SLA due times; backfilling 100,000 of them takes about 15 s on PostgreSQL and several
 * minutes on PGlite, work that would otherwise run beside the first rows. (That process also stayed
 * slower per request afterwards, most likely by V8's allocation-site pretenuring, shown to do so
 * after large answers and now off in `serve`: docs/decisions.md "API memory", docs/benchmarks.md
 * "`GET /api/health` at 100,000 tickets".) The rows measure the app in steady state; the start's
 * own figure is `firstStart.ts`'s.
 */
import { startApp } from '../server-process';

/** Longest wait for the data steps (ms); PGlite backfills 100,000 tickets in about 6 minutes. */
const SETTLE_TIMEOUT_MS = 15 * 60_000;
/** The last step's line at debug level (startup-data.ts `step`). */
const LAST_STEP = /"step":"search index"/;

/**
 * Starts the app with `appEnv` at debug level, waits until its last start-up data step has logged
 * (done or failed), and stops it.
 * @returns seconds it took.
 * @throws Error when the steps have not finished within SETTLE_TIMEOUT_MS.
 */
export async function settleStartData(appEnv: Record<string, string>): Promise<number> {
  const started = performance.now();
  const app = await startApp({ ...appEnv, LOG_LEVEL: 'debug', BENCH_PROBE_FILE: '' }, 120_000);
  try {
    while (!LAST_STEP.test(app.output())) {
      if (performance.now() - started > SETTLE_TIMEOUT_MS) throw new Error('the start-up data steps did not finish in time');
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await app.stop();
  }
  return (performance.now() - started) / 1000;
}
