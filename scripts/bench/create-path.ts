/**
 * CPU of the public create path without HTTP ("where does a create's CPU go"): seeds
 * BENCH_API_SIZES tickets (first size) on CREATE_DB (`pglite`: on disk, in its worker thread, as
 * the app runs it; or `postgres`), then submits CREATE_GROUPS groups of CREATE_GROUP public
 * submissions at once to the app's group-commit queue (features/tickets/createQueue.ts) with the
 * app's event subscribers, and prints this process's CPU ms per create (process.cpuUsage: every
 * thread, so PGlite's worker is in it) and, on PostgreSQL, the server's (its backends'
 * /proc figures). CREATE_ROUNDS rounds, each figure printed, then the median. No outbox runs:
 * this is the create itself (the jobs it writes are left unsent).
 * CREATE_SKIP (comma list of subscriber names, e.g. `clients.match_new_tickets,inbox.new_ticket_entries`)
 * leaves those subscribers out of the bus, to tell the cost of the events machinery (issue 49) from
 * the cost of reactions this round added (clients, inbox, duplicate flags): docs/benchmarks.md.
 * CREATE_NO_TRIGGERS (comma list of `table.trigger`, e.g. `support_tickets.ticket_search_insert`)
 * disables those triggers in the bench's database, to tell the search rows' cost (migration 0025,
 * after 53403cf) from the create path's.
 * CREATE_DRAIN=1: after the rounds, the outbox sends what they left (the app's dispatcher,
 * `runOnce`, e-mail to .eml files as `npm start` without SMTP_URL), and prints its CPU per sent job
 * and per create beside the creates' own (issue 58: "the e-mail's CPU <= the create's own"), with
 * the jobs by channel and kind; CREATE_DRAIN_PROFILE=file.cpuprofile saves this thread's CPU profile
 * of the drain alone.
 * `npx tsx scripts/bench/create-path.ts`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../api/src/db/client';
import { TicketCreateQueue } from '../../api/src/features/tickets/createQueue';
import { adminQuery, seedTickets } from './seed';
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';

/**
 * CPU ms (user + system) of the PostgreSQL backends serving database `name` (this run's only: other
 * sessions' work on the machine is not in it), per backend pid.
 */
async function backendTicks(name: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
    const ms = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ms.set(pid, (Number(f[11]) + Number(f[12])) * 10); // CLK_TCK 100
      } catch {
        // gone
      }
    }
    return ms;
  } finally {
    await client.end();
  }
}

/**
 * A stopwatch of the backends' CPU ms: per backend alive at the end, its ticks since the start
 * (a pool connection closed meanwhile takes its last ticks with it: a slight undercount, never the
 * negative figure a sum of all backends gave when idle connections closed).
 */
async function backendCpuMs(name: string): Promise<() => Promise<number>> {
  const start = await backendTicks(name);
  return async () => [...(await backendTicks(name)).entries()].reduce((sum, [pid, ms]) => sum + ms - (start.get(pid) ?? 0), 0);
}

const env = process.env;
const DB = (env.CREATE_DB ?? 'pglite') as 'pglite' | 'postgres';
const SIZE = Number((env.BENCH_API_SIZES ?? '1000').split(',')[0]);
const GROUP = Number(env.CREATE_GROUP ?? 16);
const GROUPS = Number(env.CREATE_GROUPS ?? 200);
const ROUNDS = Number(env.CREATE_ROUNDS ?? 3);
const PG_URL = env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

