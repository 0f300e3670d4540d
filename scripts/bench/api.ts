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
 * - `listw`  the list page while 5 more connections create tickets (every create moves the tickets'
 *            high-water mark, so list pages are rebuilt, not answered from the page cache),
 * - `commit` (PostgreSQL only, no HTTP) the ceiling of one create per transaction: 50 connections
 *            doing nothing but what such a create must do one at a time (take the sync lock, bump one
 *            row, COMMIT durably), straight on the bench database with `pg`. The API's group commit
 *            (api/src/features/tickets/createQueue.ts) writes many creates per COMMIT, so it can pass it.
 * - `listu`  an UNCACHED list page: a new cursor (a ticket id from the seeded set) each request,
 * - `searchu` an uncached search: a new term (`Client <n>`, n counting up) each request,
 * - `stats`  10 connections on the 365-day survey statistics (`GET /api/surveys/stats?days=365`),
 *            as 10 staff dashboards open at once; its p50 is printed (goal <= 100 ms),
 * - `procs2:<t>` (PostgreSQL, BENCH_API_PROCS2, default `health,list,create`): target t against TWO
 *            app processes on the same database (half the connections each, req/s summed), right
 *            after t against one; the ratio two/one is printed (goal >= 1.6x for creates and reads).
 * Every HTTP target runs twice in a row, without Accept-Encoding and with Chromium's
 * (`gzip, deflate, br, zstd`, labelled `[br]`), and its ratio is taken against /api/health with the
 * same header (BENCH_API_ENCODINGS, `none,browser`).
 * Printed per target: req/s, p50 and p99 latency, ratio to /api/health and to bare node:http, the API's
 * event-loop delay (p99 and max of 500 ms windows, from scripts/bench/probe.mjs) and its largest RSS.
 * The load average of the machine is printed with each table.
 *
 * Environment: BENCH_API_DBS (`pglite,postgres`), BENCH_API_SIZES (`200,100000`), BENCH_API_TARGETS
 * (`bare,health,list,listw,create,createk,commit`, plus optional `create1`, `sync` = a delta page of 500 and `search` =
 * a list page searching for a client name), BENCH_PG_URL (`postgres://root@127.0.0.1:5432/postgres`; a database
 * `bench_<pid>_<size>` is created and dropped on it).
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startApp, type AppProcess } from '../server-process';
import pg from 'pg';
import { adminQuery, seedTickets } from './seed';

const repoRoot = resolve(import.meta.dirname, '../..');
const env = process.env;
const CONNECTIONS = Number(env.BENCH_API_CONNECTIONS ?? 50);
const SECONDS = Number(env.BENCH_API_SECONDS ?? 10);
const DBS = (env.BENCH_API_DBS ?? 'pglite,postgres').split(',').filter(Boolean) as ('pglite' | 'postgres')[];
const SIZES = (env.BENCH_API_SIZES ?? '200,100000').split(',').map(Number);
const TARGETS = (env.BENCH_API_TARGETS ?? 'bare,health,list,listu,searchu,listw,create,createk,stats,commit,procs2').split(',').filter(Boolean);
const ENCODINGS = (env.BENCH_API_ENCODINGS ?? 'none,browser').split(',').filter(Boolean) as ('none' | 'browser')[];
const PROCS2 = (env.BENCH_API_PROCS2 ?? 'health,list,create').split(',').filter(Boolean);
/** Chromium's Accept-Encoding. */
const BROWSER_ENCODING = 'gzip, deflate, br, zstd';
const PG_URL = env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const ADMIN_PASSWORD = 'bench-admin-password';

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
}

/** All runs of one database and size. */
export interface ConfigResult {
  db: string;
  size: number;
  seedSeconds: number;
  results: TargetResult[];
  /** Load average (1, 5, 15 min) when the configuration started and ended. */
  load: number[][];
}

interface Probe {
  t: number;
  rss: number;
  p99: number;
  max: number;
}

