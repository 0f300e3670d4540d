/**
 * API throughput benchmark (issue 16): autocannon, BENCH_API_CONNECTIONS (50) connections for
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
 * Printed per target: req/s, p99 latency, ratio to /api/health and to bare node:http, the API's
 * event-loop delay (p99 and max of 500 ms windows, from scripts/bench/probe.mjs) and its largest RSS.
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
import { tmpdir } from 'node:os';
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
const TARGETS = (env.BENCH_API_TARGETS ?? 'bare,health,list,listw,create,createk,commit').split(',').filter(Boolean);
const PG_URL = env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const ADMIN_PASSWORD = 'bench-admin-password';

/** One autocannon run of one target. */
export interface TargetResult {
  target: string;
  label: string;
  connections: number;
  reqPerSec: number;
  p99: number;
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
    return { requests: { average: latencies.length / SECONDS }, latency: { p99 }, non2xx: 0, errors: 0, timeouts: 0 } as unknown as autocannon.Result;
  } finally {
    await pool.end();
  }
}

/** Runs every target once against a started app; `bare` is the bare node:http URL. */
async function runTargets(app: AppProcess, bare: string, size: number, probeFile: string, databaseUrl?: string): Promise<TargetResult[]> {
  const token = await login(app.baseURL);
  const auth = { authorization: `Bearer ${token}` };
  const plans: Record<string, { label: string; opts: autocannon.Options }> = {
    bare: { label: 'bare node:http', opts: { url: bare } },
    health: { label: 'GET /api/health', opts: { url: `${app.baseURL}/api/health` } },
    list: { label: 'list page of 50', opts: { url: `${app.baseURL}/api/tickets/list?limit=50`, headers: auth } },
    create: { label: 'public ticket create', opts: createLoad(`${app.baseURL}/api/tickets`) },
    create1: { label: 'create, all from one address', opts: createLoad(`${app.baseURL}/api/tickets`, { oneAddress: true }) },
    createk: { label: 'create with Idempotency-Key', opts: createLoad(`${app.baseURL}/api/tickets`, { keyed: true }) },
    listw: { label: `list page, ${LISTW_WRITERS} conn. creating`, opts: { url: `${app.baseURL}/api/tickets/list?limit=50`, headers: auth, connections: CONNECTIONS - LISTW_WRITERS } },
    commit: { label: 'commit ceiling (no HTTP)', opts: { url: 'postgres:', connections: CONNECTIONS } },
    sync: { label: 'delta page of 500', opts: { url: `${app.baseURL}/api/tickets?since=0&limit=500`, headers: auth } },
    search: { label: 'search page of 50', opts: { url: `${app.baseURL}/api/tickets/list?limit=50&q=Client%2012`, headers: auth } },
  };
  const results: TargetResult[] = [];
  for (const target of TARGETS) {
    const plan = plans[target];
    if (!plan) throw new Error(`unknown BENCH_API_TARGETS entry: ${target}`);
    if (target === 'commit' && !databaseUrl) continue; // PostgreSQL only
    const from = Date.now();
    const writers = target === 'listw' ? cannon({ ...plans.create!.opts, connections: LISTW_WRITERS }) : undefined;
    const r = target === 'commit' ? await commitCeiling(databaseUrl!) : await cannon(plan.opts);
    await writers;
    const to = Date.now();
    const samples = target === 'bare' || target === 'commit' ? [] : readProbe(probeFile).filter((p) => p.t >= from && p.t <= to + 500);
    results.push({
      target,
      label: plan.label,
      connections: plan.opts.connections ?? CONNECTIONS,
      reqPerSec: r.requests.average,
      p99: r.latency.p99,
      errors: r.non2xx + r.errors + r.timeouts,
      ...(samples.length > 0
        ? {
            loopP99: Math.max(...samples.map((s) => s.p99)),
            loopMax: Math.max(...samples.map((s) => s.max)),
            rssMax: Math.max(...samples.map((s) => s.rss)),
          }
        : {}),
    });
    await new Promise((r2) => setTimeout(r2, 500));
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
  const health = c.results.find((r) => r.target === 'health')?.reqPerSec ?? 0;
  const bare = c.results.find((r) => r.target === 'bare')?.reqPerSec ?? 0;
  console.log(`\n### ${c.db}, ${c.size.toLocaleString('en')} tickets (seeded in ${c.seedSeconds.toFixed(1)} s)`);
  console.log('target                          req/s   p99 ms  vs health  vs bare  loop p99/max ms   API RSS  errors');
  for (const r of c.results) {
    const loop = r.loopP99 === undefined ? '' : `${r.loopP99.toFixed(0)}/${r.loopMax!.toFixed(0)}`;
    console.log(
      `${r.label.padEnd(30)} ${r.reqPerSec.toFixed(0).padStart(6)} ${(completed(r) ? String(r.p99) : '-').padStart(8)} ${pct(r.reqPerSec, health).padStart(10)} ${pct(r.reqPerSec, bare).padStart(8)} ${loop.padStart(16)} ${mb(r.rssMax).padStart(9)} ${String(r.errors).padStart(7)}`,
    );
  }
}

/** Prints the issue 16 goals against the measured figures. */
export function printGoals(all: ConfigResult[]): void {
  console.log('\n### Goals (issue 16)');
  const get = (c: ConfigResult, t: string) => c.results.find((r) => r.target === t);
  for (const c of all) {
    const health = get(c, 'health');
    const list = get(c, 'list');
    const create = get(c, 'create');
    const name = `${c.db} ${c.size.toLocaleString('en')}`;
    const lines: string[] = [];
    if (health && list) {
      const ratio = list.reqPerSec / health.reqPerSec;
      lines.push(`list ${pct(list.reqPerSec, health.reqPerSec)} of health (goal >= 30% on postgres): ${c.db === 'postgres' ? (ratio >= 0.3 ? 'met' : 'NOT met') : 'info'}`);
      if (c.db === 'postgres') lines.push(`list p99 ${p99Text(list)} (goal <= 100 ms): ${completed(list) && list.p99 <= 100 ? 'met' : 'NOT met'}`);
    }
    const listw = get(c, 'listw');
    if (health && listw) lines.push(`list while ${LISTW_WRITERS} conn. create ${pct(listw.reqPerSec, health.reqPerSec)} of health, p99 ${p99Text(listw)}`);
    if (health && create) {
      lines.push(`creates ${pct(create.reqPerSec, health.reqPerSec)} of health (goal >= 20%): ${create.reqPerSec / health.reqPerSec >= 0.2 ? 'met' : 'NOT met'}`);
      const ceiling = get(c, 'commit');
      if (ceiling) lines.push(`creates ${pct(create.reqPerSec, ceiling.reqPerSec)} of the one-per-transaction commit ceiling (${ceiling.reqPerSec.toFixed(0)}/s = ${pct(ceiling.reqPerSec, health.reqPerSec)} of health)`);
    }
    const oneAddress = get(c, 'create1');
    if (health && oneAddress) lines.push(`creates all from one address ${pct(oneAddress.reqPerSec, health.reqPerSec)} of health`);
    const keyed = get(c, 'createk');
    if (health && keyed) lines.push(`creates with Idempotency-Key ${pct(keyed.reqPerSec, health.reqPerSec)} of health, p99 ${p99Text(keyed)}`);
    if (c.db === 'pglite') {
      const api = c.results.filter((r) => r.target !== 'bare');
      const worst = api.some((r) => !completed(r)) ? Infinity : Math.max(...api.map((r) => r.p99));
      lines.push(`worst API p99 ${Number.isFinite(worst) ? `${worst} ms` : 'none (a target completed no request)'} (goal <= 250 on pglite): ${worst <= 250 ? 'met' : 'NOT met'}`);
    }
    if (c.size >= 100_000) {
      const rss = Math.max(...c.results.map((r) => r.rssMax ?? 0));
      lines.push(`API RSS max ${mb(rss)} (goal < 300 MB): ${rss < 300 * 1048576 ? 'met' : 'NOT met'}`);
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
    const results = await runTargets(app, bare, size, probeFile, db === 'postgres' ? dbUrl : undefined);
    return { db, size, seedSeconds, results };
  } finally {
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
