/**
 * Where the machine's CPU went during one load run, read from Linux's /proc: the cores used by the
 * server under test (its process ids: the app, both apps of a two-process run, or the bare
 * node:http server; PGlite runs inside the app, so its share is the server's), by PostgreSQL (every
 * process named `postgres` on this machine: 0 when the database runs elsewhere), by the load
 * generator (this bench process: autocannon runs in it), and the cores left idle. With the API,
 * PostgreSQL and the load generator on one machine, a ratio against /api/health is bounded by how
 * these shares add up (docs/benchmarks.md "Where the two cores go"). Elsewhere than Linux the
 * snapshot is undefined and nothing is printed.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** CPU counters at one moment: clock ticks of the server, of PostgreSQL's processes and the machine's idle ticks. */
export interface CpuSnapshot {
  /** performance.now() (ms). */
  at: number;
  server: number;
  /** Ticks per postgres process id (backends come and go during a run). */
  pg: Map<number, number>;
  /** This process's CPU time (µs, user + system). */
  selfMicros: number;
  /** Machine-wide idle ticks (/proc/stat idle + iowait, all CPUs). */
  idle: number;
}

/** Cores used during a run, averaged over it (2 = both cores of a 2-core machine, all the time). */
export interface CpuShare {
  server: number;
  pg: number;
  load: number;
  idle: number;
  /** Server and PostgreSQL CPU per request (ms), when the run's request count is given. */
  perRequestMs?: { server: number; pg: number };
}

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime (ticks) and the command name of process `pid`, or undefined once it is gone. */
function processTicks(pid: number): { name: string; ticks: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' '); // fields[0] is field 3 (state)
    return { name: stat.slice(stat.indexOf('(') + 1, close), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

/** The counters now, for the server processes `serverPids`; undefined without /proc. */
export function cpuSnapshot(serverPids: number[]): CpuSnapshot | undefined {
  let cpuLine: string;
  try {
    cpuLine = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  } catch {
    return undefined;
  }
  const [, ...counts] = cpuLine.trim().split(/\s+/).map(Number);
  const idle = counts[3]! + counts[4]!; // idle + iowait
  const pg = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const p = processTicks(Number(entry));
    if (p?.name === 'postgres') pg.set(Number(entry), p.ticks);
  }
  const server = serverPids.reduce((sum, pid) => sum + (processTicks(pid)?.ticks ?? 0), 0);
  const self = process.cpuUsage();
  return { at: performance.now(), server, pg, selfMicros: self.user + self.system, idle };
}

/** The cores each part used between two snapshots; `requests` (completed in between) adds the CPU per request. */
export function cpuShare(a: CpuSnapshot, b: CpuSnapshot, requests?: number): CpuShare {
  const seconds = (b.at - a.at) / 1000;
  const cores = (ticks: number) => ticks / TICKS_PER_SECOND / seconds;
  let pgTicks = 0;
  for (const [pid, ticks] of b.pg) pgTicks += ticks - (a.pg.get(pid) ?? 0); // a backend started meanwhile counts whole
  const serverTicks = b.server - a.server;
  return {
    server: cores(serverTicks),
    pg: cores(pgTicks),
    load: (b.selfMicros - a.selfMicros) / 1e6 / seconds,
    idle: cores(b.idle - a.idle),
    ...(requests ? { perRequestMs: { server: ((serverTicks / TICKS_PER_SECOND) * 1000) / requests, pg: ((pgTicks / TICKS_PER_SECOND) * 1000) / requests } } : {}),
  };
}

/**
 * When a machine counts as quiet for {@link waitForQuiet}: the apps and PostgreSQL together below
 * `maxCores` over `windowMs`. Waiting stops after `maxMs` (the outbox's backlog after a create
 * target took 13-28 s; a PostgreSQL busy with other work on the machine would otherwise stall every
 * target).
 */
export const QUIET = { maxCores: 0.1, windowMs: 1000, maxMs: 60_000 };

/**
 * Waits until the servers `serverPids` and PostgreSQL are quiet ({@link QUIET}: the outbox sending
 * the notifications of the tickets a create target left, autovacuum), so a target is not measured
 * beside the previous one's background work. Resolves with the ms waited beyond the first window
 * (undefined without /proc); past `QUIET.maxMs` it resolves anyway.
 */
export async function waitForQuiet(serverPids: number[]): Promise<number | undefined> {
  const started = performance.now();
  let from = cpuSnapshot(serverPids);
  if (!from) return undefined;
  for (;;) {
    await new Promise((r) => setTimeout(r, QUIET.windowMs));
    const to = cpuSnapshot(serverPids)!;
    const share = cpuShare(from, to);
    const waited = performance.now() - started;
    if (share.server + share.pg < QUIET.maxCores || waited >= QUIET.maxMs) return waited - QUIET.windowMs;
    from = to;
  }
}