/** Starts a bare node:http server in its own process; resolves with its URL and a stop function. */
async function startBare(): Promise<{ url: string; stop(): void }> {
  const code = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json; charset=utf-8'); s.end('{"status":"ok"}'); })
    .listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
  const child: ChildProcess = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((ok) => child.stdout!.once('data', (d: Buffer) => ok(d.toString().trim())));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** The sum of several autocannon results run side by side (req/s added, latencies the worst). */
function combine(results: autocannon.Result[]): autocannon.Result {
  const sum = (f: (r: autocannon.Result) => number) => results.reduce((n, r) => n + f(r), 0);
  return {
    requests: { average: sum((r) => r.requests.average) },
    latency: { p50: Math.max(...results.map((r) => r.latency.p50)), p99: Math.max(...results.map((r) => r.latency.p99)) },
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
  } as unknown as autocannon.Result;
}

async function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((ok, fail) => {
    autocannon({ ...opts, connections: opts.connections ?? CONNECTIONS, duration: SECONDS }, (err, result) => (err ? fail(err) : ok(result)));
  });
}

function readProbe(file: string): Probe[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Probe);
  } catch {
    return [];
  }
}

async function login(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

const TICKET_BODY = JSON.stringify({
  clientName: 'Bench Customer',
  businessName: 'Bench Ltd',
  customerEmail: 'bench@example.com',
  customerPhone: '+1 555 0100',
  severity: 'low',
  contactMethod: 'email',
  issue: 'The benchmark printer reports a paper jam that is not there.',
});

let addressCount = 0;
/** A client address no request of this run used before (10.0.0.1, 10.0.0.2, ...). */
function nextAddress(): string {
  const n = ++addressCount;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Public ticket creates for autocannon: each request from a new client address (X-Forwarded-For,
 * the app trusts one proxy hop) unless `oneAddress`, with a new Idempotency-Key when `keyed`.
 */
function createLoad(url: string, opts: { oneAddress?: boolean; keyed?: boolean } = {}): autocannon.Options {
  return {
    url,
    requests: [
      {
        method: 'POST',
        body: TICKET_BODY,
        setupRequest: (req) => ({
          ...req,
          headers: {
            'content-type': 'application/json',
            ...(opts.oneAddress ? {} : { 'x-forwarded-for': nextAddress() }),
            ...(opts.keyed ? { 'idempotency-key': randomUUID() } : {}),
          },
        }),
      },
    ],
  };
}

/** Connections that create tickets during `listw`; the list gets the rest of CONNECTIONS. */
const LISTW_WRITERS = 5;

/** Same advisory lock id as api/src/db/sync.ts (creates serialise on it). */
const SYNC_LOCK_ID = 727_001;

/**
 * The `commit` target: CONNECTIONS clients on `databaseUrl`, each looping for SECONDS over one
 * transaction that takes the sync lock, bumps a counter row and commits (durably, like a create).
 * These commits cannot overlap, so their rate is the most creates per second this database and disk
 * allow with one create per transaction (what the API did before its group commit). Returns req/s-like figures (commits/s, p99 of one transaction).
 */
async function commitCeiling(databaseUrl: string): Promise<autocannon.Result> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  try {
    await pool.query('create table if not exists bench_commit (id int primary key, n bigint not null)');
    await pool.query('insert into bench_commit values (1, 0) on conflict do nothing');
    const latencies: number[] = [];
    const end = performance.now() + SECONDS * 1000;
    const worker = async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < end) {
          const t0 = performance.now();
          // Two round trips like a create's tightest path: lock and write, then COMMIT.
          await client.query(`begin; select pg_advisory_xact_lock(${SYNC_LOCK_ID}); update bench_commit set n = n + 1 where id = 1`);
          await client.query('commit');
          latencies.push(performance.now() - t0);
        }
      } finally {
        client.release();
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    latencies.sort((a, b) => a - b);
    const p99 = latencies.length > 0 ? Math.round(latencies[Math.floor(latencies.length * 0.99)]!) : 0;
    return { requests: { average: latencies.length / SECONDS }, latency: { p50: latencies.length > 0 ? Math.round(latencies[Math.floor(latencies.length / 2)]!) : 0, p99 }, non2xx: 0, errors: 0, timeouts: 0 } as unknown as autocannon.Result;
  } finally {
    await pool.end();
  }
}

