/**
 * The API floor (issue 58 Decision 2, docs/benchmarks.md "The API floor"): the app's CPU per request
 * against the same database work done by the thinnest server (floor-server.mjs: bare node:http and a
 * `pg` pool running the app's own statements), measured in the same run, in interleaved rounds.
 *
 * The statements are captured, not rewritten: the app's repository code (the page cache's miss path,
 * pageCache.ts readTicketPage: `ticketsHighWater` then `listTicketPageJson`) runs here on the bench
 * database with node-postgres' `Client.prototype.query` recording every statement (text, parameters,
 * prepared-statement name). Two captures per target (two cursors, two terms) show which parameters
 * change per request; the floor rebuilds only those. Before measuring, the app's and the floor's
 * answers to the same request are compared byte for byte.
 *
 * Targets (PostgreSQL only): `listu` (a list page of 50, a new cursor each request), `listu-br` (the
 * same with Chromium's Accept-Encoding on the app's side: the app compresses, the floor does not),
 * `searchu` (a searched page of 50, a new term `Client <n>` each request), as the app's targets of
 * the same names, and `health` (`GET /api/health`, the middleware every request pays plus
 * `select 1`, against the bare node:http server of api-load.ts answering the same bytes), and
 * `health-db` (the same against floor-server.mjs's `/health`: node:http, the pool and `select 1`).
 * Per round and target: the app (its page cache emptied first), then the floor, each for
 * BENCH_API_SECONDS with the same cursors or terms (new ones each round); CPU ms per request of the
 * server process and of PostgreSQL (cpu-share.ts, from /proc). The table prints the median over
 * BENCH_FLOOR_ROUNDS (3) rounds, the ratio app / floor of the medians and each round's ratio.
 */
import type autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../api/src/db/client';
import { listTicketPageJson, ticketsHighWater, type TicketFilter } from '../../api/src/features/tickets/staffListRepository';
import { cannon, createLoad, varying, withEncoding, type BareServer } from './api-load';
import { BROWSER_ENCODING } from './api-settings';
import { cpuShare, cpuSnapshot, waitForQuiet } from './cpu-share';
import { median } from './median';
import { recordStatements, type Recorded } from './api-floor-record';
import { captureCreate, sameCreateShape, type CreateSpec } from './api-floor-create';

const ROUNDS = Number(process.env.BENCH_FLOOR_ROUNDS ?? 3);
/** BENCH_FLOOR_TARGETS: the rows to measure (comma list of the targets below; default all). */
const ONLY = process.env.BENCH_FLOOR_TARGETS?.split(',').map((t) => t.trim()).filter(Boolean);
const LIMIT = 50;

/** A statement as node-postgres sent it; `vary`: the parameters rebuilt per request (floor-server.mjs). */
interface Statement {
  name?: string;
  text: string;
  params: unknown[];
  vary: { index: number; kind: 'cursor' | 'term' }[];
}

/** What floor-server.mjs reads. */
export interface FloorSpec {
  databaseUrl: string;
  targets: Record<string, { limit: number; statements: Statement[] }>;
  /** `POST /create` (api-floor-create.ts). */
  create?: CreateSpec;
}

/** One target's medians: CPU ms per request (server, PostgreSQL) of the app and of the floor. */
export interface FloorRow {
  target: string;
  label: string;
  app: { server: number; pg: number; reqPerSec: number };
  floor: { server: number; pg: number; reqPerSec: number };
  identical: boolean;
  /** app / floor of server + PostgreSQL CPU per request, round by round. */
  ratios?: number[];
}

/** The floor table of one configuration. */
export interface FloorResult {
  rows: FloorRow[];
  rounds: number;
  load: number[][];
}

