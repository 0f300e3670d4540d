/**
 * API throughput benchmark: autocannon, BENCH_API_CONNECTIONS (50) connections for
 * BENCH_API_SECONDS (10) s per target, against the real app process (`npm run serve`: the API bundle on node), on
 * PGlite and on PostgreSQL, with BENCH_API_SIZES tickets (default 200 and 100,000, seeded with SQL).
 *
 * Targets, run one after the other in the same run (interleaved, so the machine's other load hits
 * them alike; read the RATIOS on a shared machine, not the absolute numbers):
 * - `bare`   a bare node:http server in its own process answering `{"status":"ok"}` (the ceiling),
 * - `health` `GET /api/health` (`select 1` through the whole middleware stack),
 * - `list`   an authenticated staff list page of 50 tickets (`GET /api/tickets/list?limit=50`),
 * - `create` public `POST /api/tickets` (anonymous ticket form submissions), each from a client address
 *            of its own, as customers reach a deployment through its reverse proxy (the app runs with
 *            TRUST_PROXY=1 and each request carries its own X-Forwarded-For),
 * - `create1` (optional) the same, every request from ONE address (127.0.0.1, the load of `create`
 *            before round 8): every rate-limit count of the run updates the same `rate_limits` row on
 *            PostgreSQL (a real single address is refused after RATE_LIMIT_TICKETS per minute, from
 *            memory),
 * - `createk` `create` with a new Idempotency-Key per request, as the PWA's outbox sends them,
 * - `patch`  (optional) staff comment PATCHes with an Idempotency-Key, each on the next seeded ticket,
 * - `listw`  the list page while 5 more connections create tickets (every create moves the tickets'
 *            high-water mark, so list pages are rebuilt, not answered from the page cache),
 * - `commit` (PostgreSQL only, no HTTP) the ceiling of one create per transaction: 50 connections
 *            doing nothing but what such a create must do one at a time (take the sync lock, bump one
 *            row, COMMIT durably), straight on the bench database with `pg`. The API's group commit
 *            (api/src/features/tickets/createQueue.ts) writes many creates per COMMIT, so it can pass it.
 * - `listu`  an UNCACHED list page: a new cursor (a ticket id from the seeded set) each request,
 * - `searchu` an uncached search: a new term (`Client <n>`, n counting up) each request,
 * - `clients` a staff page of 50 clients (`GET /api/clients?limit=50`: name, open tickets, last
 *            visit), BENCH_API_CLIENTS (5,000) clients seeded with the tickets,
 * - `clientsu` a client search, a new term each request (`Acme <n>`, name substring or domain prefix),
 * - `clientsq` (optional) one client search term over and over (`Acme 12`),
 * - `stats`  10 connections on the 365-day survey statistics (`GET /api/surveys/stats?days=365`),
 *            as 10 staff dashboards open at once; its p50 is printed (goal <= 100 ms),
 * - `floor`  (PostgreSQL) the API floor table (api-floor.ts): `listu` (also with Chromium's
 *            Accept-Encoding) and `searchu` against a bare node:http + `pg` server running the app's
 *            own captured statements, a public create against that server's group commit of the
 *            app's own create statements (api-floor-create.ts), and `/api/health` against the bare
 *            node:http server; CPU per
 *            request of both sides and their ratio, the median of BENCH_FLOOR_ROUNDS (3) interleaved rounds,
 * - `procs2:<t>` (PostgreSQL, BENCH_API_PROCS2, default `health,list,create`): target t against TWO
 *            app processes on the same database (half the connections each, req/s summed), right
 *            after t against one; the ratio two/one is printed, not judged (no goal on a shared
 *            2-core machine: docs/benchmarks.md "Two API processes: measured on a larger machine").
 * Every HTTP target runs twice in a row, without Accept-Encoding and with Chromium's
 * (`gzip, deflate, br, zstd`, labelled `[br]`), and its ratio is taken against /api/health with the
 * same header (BENCH_API_ENCODINGS, `none,browser`).
 * Before each target the bench waits until the apps and PostgreSQL use less than 0.1 core
 * (cpu-share.ts `waitForQuiet`: a create target leaves the outbox sending its notifications for
 * tens of seconds) and prints the waits under the table.
 * Printed per target: req/s, p50 and p99 latency, ratio to /api/health and to bare node:http, the API's
 * event-loop delay (p99 and max of 500 ms windows, from scripts/bench/probe.mjs), its largest RSS, and
 * where the machine's CPU went meanwhile (cpu-share.ts: cores used by the server, PostgreSQL and the
 * load generator, cores idle, and the server's and PostgreSQL's CPU ms per request).
 * The load average of the machine is printed with each table. BENCH_CPU_DRAIN=1 also prints, per
 * target, the CPU per request from its start until the servers are quiet again (the notifications a
 * create leaves for the outbox included), so builds whose outbox sends at other moments compare alike.
 *
 * Environment: BENCH_API_NODE_ARGS (node flags after `serve`'s, for the app under test), BENCH_API_OUTPUT (file of the measured app's output, e.g. with `--trace-gc`), BENCH_API_DBS (`pglite,postgres`), BENCH_API_SIZES (`200,100000`), BENCH_API_TARGETS
 * (`bare,health,list,listu,searchu,clients,clientsu,listw,create,createk,stats,commit,procs2,floor`, plus optional `create1`, `patch` = staff comment PATCHes, `sync` = a delta page of 500 and `search` =
 * a list page searching for a client name), BENCH_PG_URL (`postgres://root@127.0.0.1:5432/postgres`; a database
 * `bench_<pid>_<size>` is created and dropped on it).
 */