const input = {
  clientName: 'Bench Customer',
  businessName: 'Bench Ltd',
  customerEmail: 'bench@example.com',
  customerPhone: '+1 555 0100',
  severity: 'low' as const,
  contactMethod: 'email' as const,
  issue: 'The benchmark printer reports a paper jam that is not there.',
};

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'portal-create-path-'));
  const dbName = `create_path_${process.pid}`;
  const url = new URL(PG_URL);
  url.pathname = `/${dbName}`;
  try {
    if (DB === 'postgres') {
      await adminQuery(PG_URL, `drop database if exists "${dbName}" with (force)`);
      await adminQuery(PG_URL, `create database "${dbName}"`);
      await seedTickets({ databaseUrl: url.toString() }, SIZE);
    } else await seedTickets({ dataDir: work }, SIZE);
    const handle = await openDatabase(DB === 'postgres' ? { databaseUrl: url.toString(), dataDir: '' } : { dataDir: work });
    for (const t of (env.CREATE_NO_TRIGGERS ?? '').split(',').filter(Boolean)) {
      const [table, trigger] = t.split('.');
      // drizzle-orm belongs to the api workspace: the driver's own query, as seed.ts does.
      await (handle.db as unknown as { $client: { query(text: string): Promise<unknown> } }).$client.query(`alter table "${table}" disable trigger "${trigger}"`);
    }
    const skip = new Set((env.CREATE_SKIP ?? '').split(',').filter(Boolean));
    if (skip.size > 0) {
      // Before the events work (53403cf) there is no subscriber list: nothing to skip there.
      const registry = await import('../../api/src/event-subscribers' as string).catch(() => null) as { eventSubscribers: { name: string }[] } | null;
      if (registry) {
        const kept = registry.eventSubscribers.filter((s) => !skip.has(s.name));
        console.log(`skipped: ${registry.eventSubscribers.filter((s) => skip.has(s.name)).map((s) => s.name).join(', ') || 'none'}`);
        registry.eventSubscribers.splice(0, registry.eventSubscribers.length, ...kept);
      }
    }
    const { createServices } = await import('../../api/src/app');
    const { loadConfig } = await import('../../api/src/config');
    const { silentLogger } = await import('../../api/src/logger');
    const config = loadConfig({ ...process.env, DATA_DIR: work, ADMIN_PASSWORD: 'bench-admin-password', LOG_LEVEL: 'silent' } as Record<string, string>);
    const services = createServices({ db: handle.db, config, logger: silentLogger } as never) as unknown as { events?: unknown; sessionCache: unknown };
    // The change events' listener, as main.ts connects it (the SLA policy cache of the group commit,
    // features/sla/policyCache.ts; older builds have no such cache and ignore the list).
    const { connectSessionCache } = await import('../../api/src/http/session-cache');
    const sla = (await import('../../api/src/features/sla/port')) as { slaPolicyCacheListener?: (db: unknown) => unknown };
    const stopEvents = await (connectSessionCache as (...args: unknown[]) => Promise<() => Promise<void>>)(services.sessionCache, handle.sessionEvents, sla.slaPolicyCacheListener ? [sla.slaPolicyCacheListener(handle.db)] : []);
    // Before the events work (53403cf) the queue took the database alone.
    const queue = new (TicketCreateQueue as unknown as new (db: unknown, events: unknown) => TicketCreateQueue)(handle.db, services.events);
    const group = async () => {
      const now = new Date();
      await Promise.all(
        Array.from({ length: GROUP }, () =>
          queue.submit({ input, now, statusLink: { nonce: randomUUID(), tokenHash: randomUUID(), expiresAt: new Date(now.getTime() + 86_400_000) } } as never),
        ),
      );
    };
    for (let i = 0; i < 20; i++) await group(); // warm up (JIT, prepared statements)
    if (env.CREATE_TRACE === '1') {
      // The statements of one group, as the database client receives them (PGlite's worker thread).
      const { PgliteThread } = await import('../../api/src/db/pglite-thread');
      const proto = PgliteThread.prototype as unknown as { call(req: { op: string; text?: string; begin?: boolean; commit?: boolean }): Promise<unknown> };
      const call = proto.call;
      proto.call = function (req) {
        console.log(`  ${req.op}${req.begin ? ' (begin)' : ''}${req.op === 'end' ? (req.commit ? ' commit' : ' rollback') : ''} ${(req.text ?? '').replace(/\s+/g, ' ').slice(0, 110)}`);
        return call.call(this, req);
      };
      console.log(`one group of ${GROUP}:`);
      await group();
      proto.call = call;
    }
    const figures: { app: number; pg: number }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const pgSince = DB === 'postgres' ? await backendCpuMs(dbName) : null;
      const cpu0 = process.cpuUsage();
      for (let i = 0; i < GROUPS; i++) await group();
      const cpu = process.cpuUsage(cpu0);
      const pg = pgSince ? await pgSince() : 0;
      const n = GROUP * GROUPS;
      figures.push({ app: (cpu.user + cpu.system) / 1000 / n, pg: pg / n });
      console.log(`round ${r + 1}: app ${figures.at(-1)!.app.toFixed(3)} ms/create, postgres ${figures.at(-1)!.pg.toFixed(3)} ms/create (load ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')})`);
    }
    if (env.CREATE_DRAIN === '1') await drain(services as never, handle.db, figures, DB === 'postgres' ? () => backendCpuMs(dbName) : null);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(`${DB} group ${GROUP}: median app ${median(figures.map((f) => f.app)).toFixed(3)} ms/create, postgres ${median(figures.map((f) => f.pg)).toFixed(3)}`);
    await stopEvents();
    await handle.close();
  } finally {
    if (DB === 'postgres') await adminQuery(PG_URL, `drop database if exists "${dbName}" with (force)`).catch(() => {});
    rmSync(work, { recursive: true, force: true });
  }
}

