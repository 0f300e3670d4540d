/**
 * The API benchmark's load generators: autocannon runs and their sums, the bare node:http ceiling,
 * the ticket-create load (a client address and Idempotency-Key per request), the commit ceiling on
 * PostgreSQL, Accept-Encoding variants, and the event-loop probe's samples.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { ADMIN_PASSWORD, BROWSER_ENCODING, CONNECTIONS, SECONDS } from './api-settings';

/** One sample of the event-loop probe: time (ms), RSS (bytes), the window's p99 and max delay (ms). */
export interface Probe {
  t: number;
  rss: number;
  p99: number;
  max: number;
}

/** The bare node:http server of the `bare` target: its URL and process id. */
export interface BareServer {
  url: string;
  pid: number;
}

/** Starts a bare node:http server in its own process; resolves with its URL, process id and a stop function. */
export async function startBare(): Promise<BareServer & { stop(): void }> {
  const code = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json; charset=utf-8'); s.end('{"status":"ok"}'); })
    .listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
  const child: ChildProcess = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((ok) => child.stdout!.once('data', (d: Buffer) => ok(d.toString().trim())));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

/** The sum of several autocannon results run side by side (req/s added, latencies the worst). */
export function combine(results: autocannon.Result[]): autocannon.Result {
  const sum = (f: (r: autocannon.Result) => number) => results.reduce((n, r) => n + f(r), 0);
  return {
    requests: { average: sum((r) => r.requests.average), total: sum((r) => r.requests.total) },
    latency: { p50: Math.max(...results.map((r) => r.latency.p50)), p99: Math.max(...results.map((r) => r.latency.p99)) },
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
  } as unknown as autocannon.Result;
}

/** One autocannon run of `opts` for SECONDS with CONNECTIONS (or `opts.connections`) connections. */
export async function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((ok, fail) => {
    autocannon({ ...opts, connections: opts.connections ?? CONNECTIONS, duration: SECONDS }, (err, result) => (err ? fail(err) : ok(result)));
  });
}

/** The event-loop probe's samples (scripts/bench/probe.mjs, one JSON line each); none when the file is missing. */
export function readProbe(file: string): Probe[] {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Probe);
  } catch {
    return [];
  }
}

/** Signs in as the seeded admin; returns the bearer token. */
export async function login(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** The public form's body every create sends. */
/** The public form every bench create sends (JSON). */
export const TICKET_FORM = JSON.stringify({
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
export function createLoad(url: string, opts: { oneAddress?: boolean; keyed?: boolean } = {}): autocannon.Options {
  return {
    url,
    requests: [
      {
        method: 'POST',
        body: TICKET_FORM,
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

/**
 * Staff comment PATCHes for autocannon (`patch` target): `PATCH /api/tickets/:id` with a new comment
 * and Idempotency-Key each request, on the seeded tickets `ids` in turn (no two requests in a row on
 * one ticket), as the PWA's outbox sends a technician's update.
 */
export function patchLoad(url: string, auth: Record<string, string>, ids: string[]): autocannon.Options {
  let at = 0;
  return {
    url,
    requests: [
      {
        method: 'PATCH',
        setupRequest: (req) => {
          at += 1;
          return {
            ...req,
            path: `/api/tickets/${ids[at % ids.length]}`,
            body: JSON.stringify({ comment: `Bench note ${at}` }),
            headers: { ...req.headers, ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          };
        },
      },
    ],
  };
}

/** Connections that create tickets during `listw`; the list gets the rest of CONNECTIONS. */
export const LISTW_WRITERS = 5;

/** Same advisory lock id as api/src/db/sync.ts (creates serialise on it). */
const SYNC_LOCK_ID = 727_001;

/**
 * The `commit` target: CONNECTIONS clients on `databaseUrl`, each looping for SECONDS over one
 * transaction that takes the sync lock, bumps a counter row and commits (durably, like a create).
 * These commits cannot overlap, so their rate is the most creates per second this database and disk
 * allow with one create per transaction (what the API did before its group commit). Returns req/s-like figures (commits/s, p99 of one transaction).
 */
export async function commitCeiling(databaseUrl: string): Promise<autocannon.Result> {
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
    return { requests: { average: latencies.length / SECONDS, total: latencies.length }, latency: { p50: latencies.length > 0 ? Math.round(latencies[Math.floor(latencies.length / 2)]!) : 0, p99 }, non2xx: 0, errors: 0, timeouts: 0 } as unknown as autocannon.Result;
  } finally {
    await pool.end();
  }
}

/** Up to `count` ticket ids of the seeded set (cursors for uncached list pages). */
export async function ticketIds(baseURL: string, auth: Record<string, string>, count: number): Promise<string[]> {
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
export function varying(url: string, headers: Record<string, string>, next: () => string): autocannon.Options {
  return { url, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next(), headers: { ...req.headers, ...headers } }) }] };
}

/** Adds Accept-Encoding to a plan's options (also to its per-request headers). */
export function withEncoding(opts: autocannon.Options, encoding: 'none' | 'browser'): autocannon.Options {
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
