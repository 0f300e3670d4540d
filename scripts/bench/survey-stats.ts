/**
 * Benchmark (not a test): server time of GET /api/surveys/stats on PostgreSQL with 100,000
 * tickets (about 4 work-history rows each) and 20,000 survey responses. Prints figures, asserts
 * nothing; the goal is under 100 ms.
 *
 *   npm run bench:surveys
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres BENCH_TICKETS=100000 BENCH_SURVEYS=20000 npm run bench:surveys
 *
 * It creates a fresh database `bench_surveys_<pid>` on that server (through the URL's database),
 * runs the real migrations, fills it with generate_series (tickets spread over the last 400 days,
 * 60 % resolved or closed with the status history the stats read, an invitation per done ticket),
 * runs the SLA clock backfill of migration 0015 and VACUUM ANALYZE (what autovacuum does to a settled database), then measures for each range (7, 30, 90, 365 days):
 * - CPU per call: the PostgreSQL backend's CPU time (/proc/<pid>/stat) and this process's, for the
 *   same calls on a one-connection pool: what the call costs, however busy the machine is;
 * - wall, service: `surveyStats()` itself, the SQL the route runs (median and p95 of BENCH_RUNS runs
 *   after a warm-up; its aggregates run side by side on the pool);
 * - wall, http: the same call through the real Koa app over HTTP on 127.0.0.1 (auth, validation, JSON).
 * The database is dropped at the end (also on failure), unless BENCH_KEEP=1 (to EXPLAIN the queries).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createApp, createServices } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import { IN_MEMORY, openDatabase } from '../../api/src/db/client';
import { createSession } from '../../api/src/features/auth/sessions';
import { surveyStats } from '../../api/src/features/surveys/service';
import { insertUser } from '../../api/src/features/users/repository';
import { slaBackfillStatements } from './sla-backfill';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const SURVEYS = Number(process.env.BENCH_SURVEYS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const TECHNICIANS = 12;

async function admin(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

function summary(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  const pick = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return `median ${pick(0.5).toFixed(1)} ms, p95 ${pick(0.95).toFixed(1)} ms, min ${s[0]!.toFixed(1)} ms`;
}

async function main(): Promise<void> {
  const name = `bench_surveys_${process.pid}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-surveys-'));
  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let server: http.Server | undefined;
  let filler: pg.Client | undefined;
  try {
    handle = await openDatabase({ databaseUrl: url.toString(), dataDir: IN_MEMORY, poolSize: 4, onPoolError: () => {} });
    const db = handle.db;
    const now = new Date();
    const nowSql = `'${now.toISOString()}'::timestamptz`;
    // The fill uses its own connection (drizzle-orm is a dependency of the api workspace only).
    const fill = new pg.Client({ connectionString: url.toString() });
    filler = fill;
    fill.on('error', () => {}); // the DROP ... WITH (FORCE) below ends it if a step failed
    await fill.connect();
    const q = async <T = Record<string, unknown>>(text: string) => (await fill.query(text)).rows as T[];

    let t0 = performance.now();
    await q(`
      insert into users (username, password, role)
      select 'bench-tech-' || i, 'x', 'technician' from generate_series(1, ${TECHNICIANS}) i`);
    // Tickets over the last 400 days; status by a hash of i: 40 % closed, 20 % resolved, 15 % in progress, 25 % open.
    await q(`
      insert into support_tickets (ticket_number, client_name, customer_email, customer_phone, severity, contact_method, issue,
                                   status, assigned_to, created_at, updated_at)
      select 'TKT-' || lpad(i::text, 6, '0'), 'Client ' || i, 'c' || i || '@example.com', '555-0100',
             (array['low','medium','high','urgent'])[1 + i % 4], 'email', 'Benchmark issue number ' || i,
             case when i % 20 < 8 then 'closed' when i % 20 < 12 then 'resolved' when i % 20 < 15 then 'in_progress' else 'open' end,
             case when i % 5 = 0 then null else (select id from users where username = 'bench-tech-' || (1 + i % ${TECHNICIANS})) end,
             ${nowSql} - (i::float8 / ${TICKETS} * 400) * interval '1 day',
             ${nowSql} - (i::float8 / ${TICKETS} * 400) * interval '1 day' + interval '30 hours'
      from generate_series(1, ${TICKETS}) i`);
    // Work history: created, a comment, and the status changes (done tickets: open -> resolved after 1-72 h;
    // closed ones then resolved -> closed a day later; in progress: open -> in_progress).
    await q(`
      insert into ticket_updates (ticket_id, update_type, previous_value, new_value, comment, ticket_version, created_at)
      select id, 'created', null, 'open', null, 1, created_at from support_tickets
      union all
      select id, 'comment', null, null, 'Looking into it', 2, created_at + interval '30 minutes' from support_tickets
      union all
      select id, 'status_change', 'open', case when status = 'in_progress' then 'in_progress' else 'resolved' end, null, 3,
             created_at + (1 + (substr(ticket_number, 5)::int * 7919) % 72) * interval '1 hour'
      from support_tickets where status <> 'open'
      union all
      select id, 'status_change', 'resolved', 'closed', null, 4, created_at + interval '4 days' from support_tickets where status = 'closed'`);
    // An invitation per done ticket, sent when it was resolved; SURVEYS of them answered.
    await q(`
      insert into survey_invitations (ticket_id, token_hash, expires_at, sent_at, created_at)
      select t.id, md5(t.id::text), u.created_at + interval '28 days', u.created_at + interval '1 minute', u.created_at
      from support_tickets t
      join ticket_updates u on u.ticket_id = t.id and u.update_type = 'status_change' and u.new_value = 'resolved'
      where t.status in ('resolved', 'closed')`);
    await q(`
      insert into satisfaction_surveys (ticket_id, ticket_number, customer_name, customer_email, assigned_technician_id,
        assigned_technician_name, resolution_time_hours, overall_rating, technician_rating, response_time_rating, resolution_rating,
        comments, improvements, created_at)
      select t.id, t.ticket_number, t.client_name, t.customer_email, t.assigned_to, u.username, 12,
             1 + (n * 7) % 5, 1 + (n * 3) % 5, 1 + (n * 11) % 5, 1 + (n * 13) % 5,
             case when n % 3 = 0 then 'Comment ' || n end, case when n % 7 = 0 then 'Suggestion ' || n end,
             least(i.sent_at + interval '5 hours', ${nowSql} - interval '1 minute')
      from (select row_number() over (order by ticket_id) as n, ticket_id, sent_at from survey_invitations) i
      join support_tickets t on t.id = i.ticket_id
      left join users u on u.id = t.assigned_to
      where i.n % greatest(1, (select count(*) from survey_invitations) / ${SURVEYS}) = 0
      limit ${SURVEYS}`);
    await q(`update survey_invitations i set responded_at = s.created_at from satisfaction_surveys s where s.ticket_id = i.ticket_id`);
    // What autovacuum does to a settled database: statistics and the visibility map (index-only scans).
    for (const statement of slaBackfillStatements()) await q(statement); // resolved_at, which the stats read
    // The tickets filled above went through the ticket_day_stats trigger one by one in one transaction,
    // leaving ~100,000 dead versions of a few thousand rows; an upgraded database gets the compact
    // table of migration 0016's backfill. Compact it like that before measuring.
    await q(`vacuum full ticket_day_stats`);
    await q(`vacuum analyze`);
    const [c] = await q<{ tickets: number; history: number; invitations: number; surveys: number }>(`
      select (select count(*) from support_tickets)::int as tickets, (select count(*) from ticket_updates)::int as history,
             (select count(*) from survey_invitations)::int as invitations, (select count(*) from satisfaction_surveys)::int as surveys`);
    await fill.end();
    filler = undefined;
    console.log(`## Survey stats on PostgreSQL (${url.host}, database ${name})`);
    console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs (wall times grow with the load; CPU times do not)`);
    console.log(`data: ${c!.tickets} tickets, ${c!.history} work-history rows, ${c!.invitations} invitations, ${c!.surveys} surveys (filled in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);

    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PWA_DIST: '/nonexistent', DATABASE_URL: url.toString() });
    const deps = { config, db, clock: () => now };
    const services = createServices(deps);
    server = http.createServer(createApp(deps, services).callback());
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const benchAdmin = await insertUser(db, { username: 'bench-admin', passwordHash: 'x', email: null, role: 'admin', createdAt: now });
    const { token } = await createSession(db, benchAdmin!.id, now, 1);

    // CPU actually spent per call, independent of how busy the machine is: the same calls on a
    // one-connection pool (one PostgreSQL backend, the queries run one after another), reading that
    // backend's utime+stime from /proc and this process's CPU time.
    const single = await openDatabase({ databaseUrl: url.toString(), dataDir: IN_MEMORY, poolSize: 1, onPoolError: () => {} });
    const [{ pid }] = ((await single.db.execute('select pg_backend_pid() as pid')) as unknown as { rows: { pid: number }[] }).rows as [{ pid: number }];
    const ticks = () => {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime + stime (fields 14 and 15), in 1/100 s
    };
    const cpu: Record<number, { pgMs: number; nodeMs: number }> = {};
    for (const days of [7, 30, 90, 365]) {
      await surveyStats(single.db, days, now);
      const t = ticks();
      const n0 = process.cpuUsage();
      for (let i = 0; i < RUNS; i += 1) await surveyStats(single.db, days, now);
      const n1 = process.cpuUsage(n0);
      cpu[days] = { pgMs: ((ticks() - t) * 10) / RUNS, nodeMs: (n1.user + n1.system) / 1000 / RUNS };
    }
    await single.close();

    for (const days of [7, 30, 90, 365]) {
      const service: number[] = [];
      const overHttp: number[] = [];
      let body = '';
      for (let i = 0; i < RUNS + 3; i += 1) {
        t0 = performance.now();
        await surveyStats(db, days, now);
        const s = performance.now() - t0;
        t0 = performance.now();
        const res = await fetch(`${base}/api/surveys/stats?days=${days}`, { headers: { authorization: `Bearer ${token}` } });
        body = await res.text();
        if (!res.ok) throw new Error(`${res.status} ${body}`);
        const h = performance.now() - t0;
        if (i >= 3) {
          service.push(s);
          overHttp.push(h);
        }
      }
      const stats = JSON.parse(body) as { totalTickets: number; totalResponses: number; responseRate: number | null };
      console.log(
        `days=${String(days).padEnd(3)} CPU per call: PostgreSQL ${cpu[days]!.pgMs.toFixed(1)} ms + Node ${cpu[days]!.nodeMs.toFixed(1)} ms | ` +
          `wall, service: ${summary(service)} | wall, http: ${summary(overHttp)} | ` +
          `${stats.totalTickets} tickets, ${stats.totalResponses} responses, response rate ${stats.responseRate} %`,
      );
    }
    await services.notifier.close();
  } finally {
    await filler?.end().catch(() => {});
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    await handle?.close();
    if (process.env.BENCH_KEEP) console.log(`kept database ${name} (BENCH_KEEP)`);
    else await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