/** Two captures of one request shape -> the statements with their varying parameters named. */
function diff(a: Recorded[], b: Recorded[], kind: 'cursor' | 'term', check: (x: unknown, y: unknown) => boolean): Statement[] {
  if (a.length !== b.length || a.some((s, i) => s.text !== b[i]!.text)) throw new Error(`floor: the ${kind} captures ran different statements`);
  return a.map((s, i) => {
    const vary: Statement['vary'] = [];
    s.values.forEach((v, k) => {
      if (v === b[i]!.values[k]) return;
      if (!check(v, b[i]!.values[k])) throw new Error(`floor: parameter ${k} of statement ${i} changes in a way the floor cannot rebuild (${String(v)} / ${String(b[i]!.values[k])})`);
      vary.push({ index: k, kind });
    });
    return { ...(s.name ? { name: s.name } : {}), text: s.text, params: s.values, vary };
  });
}

/** The floor's statements for `listu` and `searchu`, captured from the app's code on `databaseUrl`. */
export async function captureSpec(databaseUrl: string, ids: string[]): Promise<FloorSpec> {
  const handle = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    const page = (filter: TicketFilter, cursor?: string) => async () => {
      await ticketsHighWater(handle.db);
      await listTicketPageJson(handle.db, filter, { cursor, limit: LIMIT });
    };
    // Warm first (prepared names are per connection; the captured texts are what matters).
    await page({}, ids[0])();
    const listA = await recordStatements(page({}, ids[0]));
    const listB = await recordStatements(page({}, ids[1]));
    const searchA = await recordStatements(page({ q: 'Client 1' }));
    const searchB = await recordStatements(page({ q: 'Client 2' }));
    return {
      databaseUrl,
      targets: {
        '/listu': { limit: LIMIT, statements: diff(listA, listB, 'cursor', (x, y) => x === ids[0] && y === ids[1]) },
        '/searchu': { limit: LIMIT, statements: diff(searchA, searchB, 'term', (x, y) => String(x).split(`'1':*`).join(`'2':*`) === y) },
      },
    };
  } finally {
    await handle.close();
  }
}

