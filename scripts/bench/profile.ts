/**
 * CPU profile of the API under one autocannon target ("measure where the time goes"):
 * seeds BENCH_API_SIZES tickets (first size) on PROFILE_DB (`pglite` or `postgres`), starts the app
 * with `node --cpu-prof`, runs PROFILE_TARGET (`list`, `listu` (a new cursor each request), `searchu`
 * (a new search term each), `create` or `health`) for BENCH_API_SECONDS at BENCH_API_CONNECTIONS,
 * with Chromium's Accept-Encoding when PROFILE_ENCODING=browser, stops the app and prints where its main thread spent the time: self
 * time per package/file and the inclusive time of a few interesting frames.
 * `tsx scripts/bench/profile.ts`; PROFILE_KEEP=dir keeps the .cpuprofile files there.
 */
import autocannon from 'autocannon';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp } from '../server-process';
import { adminQuery, seedTickets } from './seed';
import { ticketIds, varying, withEncoding } from './api-load';

const env = process.env;
const DB = (env.PROFILE_DB ?? 'pglite') as 'pglite' | 'postgres';
const SIZE = Number((env.BENCH_API_SIZES ?? '200').split(',')[0]);
const TARGET = env.PROFILE_TARGET ?? 'list';
const SECONDS = Number(env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = Number(env.BENCH_API_CONNECTIONS ?? 50);
const PG_URL = env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** Coarse bucket of a frame: the package (node_modules/x) or the repo file, or a builtin. */
function bucket(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : `(native) ${fn}`;
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return `${url} ${fn}`;
  const i = url.indexOf('/api/src/');
  return i >= 0 ? url.slice(i + 1) : url;
}

/** Start (ms into the profile) of the `ms`-long window with the least (idle) time, in 100 ms steps. */
function busiestWindow(p: Profile, byId: Map<number, Node>, ms: number): number {
  const idle: number[] = [];
  let at = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const dt = (p.timeDeltas[i] ?? 0) / 1000;
    at += dt;
    const slot = Math.floor(at / 100);
    idle[slot] = (idle[slot] ?? 0) + (byId.get(p.samples[i]!)!.callFrame.functionName === '(idle)' ? dt : 0);
  }
  const width = Math.round(ms / 100);
  let best = 0;
  let bestIdle = Infinity;
  for (let start = 0; start + width <= idle.length; start++) {
    let sum = 0;
    for (let k = start; k < start + width; k++) sum += idle[k] ?? 0;
    if (sum < bestIdle) [best, bestIdle] = [start, sum];
  }
  return best * 100;
}

function analyse(p: Profile): void {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  let total = 0;
  // Only the load window: the SECONDS-long stretch with the least idle time (startup excluded, and
  // what the app does after the load, such as sending the outbox backlog of a create run).
  const from = busiestWindow(p, byId, SECONDS * 1000);
  const to = from + SECONDS * 1000;
  let at = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const dt = (p.timeDeltas[i] ?? 0) / 1000;
    at += dt;
    if (at < from || at > to) continue;
    total += dt;
    const leaf = byId.get(p.samples[i]!)!;
    const b = bucket(leaf.callFrame.url, leaf.callFrame.functionName);
    self.set(b, (self.get(b) ?? 0) + dt);
    const seen = new Set<string>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id)!.callFrame;
      const key = `${f.functionName || '(anon)'} ${bucket(f.url, f.functionName)}:${f.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      incl.set(key, (incl.get(key) ?? 0) + dt);
    }
  }
  const top = (m: Map<string, number>, n: number) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log(`main thread: ${(total / 1000).toFixed(1)} s sampled`);
  console.log('\nself time by package/file:');
  for (const [k, v] of top(self, 30)) console.log(`${((v / total) * 100).toFixed(1).padStart(6)}%  ${k}`);
  console.log('\ninclusive time by frame:');
  for (const [k, v] of top(incl, 70)) console.log(`${((v / total) * 100).toFixed(1).padStart(6)}%  ${k}`);
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'portal-profile-'));
  const profDir = env.PROFILE_KEEP ?? join(work, 'prof');
  const dbName = `profile_${process.pid}`;
  const u = new URL(PG_URL);
  u.pathname = `/${dbName}`;
  const appEnv: Record<string, string> = { ADMIN_PASSWORD: 'bench-admin-password', RATE_LIMIT_TICKETS: '1000000000', LOG_LEVEL: 'warn' };
  try {
    if (DB === 'postgres') {
      await adminQuery(PG_URL, `drop database if exists "${dbName}" with (force)`);
      await adminQuery(PG_URL, `create database "${dbName}"`);
      await seedTickets({ databaseUrl: u.toString() }, SIZE);
      appEnv.DATABASE_URL = u.toString();
    } else {
      await seedTickets({ dataDir: work }, SIZE);
      appEnv.DATA_DIR = work;
    }
    const app = await startApp(appEnv, 120_000, { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', profDir, ...(env.PROFILE_NODE_ARGS ?? '').split(' ').filter(Boolean)] });
    try {
      const login = await fetch(`${app.baseURL}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'bench-admin-password' }),
      });
      const { token } = (await login.json()) as { token: string };
      const auth = { authorization: `Bearer ${token}` };
      const ids = TARGET === 'listu' ? await ticketIds(app.baseURL, auth, 5_000) : [];
      let n = 0;
      const plain: autocannon.Options =
        TARGET === 'create'
          ? {
              url: `${app.baseURL}/api/tickets`,
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ clientName: 'P', businessName: null, customerEmail: 'p@example.com', customerPhone: '+1 555 0100', severity: 'low', contactMethod: 'email', issue: 'Profile issue text.' }),
            }
          : TARGET === 'health'
            ? { url: `${app.baseURL}/api/health` }
            : TARGET === 'listu'
              ? varying(`${app.baseURL}/api/tickets/list`, auth, () => `/api/tickets/list?limit=50&cursor=${ids[n++ % ids.length]}`)
              : TARGET === 'searchu'
                ? varying(`${app.baseURL}/api/tickets/list`, auth, () => `/api/tickets/list?limit=50&q=Client%20${++n}`)
                : { url: `${app.baseURL}/api/tickets/list?limit=50`, headers: auth };
      const opts = withEncoding(plain, env.PROFILE_ENCODING === 'browser' ? 'browser' : 'none');
      const r = await new Promise<autocannon.Result>((ok, fail) =>
        autocannon({ ...opts, connections: CONNECTIONS, duration: SECONDS }, (err, res) => (err ? fail(err) : ok(res))),
      );
      console.log(`${DB} ${SIZE} ${TARGET}: ${r.requests.average} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non2xx ${r.non2xx}, errors ${r.errors}`);
    } finally {
      // Wait for the app's own exit (at most 10 s, main.ts): --cpu-prof writes the profile then, and
      // stop()'s SIGKILL after 5 s lost it while the outbox backlog of a create run was closing.
      await app.kill('SIGTERM');
      await app.stop();
    }
    const files = readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile'));
    for (const f of files) {
      console.log(`\n== ${f}`);
      analyse(JSON.parse(readFileSync(join(profDir, f), 'utf8')) as Profile);
    }
  } finally {
    if (!env.PROFILE_KEEP) rmSync(work, { recursive: true, force: true });
    if (DB === 'postgres') await adminQuery(PG_URL, `drop database if exists "${dbName}" with (force)`).catch(() => {});
  }
}

await main();