/** Up to `count` ticket ids of the seeded set (cursors for uncached list pages). */
async function ticketIds(baseURL: string, auth: Record<string, string>, count: number): Promise<string[]> {
  const ids: string[] = [];
  let since = '0';
  while (ids.length < count) {
    const res = await fetch(`${baseURL}/api/tickets?since=${since}&limit=1000`, { headers: auth });
    const page = (await res.json()) as { items: { id: string }[]; cursor: string; more: boolean };
    ids.push(...page.items.map((t) => t.id));
    if (!page.more) break;
    since = page.cursor;
  }
  return ids.slice(0, count);
}

/** autocannon options whose path changes every request (`next()` gives it). */
function varying(url: string, headers: Record<string, string>, next: () => string): autocannon.Options {
  return { url, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next(), headers: { ...req.headers, ...headers } }) }] };
}

/** Adds Accept-Encoding to a plan's options (also to its per-request headers). */
function withEncoding(opts: autocannon.Options, encoding: 'none' | 'browser'): autocannon.Options {
  if (encoding === 'none') return opts;
  const header = { 'accept-encoding': BROWSER_ENCODING };
  return {
    ...opts,
    headers: { ...(opts.headers ?? {}), ...header },
    ...(opts.requests
      ? {
          requests: opts.requests.map((r) => {
            const setup = r.setupRequest as ((req: autocannon.Request, ctx: object) => autocannon.Request) | undefined;
            return {
              ...r,
              setupRequest: (req: autocannon.Request, ctx: object) => {
                const out = setup ? setup(req, ctx) : req;
                return { ...out, headers: { ...(out.headers ?? {}), ...header } };
              },
            };
          }),
        }
      : {}),
  } as autocannon.Options;
}