/** Starts floor-server.mjs on `spec`; resolves with its URL, pid and stop. */
export async function startFloor(spec: FloorSpec, nodeArgs: string[] = []): Promise<{ url: string; pid: number; stop(): void; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-floor-'));
  writeFileSync(join(dir, 'spec.json'), JSON.stringify(spec));
  const child = spawn(process.execPath, [...nodeArgs, join(import.meta.dirname, 'floor-server.mjs'), join(dir, 'spec.json')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((ok, fail) => {
    child.stdout!.once('data', (d: Buffer) => ok(d.toString().trim()));
    child.once('exit', (code) => fail(new Error(`floor-server.mjs exited (${code}) before listening`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, dir, stop: () => child.kill('SIGTERM') };
}

/** One row of the floor table: the app's request and the floor's, by the round's value `v`. */
interface FloorTarget {
  target: string;
  label: string;
  app: (v: string) => string;
  /** Extra request headers of the app's side (Accept-Encoding). */
  appHeaders?: Record<string, string>;
  /** false: the app's page cache is not involved (health). */
  uncached: boolean;
  /** Sent without the session (health: an anonymous probe, as the bench's `health` target). */
  anonymous?: boolean;
  floor: { url: string; pid: number; path: (v: string) => string };
  value: (n: number) => string;
  /** A POST target (create): each side's autocannon options, instead of GETs of `app` and `floor.path`. */
  post?: { app: autocannon.Options; floor: autocannon.Options };
}

/**
 * Measures the floor table against the running app (`baseURL`, `appPid`, signed-in `auth`) on the
 * PostgreSQL database `databaseUrl`, with `ids` (seeded ticket ids) as cursors; `bare` (api-load.ts
 * startBare) is the floor of `GET /api/health`.
 */
export async function runFloor(baseURL: string, appPid: number, auth: Record<string, string>, databaseUrl: string, ids: string[], bare: BareServer): Promise<FloorResult> {
  const spec = await captureSpec(databaseUrl, ids);
  const wanted = (t: string) => !ONLY || ONLY.includes(t);
  if (wanted('create')) spec.create = await captureCreate(databaseUrl, baseURL);
  const floor = await startFloor(spec);
  const bump = new pg.Client({ connectionString: databaseUrl });
  await bump.connect();
  const loadStart = loadavg();
  try {
    const atFloor = (path: (v: string) => string) => ({ url: floor.url, pid: floor.pid, path });
    const cursor = (n: number) => ids[n % ids.length]!;
    const all: FloorTarget[] = [
      { target: 'listu', label: 'list page, new cursor each', app: (v) => `/api/tickets/list?limit=${LIMIT}&cursor=${v}`, uncached: true, floor: atFloor((v) => `/listu?v=${v}`), value: cursor },
      // The app compresses (brotli, as Chromium asks); the floor answers the same page uncompressed.
      { target: 'listu-br', label: 'list page, new cursor [br]', app: (v) => `/api/tickets/list?limit=${LIMIT}&cursor=${v}`, appHeaders: { 'accept-encoding': BROWSER_ENCODING }, uncached: true, floor: atFloor((v) => `/listu?v=${v}`), value: cursor },
      { target: 'searchu', label: 'search, new term each', app: (v) => `/api/tickets/list?limit=${LIMIT}&q=Client%20${v}`, uncached: true, floor: atFloor((v) => `/searchu?v=${v}`), value: (n) => String(n) },
      // The middleware every request pays, and `select 1`, against bare node:http answering the same bytes.
      { target: 'health', label: 'GET /api/health vs bare', app: () => '/api/health', uncached: false, anonymous: true, floor: { url: bare.url, pid: bare.pid, path: () => '/' }, value: () => '' },
      // The same against node:http and a pg pool running its `select 1` (Decision 2's floor: the app's own statement).
      { target: 'health-db', label: 'GET /api/health vs floor', app: () => '/api/health', uncached: false, anonymous: true, floor: atFloor(() => '/health'), value: () => '' },
      // A public create (each from an address of its own, as the bench's `create`) against the floor's group commit of the same rows.
      {
        target: 'create',
        label: 'public ticket create',
        app: () => '/api/tickets',
        uncached: false,
        anonymous: true,
        floor: atFloor(() => '/create'),
        value: () => '',
        post: { app: createLoad(`${baseURL}/api/tickets`), floor: createLoad(`${floor.url}/create`) },
      },
    ];
    const targets = all.filter((t) => wanted(t.target));
    if (spec.create) console.log(`floor create: the app also runs per group (left out of the floor): ${spec.create.appOnly.join('; ')}`);
    const rows: FloorRow[] = [];
    for (const t of targets) {
      if (t.post) {
        const post = (url: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.255.0.1' }, body: t.post!.app.requests![0]!.body as string }).then((r) => r.json() as Promise<unknown>);
        const [a, f] = await Promise.all([post(baseURL + t.app('')), post(t.floor.url + t.floor.path(''))]);
        rows.push({ target: t.target, label: t.label, identical: sameCreateShape(a, f), app: { server: 0, pg: 0, reqPerSec: 0 }, floor: { server: 0, pg: 0, reqPerSec: 0 } });
        continue;
      }
      const probe = t.value(7);
      // fetch() decodes a compressed answer: the bytes compared are the page's.
      const [a, f] = await Promise.all([
        fetch(baseURL + t.app(probe), { headers: { ...(t.anonymous ? {} : auth), ...t.appHeaders } }).then((r) => r.text()),
        fetch(t.floor.url + t.floor.path(probe)).then((r) => r.text()),
      ]);
      rows.push({ target: t.target, label: t.label, identical: a === f, app: { server: 0, pg: 0, reqPerSec: 0 }, floor: { server: 0, pg: 0, reqPerSec: 0 } });
    }
    const samples = new Map<string, { app: FloorRow['app'][]; floor: FloorRow['floor'][] }>(targets.map((t) => [t.target, { app: [], floor: [] }]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of targets) {
        for (const side of ['app', 'floor'] as const) {
          // The same cursors or terms for both sides of a round; new ones each round.
          let n = 1 + round * 5000;
          const [url, path, pid] = side === 'app' ? [baseURL, t.app, appPid] : [t.floor.url, t.floor.path, t.floor.pid];
          let opts: autocannon.Options = t.post ? t.post[side] : varying(url, side === 'app' && !t.anonymous ? auth : {}, () => path(t.value(n++)));
          if (side === 'app' && t.appHeaders) opts = withEncoding(opts, 'browser');
          // Uncached on the app: move the page cache's high-water mark (staffListRepository.ts
          // ticketsHighWater adds ticket_search_version.n), so no page of an earlier run is served.
          if (side === 'app' && t.uncached) await bump.query('update ticket_search_version set n = n + 1');
          // Both servers: after a create the app's outbox sends its notifications for a while.
          await waitForQuiet([appPid, floor.pid]);
          const from = cpuSnapshot([pid]);
          const r = await cannon(opts);
          const to = cpuSnapshot([pid]);
          const per = from && to ? cpuShare(from, to, r.requests.total).perRequestMs : undefined;
          if (r.non2xx + r.errors > 0) throw new Error(`floor: ${t.target} on the ${side}: ${r.non2xx} non-2xx, ${r.errors} errors`);
          samples.get(t.target)![side].push({ server: per?.server ?? 0, pg: per?.pg ?? 0, reqPerSec: r.requests.average });
          // The floor's jobs are held (never due, api-floor-create.ts HOLD_MS): drop them, as the app's are sent.
          if (t.post && side === 'floor') await bump.query(`delete from notification_jobs where status = 'pending' and next_attempt_at > now() + interval '1 year'`);
        }
      }
    }
    for (const row of rows) {
      const s = samples.get(row.target)!;
      const med = (xs: FloorRow['app'][]) => ({ server: median(xs.map((x) => x.server)), pg: median(xs.map((x) => x.pg)), reqPerSec: median(xs.map((x) => x.reqPerSec)) });
      row.app = med(s.app);
      row.floor = med(s.floor);
      row.ratios = s.app.map((a, i) => total(a) / total(s.floor[i]!));
    }
    return { rows, rounds: ROUNDS, load: [loadStart, loadavg()] };
  } finally {
    await bump.end();
    floor.stop();
    rmSync(floor.dir, { recursive: true, force: true });
  }
}

/** Server + PostgreSQL CPU ms per request. */
const total = (x: FloorRow['app']) => x.server + x.pg;

/** Prints the floor table (medians; ratio of server + PostgreSQL CPU per request, app over floor, and each round's). */
export function printFloor(c: { db: string; size: number }, f: FloorResult): void {
  const load = f.load.map((l) => l.map((x) => x.toFixed(1)).join(' ')).join(' -> ');
  console.log(`\n#### API floor, ${c.db}, ${c.size.toLocaleString('en')} tickets (${f.rounds} interleaved rounds, medians; load average ${load})`);
  console.log('target                        app req/s  floor req/s  app CPU ms/req server+pg  floor CPU ms/req server+pg  app/floor (server+pg)  per round       answers identical');
  for (const r of f.rows) {
    const cpu = (x: FloorRow['app']) => `${x.server.toFixed(2)}+${x.pg.toFixed(2)} = ${total(x).toFixed(2)}`;
    const ratio = total(r.floor) > 0 ? `${(total(r.app) / total(r.floor)).toFixed(2)}x` : '-';
    const rounds = (r.ratios ?? []).map((x) => x.toFixed(2)).join(' ');
    console.log(
      `${r.label.padEnd(29)} ${r.app.reqPerSec.toFixed(0).padStart(9)} ${r.floor.reqPerSec.toFixed(0).padStart(12)} ${cpu(r.app).padStart(26)} ${cpu(r.floor).padStart(28)} ${ratio.padStart(22)}  ${rounds.padEnd(15)} ${(r.identical ? 'yes' : 'NO').padStart(17)}`,
    );
  }
}
