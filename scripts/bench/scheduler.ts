/**
 * Scheduler benchmark: server time of GET /api/scheduler (and its drill-down and
 * technician-detail calls) at BENCH_TICKETS tickets (default 100,000) on PostgreSQL. Prints
 * figures, asserts nothing.
 *
 * - Creates its own database `portal_bench_sched_<pid>` on BENCH_DATABASE_URL (default
 *   postgres://root@127.0.0.1:5432/postgres), runs the real migrations, and drops it at the end.
 * - Fills it with SQL (generate_series): 20 technicians; tickets spread evenly over the last
 *   BENCH_SPREAD_DAYS days (default 365, so "this month" holds about 8,300 tickets; set 28 to put
 *   every ticket in this month); tickets of the last 14 days are 30 % open, 20 % in progress,
 *   30 % resolved, 20 % closed, older ones 2 % open, 1 % in progress, the rest resolved or closed
 *   (so about 5,000 tickets are active at 100,000); one in seven unassigned; a realistic work history per ticket (created, assignment, status
 *   changes: about 4.3 rows per ticket) and a survey for every third finished ticket; then the SLA
 *   clock backfill of migration 0015 (first response and resolved times) and VACUUM ANALYZE.
 * - Runs the real app (createApp) on a local port: 3 warm-up runs, then BENCH_RUNS (default 30)
 *   per call; prints median and p95 in ms of the server time (the route's `Server-Timing: app`
 *   header: queries and assembly) and of the whole request on the loopback (plus JSON encoding,
 *   HTTP and parsing). Also prints the machine's load average: on a shared machine the figures
 *   grow with it. Repeated calls are answered from the route's cache (lib/marked-cache.ts) while
 *   nothing changes, so the dashboard is also timed UNCACHED: `schedulerDashboard()` itself, every
 *   statement run each time (what the first call of a range costs).
 *
 * Run: `npx tsx scripts/bench/scheduler.ts` (about a minute; BENCH_KEEP=1 keeps the database for EXPLAIN). The goal is < 100 ms for the
 * dashboard at 100,000 tickets.
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
import { openDatabase } from '../../api/src/db/client';
import { createPasswordHasher } from '../../api/src/lib/passwords';
import { insertUser } from '../../api/src/features/users/repository';
import { schedulerDashboard } from '../../api/src/features/scheduler/service';
import { slaBackfillStatements } from './sla-backfill';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const SPREAD_DAYS = Number(process.env.BENCH_SPREAD_DAYS ?? 365);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const TECHS = 20;
const TZ = 'America/New_York';

async function admin(query: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  const name = `portal_bench_sched_${process.pid}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  await admin(`CREATE DATABASE "${name}"`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir, poolSize: 10 });
  const db = handle.db;
  const seed = new pg.Client({ connectionString: url.toString() });
  await seed.connect();
  let server: http.Server | undefined;
  try {
    const t0 = performance.now();
    const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    await insertUser(db, { username: 'bench-admin', passwordHash: await hasher.hash('bench-pass'), email: null, role: 'admin', createdAt: new Date() });
    await seed.query(`INSERT INTO users (username, password, role) SELECT 'tech' || g, 'x', 'technician' FROM generate_series(1, ${TECHS}) g`);
    // Tickets: created_at spread over SPREAD_DAYS before now; every 7th unassigned; status mix by age.
    await seed.query(`
      WITH techs AS (SELECT array_agg(id ORDER BY username) AS ids FROM users WHERE role = 'technician')
      INSERT INTO support_tickets (ticket_number, client_name, business_name, customer_email, customer_phone, severity,
                                   contact_method, issue, status, assigned_to, resolution, version, created_at, updated_at)
      SELECT 'TKT-' || lpad(g::text, 7, '0'), 'Client ' || g, 'Business ' || (g % 500), 'c' || g || '@example.com', '+1 555 0100',
             (ARRAY['low','medium','high','urgent'])[1 + g % 4], 'email',
             'Bench issue ' || g || ': ' || repeat('the laptop will not connect to the office network. ', 4),
             CASE WHEN c.created_at > now() - interval '14 days' THEN
                    CASE WHEN g % 10 < 3 THEN 'open' WHEN g % 10 < 5 THEN 'in_progress' WHEN g % 10 < 8 THEN 'resolved' ELSE 'closed' END
                  ELSE
                    CASE WHEN g % 100 < 2 THEN 'open' WHEN g % 100 < 3 THEN 'in_progress' WHEN g % 100 < 45 THEN 'resolved' ELSE 'closed' END
             END,
             CASE WHEN g % 7 = 0 THEN NULL ELSE techs.ids[1 + g % ${TECHS}] END,
             CASE WHEN g % 10 >= 5 THEN 'Fixed' END,
             1, c.created_at, c.created_at + interval '2 days'
      FROM generate_series(1, ${TICKETS}) g, techs,
           LATERAL (SELECT now() - ((g::bigint * 7919) % (${SPREAD_DAYS}::bigint * 86400)) * interval '1 second' AS created_at) c`);
    // Work history: created (v1), assignment (v2, +20 min), in progress (+1 h), resolved (+5 h + g % 40 h), closed (+3 days).
    await seed.query(`
      INSERT INTO ticket_updates (ticket_id, updated_by, update_type, previous_value, new_value, ticket_version, created_at)
      SELECT t.id, NULL, 'created', NULL, 'open', 1, t.created_at FROM support_tickets t`);
    await seed.query(`
      INSERT INTO ticket_updates (ticket_id, updated_by, update_type, previous_value, new_value, ticket_version, created_at)
      SELECT t.id, t.assigned_to, 'assignment', NULL, 'tech', 2, t.created_at + interval '20 minutes'
      FROM support_tickets t WHERE t.assigned_to IS NOT NULL`);
    await seed.query(`
      INSERT INTO ticket_updates (ticket_id, updated_by, update_type, previous_value, new_value, ticket_version, created_at)
      SELECT t.id, coalesce(t.assigned_to, (SELECT id FROM users WHERE username = 'bench-admin')), 'status_change', 'open', 'in_progress', 3,
             t.created_at + interval '1 hour'
      FROM support_tickets t WHERE t.status <> 'open'`);
    await seed.query(`
      INSERT INTO ticket_updates (ticket_id, updated_by, update_type, previous_value, new_value, ticket_version, created_at)
      SELECT t.id, coalesce(t.assigned_to, (SELECT id FROM users WHERE username = 'bench-admin')), 'status_change', 'in_progress', 'resolved', 4,
             t.created_at + interval '5 hours' + (hashtext(t.ticket_number) % 40) * interval '1 hour'
      FROM support_tickets t WHERE t.status IN ('resolved', 'closed')`);
    await seed.query(`
      INSERT INTO ticket_updates (ticket_id, updated_by, update_type, previous_value, new_value, ticket_version, created_at)
      SELECT t.id, coalesce(t.assigned_to, (SELECT id FROM users WHERE username = 'bench-admin')), 'status_change', 'resolved', 'closed', 5,
             t.created_at + interval '3 days'
      FROM support_tickets t WHERE t.status = 'closed'`);
    await seed.query(`
      INSERT INTO satisfaction_surveys (ticket_id, ticket_number, customer_name, assigned_technician_id, overall_rating,
                                        technician_rating, response_time_rating, resolution_rating, created_at)
      SELECT t.id, t.ticket_number, t.client_name, t.assigned_to, 1 + abs(hashtext(t.id::text)) % 5, 1 + abs(hashtext(t.ticket_number)) % 5, 4, 5,
             t.created_at + interval '2 days'
      FROM support_tickets t WHERE t.status IN ('resolved', 'closed') AND abs(hashtext(t.id::text)) % 3 = 0`);
    for (const statement of slaBackfillStatements()) await seed.query(statement); // the clock columns the KPIs read
    // The rows filled above went through the ticket_day_stats trigger one by one in one transaction,
    // leaving ~100,000 dead versions of a few hundred rows; an upgraded database gets the compact
    // table of migration 0016's backfill. Compact it like that before measuring.
    await seed.query(`VACUUM FULL ticket_day_stats`);
    await seed.query(`VACUUM ANALYZE`); // as autovacuum leaves a long-running database: visibility map set, statistics fresh
    const counts = await seed.query<{ tickets: number; history: number; surveys: number }>(`SELECT (SELECT count(*) FROM support_tickets)::int AS tickets,
        (SELECT count(*) FROM ticket_updates)::int AS history, (SELECT count(*) FROM satisfaction_surveys)::int AS surveys`);
    const c = counts.rows[0]!;
    console.log(`seeded ${c.tickets} tickets, ${c.history} work-history rows, ${c.surveys} surveys in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error', PWA_DIST: '/nonexistent', DATABASE_URL: url.toString(), RATE_LIMIT_LOGIN: '100000' });
    const deps = { config, db, argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 } };
    const services = createServices(deps);
    server = http.createServer(createApp(deps, services).callback());
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench-admin', password: 'bench-pass' }),
    });
    const { token } = (await login.json()) as { token: string };
    const techRows = await seed.query<{ id: string }>(`SELECT id FROM users WHERE username = 'tech1'`);
    const tech = techRows.rows[0]!.id;

    const tz = encodeURIComponent(TZ);
    const cases: [string, string][] = [
      ['dashboard today', `/api/scheduler?range=today&tz=${tz}`],
      ['dashboard this week', `/api/scheduler?range=week&tz=${tz}`],
      ['dashboard this month', `/api/scheduler?range=month&tz=${tz}`],
      ['dashboard this month, one technician', `/api/scheduler?range=month&tz=${tz}&technicianId=${tech}`],
      ['tickets behind "Open" (month, page 1)', `/api/scheduler/tickets?range=month&tz=${tz}&status=open`],
      ['tickets behind a workload badge', `/api/scheduler/tickets?scope=active&technicianId=${tech}&tz=${tz}`],
      ['technician detail (month)', `/api/scheduler/technicians/${tech}?range=month&tz=${tz}`],
    ];
    console.log(`\n## Scheduler at ${c.tickets} tickets, spread over ${SPREAD_DAYS} days (PostgreSQL, ${RUNS} runs each, ms)`);
    console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs`);
    for (const [label, p] of cases) {
      const times: number[] = [];
      const server: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS + 3; i++) {
        const start = performance.now();
        const res = await fetch(base + p, { headers: { authorization: `Bearer ${token}` } });
        const text = await res.text();
        const ms = performance.now() - start;
        if (res.status !== 200) throw new Error(`${p}: ${res.status} ${text}`);
        bytes = text.length;
        if (i < 3) continue;
        times.push(ms);
        server.push(Number(/app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN));
      }
      times.sort((a, b) => a - b);
      server.sort((a, b) => a - b);
      const f = (v: number) => v.toFixed(1).padStart(6);
      console.log(
        `${label.padEnd(40)} server median ${f(percentile(server, 50))} p95 ${f(percentile(server, 95))} | request median ${f(percentile(times, 50))} p95 ${f(percentile(times, 95))} (${(bytes / 1024).toFixed(1)} KiB)`,
      );
    }
    console.log('uncached (schedulerDashboard() itself, every statement each run):');
    const uncached: [string, { range: 'today' | 'week' | 'month'; technicianId?: string }][] = [
      ['dashboard today', { range: 'today' }],
      ['dashboard this week', { range: 'week' }],
      ['dashboard this month', { range: 'month' }],
      ['dashboard this month, one technician', { range: 'month', technicianId: tech }],
    ];
    for (const [label, q] of uncached) {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 3; i++) {
        const start = performance.now();
        await schedulerDashboard(db, { tz: TZ, ...q } as Parameters<typeof schedulerDashboard>[1], new Date());
        if (i >= 3) times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const f = (v: number) => v.toFixed(1).padStart(6);
      console.log(`${label.padEnd(40)} median ${f(percentile(times, 50))} p95 ${f(percentile(times, 95))} min ${f(times[0]!)}`);
    }
    await services.notifier.close();
  } finally {
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    }
    await seed.end();
    await handle.close();
    if (process.env.BENCH_KEEP) console.log(`kept database ${name} (BENCH_KEEP)`);
    else await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