/** CREATE_DRAIN (module doc): the outbox's CPU for what the measured creates left, per job and per create. */
async function drain(
  services: { notifier: { dispatcher: { runOnce(): Promise<number> } } },
  db: unknown,
  figures: { app: number; pg: number }[],
  pgCpu: (() => Promise<() => Promise<number>>) | null,
): Promise<void> {
  const run = (db as { $client: { query(text: string): Promise<{ rows: Record<string, unknown>[] }> } }).$client;
  const pending = async () => (await run.query(`select channel, kind, count(*)::int as n from notification_jobs where status = 'pending' group by 1, 2 order by 1, 2`)).rows;
  const before = await pending();
  const pgSince = pgCpu ? await pgCpu() : null;
  const profile = env.CREATE_DRAIN_PROFILE ? await startProfile() : null;
  const cpu0 = process.cpuUsage();
  let sent = 0;
  for (let n = await services.notifier.dispatcher.runOnce(); n > 0; n = await services.notifier.dispatcher.runOnce()) sent += n;
  const cpu = process.cpuUsage(cpu0);
  if (profile) writeFileSync(env.CREATE_DRAIN_PROFILE!, JSON.stringify(await profile()));
  const pg = pgSince ? await pgSince() : 0;
  const creates = GROUP * GROUPS * ROUNDS + 20 * GROUP; // the warm-up's too: every pending job is sent
  const app = (cpu.user + cpu.system) / 1000;
  const own = figures.reduce((a, f) => a + f.app + f.pg, 0) / figures.length;
  console.log(`outbox: ${before.map((r) => `${String(r.n)} ${String(r.channel)}/${String(r.kind)}`).join(', ')}; sent ${sent}`);
  console.log(`outbox CPU: ${(app / sent).toFixed(3)} + ${(pg / sent).toFixed(3)} ms per job (app + postgres); ${((app + pg) / creates).toFixed(3)} ms per create, the create's own ${own.toFixed(3)} (ratio ${((app + pg) / creates / own).toFixed(2)})`);
}

/** Starts the V8 CPU profiler of this thread (CREATE_DRAIN_PROFILE: the drain only); resolves to the stop function, which gives the profile. */
async function startProfile(): Promise<() => Promise<object>> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    return profile;
  };
}

void main().then(() => process.exit(0), (err) => {
  console.error(err);
  process.exit(1);
});
