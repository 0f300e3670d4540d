/**
 * Preloaded into the API process by the API benchmark (`node --import ./scripts/bench/probe.mjs`;
 * plain JavaScript because the API runs on plain node, docs/decisions.md "API memory"):
 * every 500 ms appends one JSON line to BENCH_PROBE_FILE with the time, RSS, heap used and the
 * event-loop delay of that window (p99 and max in ms, node:perf_hooks monitorEventLoopDelay). The
 * benchmark slices the lines by the start and end of each autocannon run. Does nothing without the
 * variable.
 */
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_PROBE_FILE;
// Workers inherit --import: the PGlite worker's loop is busy by design, only the API thread's counts.
if (file && isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const timer = setInterval(() => {
    const mem = process.memoryUsage();
    const line = { t: Date.now(), rss: mem.rss, heap: mem.heapUsed, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    delay.reset();
  }, 500);
  timer.unref();
}