/** Runs every target once against started apps (`second` = another process on the same database); `bare` is the bare node:http URL. */
async function runTargets(app: AppProcess, bare: string, probeFile: string, databaseUrl?: string, second?: AppProcess): Promise<TargetResult[]> {
  const token = await login(app.baseURL);
  const auth = { authorization: `Bearer ${token}` };
  const ids = await ticketIds(app.baseURL, auth, 20_000);
  let cursorAt = 0;
  let term = 0;
  const plansOf = (base: string) => {
    const plans: Record<string, { label: string; opts: autocannon.Options }> = {
      bare: { label: 'bare node:http', opts: { url: bare } },
      health: { label: 'GET /api/health', opts: { url: `${base}/api/health` } },
      list: { label: 'list page of 50', opts: { url: `${base}/api/tickets/list?limit=50`, headers: auth } },
      listu: {
        label: 'list page, new cursor each',
        opts: varying(`${base}/api/tickets/list`, auth, () => `/api/tickets/list?limit=50&cursor=${ids[cursorAt++ % ids.length]}`),
      },
      searchu: { label: 'search, new term each', opts: varying(`${base}/api/tickets/list`, auth, () => `/api/tickets/list?limit=50&q=Client%20${++term}`) },
      create: { label: 'public ticket create', opts: createLoad(`${base}/api/tickets`) },
      create1: { label: 'create, all from one address', opts: createLoad(`${base}/api/tickets`, { oneAddress: true }) },
      createk: { label: 'create with Idempotency-Key', opts: createLoad(`${base}/api/tickets`, { keyed: true }) },
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
    const from = Date.now();
    const r = await run();
    const to = Date.now();
    const samples = probe ? readProbe(probeFile).filter((p) => p.t >= from && p.t <= to + 500) : [];
    results.push({
      target,
      label: encoding === 'browser' ? `${label} [br]` : label,
      encoding,
      connections,
      reqPerSec: r.requests.average,
      p50: r.latency.p50 ?? 0,
      p99: r.latency.p99,
      errors: r.non2xx + r.errors + r.timeouts,
      ...(samples.length > 0
        ? { loopP99: Math.max(...samples.map((s) => s.p99)), loopMax: Math.max(...samples.map((s) => s.max)), rssMax: Math.max(...samples.map((s) => s.rss)) }
        : {}),
    });
    await new Promise((r2) => setTimeout(r2, 500));
  };
  for (const target of TARGETS) {
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
    const encodings = target === 'bare' || target.startsWith('create') ? (['none'] as const) : ENCODINGS;
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

/** A run in which no request completed has no meaningful p99. */
const completed = (r: TargetResult) => r.reqPerSec > 0;
const p99Text = (r: TargetResult) => (completed(r) ? `${r.p99} ms` : 'none completed');
const mb = (b?: number) => (b === undefined ? '' : `${Math.round(b / 1048576)} MB`);
const pct = (a: number, b: number) => (b > 0 ? `${((a / b) * 100).toFixed(1)}%` : '-');

/** Prints one configuration's table. */
export function printConfig(c: ConfigResult): void {
  const healthOf = (encoding: string) => c.results.find((r) => r.target === 'health' && r.encoding === encoding)?.reqPerSec ?? 0;
  const bare = c.results.find((r) => r.target === 'bare')?.reqPerSec ?? 0;
  const load = c.load.map((l) => l.map((x) => x.toFixed(1)).join(' ')).join(' -> ');
  console.log(`\n### ${c.db}, ${c.size.toLocaleString('en')} tickets (seeded in ${c.seedSeconds.toFixed(1)} s; load average ${load})`);
  console.log('target                                   req/s  p50 ms  p99 ms  vs health  vs bare  loop p99/max ms   API RSS  errors');
  for (const r of c.results) {
    const loop = r.loopP99 === undefined ? '' : `${r.loopP99.toFixed(0)}/${r.loopMax!.toFixed(0)}`;
    console.log(
      `${r.label.padEnd(40)} ${r.reqPerSec.toFixed(0).padStart(6)} ${(completed(r) ? String(r.p50) : '-').padStart(7)} ${(completed(r) ? String(r.p99) : '-').padStart(7)} ${pct(r.reqPerSec, healthOf(r.encoding)).padStart(10)} ${pct(r.reqPerSec, bare).padStart(8)} ${loop.padStart(16)} ${mb(r.rssMax).padStart(9)} ${String(r.errors).padStart(7)}`,
    );
  }
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
        lines.push(`${t} two processes ${x.toFixed(2)}x one${t === 'health' ? '' : ` (>= 1.6x): ${verdict(x >= 1.6)}`}`);
      }
    }
    if (c.size >= 100_000 && c.db === 'pglite') {
      const rss = Math.max(...c.results.map((r) => r.rssMax ?? 0));
      lines.push(`API RSS max ${mb(rss)} (<= 300 MB): ${verdict(rss <= 300 * 1048576)}`);
    }
    console.log(`${name.padEnd(18)} ${lines.join('; ')}`);
  }
}

/** Seeds, starts and measures one database/size configuration; cleans up after itself. */
async function runConfig(db: 'pglite' | 'postgres', size: number, bare: string): Promise<ConfigResult> {
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
      seedSeconds = await seedTickets({ databaseUrl: dbUrl }, size);
      appEnv.DATABASE_URL = dbUrl;
    } else {
      seedSeconds = await seedTickets({ dataDir: work }, size);
      appEnv.DATA_DIR = work;
    }
    app = await startApp(appEnv, 120_000, { nodeArgs: ['--import', join(repoRoot, 'scripts/bench/probe.mjs')] });
    const wantsTwo = db === 'postgres' && TARGETS.includes('procs2');
    second = wantsTwo ? await startApp({ ...appEnv, BENCH_PROBE_FILE: join(work, 'probe2.jsonl') }, 120_000) : undefined;
    const loadStart = loadavg();
    const results = await runTargets(app, bare, probeFile, db === 'postgres' ? dbUrl : undefined, second);
    return { db, size, seedSeconds, results, load: [loadStart, loadavg()] };
  } finally {
    await second?.stop();
    await app?.stop();
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
          const c = await runConfig(db, size, bare.url);
          printConfig(c);
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