import type autocannon from 'autocannon';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startApp, type AppProcess } from '../server-process';
import { LISTW_WRITERS, type BareServer, cannon, combine, commitCeiling, createLoad, login, patchLoad, readProbe, startBare, ticketIds, varying, withEncoding } from './api-load';
import { printConfig, printGoals, type ConfigResult, type TargetResult } from './api-report';
import { printFloor, runFloor } from './api-floor';
import { cpuShare, cpuSnapshot, waitForQuiet } from './cpu-share';
import { ADMIN_PASSWORD, CLIENTS, CONNECTIONS, DBS, ENCODINGS, PG_URL, PROCS2, SECONDS, SIZES, TARGETS } from './api-settings';
import { adminQuery, seedTickets } from './seed';
import { settleStartData } from './settle';

const repoRoot = resolve(import.meta.dirname, '../..');
/** BENCH_API_NODE_ARGS: node flags added after `serve`'s (the last of a flag wins), e.g. `--max-semi-space-size=6` for an A/B of a flag. */
const EXTRA_NODE_ARGS = (process.env.BENCH_API_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
/** BENCH_API_OUTPUT: a file the measured app's stdout and stderr are written to when it stops, `<db>-<size>` before the extension (e.g. the lines of `--trace-gc`). */
const OUTPUT_FILE = process.env.BENCH_API_OUTPUT;

/** Runs every target once against started apps (`second` = another process on the same database) and the bare node:http server. */
async function runTargets(app: AppProcess, bare: BareServer, probeFile: string, databaseUrl?: string, second?: AppProcess): Promise<TargetResult[]> {
  const token = await login(app.baseURL);
  const auth = { authorization: `Bearer ${token}` };
  const ids = await ticketIds(app.baseURL, auth, 20_000);
  let cursorAt = 0;
  let term = 0;
  let clientTerm = 0;
  const plansOf = (base: string) => {
    const plans: Record<string, { label: string; opts: autocannon.Options }> = {
      bare: { label: 'bare node:http', opts: { url: bare.url } },
      health: { label: 'GET /api/health', opts: { url: `${base}/api/health` } },
      list: { label: 'list page of 50', opts: { url: `${base}/api/tickets/list?limit=50`, headers: auth } },
      listu: {
        label: 'list page, new cursor each',
        opts: varying(`${base}/api/tickets/list`, auth, () => `/api/tickets/list?limit=50&cursor=${ids[cursorAt++ % ids.length]}`),
      },
      searchu: { label: 'search, new term each', opts: varying(`${base}/api/tickets/list`, auth, () => `/api/tickets/list?limit=50&q=Client%20${++term}`) },
      clients: { label: 'client list page of 50', opts: { url: `${base}/api/clients?limit=50`, headers: auth } },
      clientsu: {
        label: 'client search, new term each',
        opts: varying(`${base}/api/clients`, auth, () => `/api/clients?limit=50&q=Acme%20${1 + (clientTerm++ % Math.max(1, CLIENTS))}`),
      },
      clientsq: { label: 'client search page of 50', opts: { url: `${base}/api/clients?limit=50&q=Acme%2012`, headers: auth } },
      create: { label: 'public ticket create', opts: createLoad(`${base}/api/tickets`) },
      create1: { label: 'create, all from one address', opts: createLoad(`${base}/api/tickets`, { oneAddress: true }) },
      createk: { label: 'create with Idempotency-Key', opts: createLoad(`${base}/api/tickets`, { keyed: true }) },
      patch: { label: 'staff comment PATCH', opts: patchLoad(`${base}/api/tickets`, auth, ids) },
      listw: { label: `list page, ${LISTW_WRITERS} conn. creating`, opts: { url: `${base}/api/tickets/list?limit=50`, headers: auth, connections: CONNECTIONS - LISTW_WRITERS } },
      stats: { label: 'survey stats 365 d, 10 conn.', opts: { url: `${base}/api/surveys/stats?days=365`, headers: auth, connections: 10 } },
      commit: { label: 'commit ceiling (no HTTP)', opts: { url: 'postgres:', connections: CONNECTIONS } },
      sync: { label: 'delta page of 500', opts: { url: `${base}/api/tickets?since=0&limit=500`, headers: auth } },
      search: { label: 'search page of 50', opts: { url: `${base}/api/tickets/list?limit=50&q=Client%2012`, headers: auth } },
    };
    return plans;
  };
  const plans = plansOf(app.baseURL);
  const plans2 = second ? plansOf(second.baseURL) : undefined;
  const results: TargetResult[] = [];
  const measure = async (target: string, label: string, encoding: 'none' | 'browser', run: () => Promise<autocannon.Result>, connections: number, probe: boolean) => {
    const servers = target === 'bare' ? [bare.pid] : target === 'commit' ? [] : target.startsWith('procs2:') && second ? [app.pid, second.pid] : [app.pid];
    // Both apps run the outbox: after a create target either may still be sending its notifications.
    const settledMs = await waitForQuiet(second ? [app.pid, second.pid] : [app.pid]);
    const from = Date.now();
    const cpuFrom = cpuSnapshot(servers);
    const r = await run();
    const cpuTo = cpuSnapshot(servers);
    const to = Date.now();
    const samples = probe ? readProbe(probeFile).filter((p) => p.t >= from && p.t <= to + 500) : [];
    if (process.env.BENCH_CPU_DRAIN === '1' && cpuFrom && servers.length > 0) {
      // The work a request leaves behind (the outbox's sends) counted too: CPU from the start until quiet again.
      const waited = await waitForQuiet(servers);
      const drained = cpuSnapshot(servers);
      const share = drained ? cpuShare(cpuFrom, drained, r.requests.total).perRequestMs : undefined;
      if (share) console.log(`${label}: CPU ms/req until quiet (+${((waited ?? 0) / 1000).toFixed(1)} s): server ${share.server.toFixed(2)}, PostgreSQL ${share.pg.toFixed(2)}`);
    }
    results.push({
      target,
      label: encoding === 'browser' ? `${label} [br]` : label,
      encoding,
      connections,
      reqPerSec: r.requests.average,
      p50: r.latency.p50 ?? 0,
      p99: r.latency.p99,
      errors: r.non2xx + r.errors + r.timeouts,
      settledMs,
      ...(cpuFrom && cpuTo ? { cpu: cpuShare(cpuFrom, cpuTo, r.requests.total) } : {}),
      ...(samples.length > 0
        ? { loopP99: Math.max(...samples.map((s) => s.p99)), loopMax: Math.max(...samples.map((s) => s.max)), rssMax: Math.max(...samples.map((s) => s.rss)) }
        : {}),
    });
    await new Promise((r2) => setTimeout(r2, 500));
  };
  for (const target of TARGETS) {
    if (target === 'floor') continue; // after the targets (runConfig)
    if (target === 'procs2') {
      if (!plans2) continue; // PostgreSQL only
      for (const t of PROCS2) {
        const one = plans[t]!;
        const two = plans2[t]!;
        const conn = one.opts.connections ?? CONNECTIONS;
        const half = Math.max(1, Math.floor(conn / 2));
        await measure(`procs1:${t}`, `${one.label}, 1 process`, 'none', () => cannon(one.opts), conn, true);
        await measure(`procs2:${t}`, `${one.label}, 2 processes`, 'none', async () => combine(await Promise.all([cannon({ ...one.opts, connections: half }), cannon({ ...two.opts, connections: conn - half })])), conn, false);
      }
      continue;
    }
    const plan = plans[target];
    if (!plan) throw new Error(`unknown BENCH_API_TARGETS entry: ${target}`);
    if (target === 'commit') {
      if (databaseUrl) await measure(target, plan.label, 'none', () => commitCeiling(databaseUrl), CONNECTIONS, false);
      continue;
    }
    const encodings = target === 'bare' || target.startsWith('create') || target === 'patch' ? (['none'] as const) : ENCODINGS;
    for (const encoding of encodings) {
      const opts = withEncoding(plan.opts, encoding);
      const run = async () => {
        const writers = target === 'listw' ? cannon({ ...plans.create!.opts, connections: LISTW_WRITERS }) : undefined;
        const r = await cannon(opts);
        await writers;
        return r;
      };
      await measure(target, plan.label, encoding, run, plan.opts.connections ?? CONNECTIONS, target !== 'bare');
    }
  }
  return results;
}

/** Seeds, starts and measures one database/size configuration; cleans up after itself. */
async function runConfig(db: 'pglite' | 'postgres', size: number, bare: BareServer): Promise<ConfigResult> {
  const work = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const probeFile = join(work, 'probe.jsonl');
  writeFileSync(probeFile, '');
  const dbName = `bench_${process.pid}_${size}`;
  const dbUrl = (() => {
    const u = new URL(PG_URL);
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  let app: AppProcess | undefined;
  let second: AppProcess | undefined;
  try {
    let seedSeconds: number;
    const appEnv: Record<string, string> = {
      ADMIN_PASSWORD,
      RATE_LIMIT_TICKETS: '1000000000',
      RATE_LIMIT_LOGIN: '1000000',
      LOG_LEVEL: 'warn',
      // Creates arrive with X-Forwarded-For as from a reverse proxy (`create` above).
      TRUST_PROXY: '1',
      BENCH_PROBE_FILE: probeFile,
    };
    if (db === 'postgres') {
      await adminQuery(PG_URL, `drop database if exists "${dbName}" with (force)`);
      await adminQuery(PG_URL, `create database "${dbName}"`);
      seedSeconds = await seedTickets({ databaseUrl: dbUrl }, size, { clients: CLIENTS });
      appEnv.DATABASE_URL = dbUrl;
    } else {
      seedSeconds = await seedTickets({ dataDir: work }, size, { clients: CLIENTS });
      appEnv.DATA_DIR = work;
    }
    // The seed leaves the start's data steps (SLA due times) to do: a start before the measured one runs them.
    const settled = await settleStartData(appEnv);
    console.log(`(${db}, ${size} tickets: the start's data steps ran in a start before the measured one, ${settled.toFixed(1)} s)`);
    app = await startApp(appEnv, 120_000, { nodeArgs: ['--import', join(repoRoot, 'scripts/bench/probe.mjs'), ...EXTRA_NODE_ARGS] });
    const wantsTwo = db === 'postgres' && TARGETS.includes('procs2');
    second = wantsTwo ? await startApp({ ...appEnv, BENCH_PROBE_FILE: join(work, 'probe2.jsonl') }, 120_000) : undefined;
    const loadStart = loadavg();
    const results = await runTargets(app, bare, probeFile, db === 'postgres' ? dbUrl : undefined, second);
    const load = [loadStart, loadavg()];
    let floor;
    if (db === 'postgres' && TARGETS.includes('floor')) {
      const auth = { authorization: `Bearer ${await login(app.baseURL)}` };
      floor = await runFloor(app.baseURL, app.pid, auth, dbUrl, await ticketIds(app.baseURL, auth, 20_000), bare);
    }
    return { db, size, seedSeconds, results, load, ...(floor ? { floor } : {}) };
  } finally {
    await second?.stop();
    await app?.stop();
    if (app && OUTPUT_FILE) writeFileSync(OUTPUT_FILE.replace(/(\.[^./]*)?$/, `-${db}-${size}$1`), app.output());
    rmSync(work, { recursive: true, force: true });
    if (db === 'postgres') await adminQuery(PG_URL, `drop database if exists "${dbName}" with (force)`).catch(() => {});
  }
}

/** The whole API benchmark; prints as it goes and returns every configuration's figures. */
export async function runApiBench(): Promise<ConfigResult[]> {
  console.log(
    `\n## API throughput (autocannon, ${CONNECTIONS} connections, ${SECONDS} s per target, targets interleaved in one run; ` +
      'the machine may be shared: read the ratios)',
  );
  const bare = await startBare();
  const all: ConfigResult[] = [];
  try {
    for (const db of DBS) {
      for (const size of SIZES) {
        try {
          const c = await runConfig(db, size, bare);
          printConfig(c);
          if (c.floor) printFloor(c, c.floor);
          all.push(c);
        } catch (err) {
          console.log(`\n### ${db}, ${size} tickets: FAILED: ${err instanceof Error ? err.message : String(err)}`);
          process.exitCode = 1;
        }
      }
    }
  } finally {
    bare.stop();
  }
  printGoals(all);
  return all;
}
