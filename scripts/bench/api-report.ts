/**
 * The API benchmark's results: one autocannon run's figures, a configuration's table, and the goals
 * checked against them (docs/benchmarks.md).
 */
import { PROCS2 } from './api-settings';
import type { FloorResult } from './api-floor';
import { QUIET, type CpuShare } from './cpu-share';

/** One autocannon run of one target. */
export interface TargetResult {
  target: string;
  label: string;
  connections: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** The Accept-Encoding variant it ran with. */
  encoding: 'none' | 'browser';
  /** Non-2xx answers plus socket errors and timeouts. */
  errors: number;
  /** Event-loop delay of the API during the run (ms): worst 500 ms window's p99, and the max. */
  loopP99?: number;
  loopMax?: number;
  /** Largest API RSS seen during the run (bytes). */
  rssMax?: number;
  /** Cores used by the server, PostgreSQL and the load generator, and left idle (Linux only). */
  cpu?: CpuShare;
  /** How long the run waited for the servers and PostgreSQL to go quiet before it started (ms; Linux only). */
  settledMs?: number;
}

/** All runs of one database and size. */
export interface ConfigResult {
  db: string;
  size: number;
  seedSeconds: number;
  results: TargetResult[];
  /** Load average (1, 5, 15 min) when the configuration started and ended. */
  load: number[][];
  /** The API floor table (PostgreSQL, target `floor`: api-floor.ts). */
  floor?: FloorResult;
}

/** A run in which no request completed has no meaningful p99. */
const completed = (r: TargetResult) => r.reqPerSec > 0;
const p99Text = (r: TargetResult) => (completed(r) ? `${r.p99} ms` : 'none completed');
const mb = (b?: number) => (b === undefined ? '' : `${Math.round(b / 1048576)} MB`);
const pct = (a: number, b: number) => (b > 0 ? `${((a / b) * 100).toFixed(1)}%` : '-');
const cores = (c?: CpuShare) => (c ? [c.server, c.pg, c.load, c.idle].map((x) => x.toFixed(2)).join('/') : '');
const perRequest = (c?: CpuShare) => (c?.perRequestMs ? `${c.perRequestMs.server.toFixed(2)}/${c.perRequestMs.pg.toFixed(2)}` : '');

/** Prints one configuration's table. */
export function printConfig(c: ConfigResult): void {
  const healthOf = (encoding: string) => c.results.find((r) => r.target === 'health' && r.encoding === encoding)?.reqPerSec ?? 0;
  const bare = c.results.find((r) => r.target === 'bare')?.reqPerSec ?? 0;
  const load = c.load.map((l) => l.map((x) => x.toFixed(1)).join(' ')).join(' -> ');
  console.log(`\n### ${c.db}, ${c.size.toLocaleString('en')} tickets (seeded in ${c.seedSeconds.toFixed(1)} s; load average ${load})`);
  console.log('target                                   req/s  p50 ms  p99 ms  vs health  vs bare  loop p99/max ms   API RSS  errors  cores: server/pg/load/idle  CPU ms/req server/pg');
  for (const r of c.results) {
    const loop = r.loopP99 === undefined ? '' : `${r.loopP99.toFixed(0)}/${r.loopMax!.toFixed(0)}`;
    console.log(
      `${r.label.padEnd(40)} ${r.reqPerSec.toFixed(0).padStart(6)} ${(completed(r) ? String(r.p50) : '-').padStart(7)} ${(completed(r) ? String(r.p99) : '-').padStart(7)} ${pct(r.reqPerSec, healthOf(r.encoding)).padStart(10)} ${pct(r.reqPerSec, bare).padStart(8)} ${loop.padStart(16)} ${mb(r.rssMax).padStart(9)} ${String(r.errors).padStart(7)} ${cores(r.cpu).padStart(27)} ${perRequest(r.cpu).padStart(25)}`,
    );
  }
  const waits = c.results.filter((r) => (r.settledMs ?? 0) >= 1000).map((r) => `${r.label} ${(r.settledMs! / 1000).toFixed(1)} s`);
  if (waits.length > 0) console.log(`waited for the servers and PostgreSQL to go quiet (< ${QUIET.maxCores} core for ${QUIET.windowMs / 1000} s, at most ${QUIET.maxMs / 1000} s) before: ${waits.join(', ')}`);
}

/** Prints the API goals against the measured figures (ratios against health with the same Accept-Encoding). */
export function printGoals(all: ConfigResult[]): void {
  console.log('\n### Goals ([br] = with Chromium\'s Accept-Encoding)');
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  for (const c of all) {
    const get = (t: string, encoding: 'none' | 'browser' = 'browser') => c.results.find((r) => r.target === t && r.encoding === encoding);
    const health = get('health');
    const name = `${c.db} ${c.size.toLocaleString('en')}`;
    const lines: string[] = [];
    const ratio = (r?: TargetResult) => (r && health ? r.reqPerSec / health.reqPerSec : 0);
    const list = get('list');
    if (list && c.db === 'postgres') lines.push(`list [br] ${pct(list.reqPerSec, health?.reqPerSec ?? 0)} of health (>= 40%): ${verdict(ratio(list) >= 0.4)}, p99 ${p99Text(list)} (<= 50): ${verdict(completed(list) && list.p99 <= 50)}`);
    if (list && c.db === 'pglite') lines.push(`list [br] p99 ${p99Text(list)} (<= 150 on pglite): ${verdict(completed(list) && list.p99 <= 150)}`);
    for (const t of ['listu', 'searchu']) {
      const r = get(t);
      if (r && c.db === 'postgres') lines.push(`${t} [br] ${pct(r.reqPerSec, health?.reqPerSec ?? 0)} of health (>= 25%): ${verdict(ratio(r) >= 0.25)}`);
    }
    const create = get('create', 'none');
    const healthPlain = get('health', 'none');
    if (create && healthPlain && c.db === 'postgres') lines.push(`creates ${pct(create.reqPerSec, healthPlain.reqPerSec)} of health (>= 25%): ${verdict(create.reqPerSec / healthPlain.reqPerSec >= 0.25)}`);
    const stats = get('stats');
    if (stats) lines.push(`stats 10 callers [br] p50 ${stats.p50} ms (<= 100): ${verdict(completed(stats) && stats.p50 <= 100)}`);
    for (const t of PROCS2) {
      const one = c.results.find((r) => r.target === `procs1:${t}`);
      const two = c.results.find((r) => r.target === `procs2:${t}`);
      if (one && two && one.reqPerSec > 0) {
        const x = two.reqPerSec / one.reqPerSec;
        // Printed, not judged: two processes cannot scale on two cores shared with PostgreSQL and the
        // load generator (issue 58; docs/benchmarks.md "Two API processes: measured on a larger machine").
        lines.push(`${t} two processes ${x.toFixed(2)}x one (not a goal here)`);
      }
    }
    if (c.size >= 100_000 && c.db === 'pglite') {
      const rss = Math.max(...c.results.map((r) => r.rssMax ?? 0));
      lines.push(`API RSS max ${mb(rss)} (<= 300 MB): ${verdict(rss <= 300 * 1048576)}`);
    }
    console.log(`${name.padEnd(18)} ${lines.join('; ')}`);
  }
}
