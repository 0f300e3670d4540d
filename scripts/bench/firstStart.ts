/**
 * First start on an existing database (issue 58, DESIGN.md 8): seeds `BENCH_FIRST_START_TICKETS`
 * (default 100,000) tickets by SQL (seed.ts: no SLA due times yet, no search rows: a database
 * from before migration 0025), starts the real app on it and prints the seconds from
 * spawning the process to the first `/api/health` answer, the health answers' times while the
 * start's data work runs (startup-data.ts), and when the SLA due times and the search rows were
 * done. On PostgreSQL it then prints EXPLAIN ANALYZE of searched list pages (the app's own
 * statements, captured) for a common word, a rare one, a phone tail and a whole domain.
 * Asserts nothing. `npx tsx scripts/bench/firstStart.ts` (BENCH_FIRST_START_DBS=pglite,postgres;
 * BENCH_PG_URL default postgres://root@127.0.0.1:5432/postgres; BENCH_FIRST_START_HEALTH_ONLY=1
 * stops at the first health answer; BENCH_FIRST_START_TICKETS=N tickets, default 100,000).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../api/src/db/client';
import type { Database } from '../../api/src/db/client';
import { listTicketPageJson } from '../../api/src/features/tickets/staffListRepository';
import { buildApi } from '../build-api';
import { startApp } from '../server-process';
import { adminQuery, seedTickets } from './seed';

const COUNT = Number(process.env.BENCH_FIRST_START_TICKETS ?? 100_000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const DBS = (process.env.BENCH_FIRST_START_DBS ?? 'pglite,postgres').split(',');

async function firstStart(kind: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-first-start-'));
  const dbName = `bench_first_start_${process.pid}`;
  const databaseUrl = PG_URL.replace(/\/[^/]*$/, `/${dbName}`);
  const target = kind === 'postgres' ? { databaseUrl } : { dataDir };
  if (kind === 'postgres') await adminQuery(PG_URL, `create database ${dbName}`);
  try {
    const seeded = await seedTickets(target, COUNT, { searchRows: false });
    console.log(`### ${kind}, ${COUNT.toLocaleString('en-US')} tickets (seeded in ${seeded.toFixed(1)} s; no search rows, no SLA due times)`);
    const spawned = performance.now();
    const app = await startApp(kind === 'postgres' ? { DATABASE_URL: databaseUrl, LOG_LEVEL: 'info' } : { DATA_DIR: dataDir, LOG_LEVEL: 'info' }, 600_000);
    const healthy = (performance.now() - spawned) / 1000;
    const times: number[] = [];
    let slaAt: number | undefined;
    let searchAt: number | undefined;
    // BENCH_FIRST_START_HEALTH_ONLY=1: stop at the first health answer (the goal's figure) instead
    // of waiting out the data work (minutes on PGlite).
    const healthOnly = process.env.BENCH_FIRST_START_HEALTH_ONLY === '1';
    if (healthOnly) console.log('(BENCH_FIRST_START_HEALTH_ONLY: the data work is not waited for)');
    while (!healthOnly && searchAt === undefined && performance.now() - spawned < 1_200_000) {
      const t0 = performance.now();
      await fetch(`${app.baseURL}/api/health`).then((r) => r.arrayBuffer());
      times.push(performance.now() - t0);
      const out = app.output();
      if (slaAt === undefined && /SLA due times backfilled|search index/.test(out)) slaAt = (performance.now() - spawned) / 1000;
      if (/search index backfilled/.test(out)) searchAt = (performance.now() - spawned) / 1000;
      await new Promise((r) => setTimeout(r, 250));
    }
    times.sort((a, b) => a - b);
    const progress = app
      .output()
      .split('\n')
      .filter((l) => /backfill/.test(l))
      .map((l) => `  ${l.slice(0, 160)}`);
    console.log(`first /api/health answer ${healthy.toFixed(1)} s after spawning the process`);
    if (!healthOnly) {
      console.log(`health while the data work ran: ${times.length} requests, median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms`);
      console.log(`SLA due times done by ${slaAt?.toFixed(1) ?? '?'} s, search rows by ${searchAt?.toFixed(1) ?? 'NOT within 20 minutes'} s`);
      console.log(progress.join('\n'));
    }
    await app.stop();
    if (kind === 'postgres') await explainSearches(databaseUrl);
  } finally {
    if (kind === 'postgres') await adminQuery(PG_URL, `drop database if exists ${dbName} with (force)`).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the app's own statements for a searched first page of 50. */
async function explainSearches(databaseUrl: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl, dataDir: '' });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // The app's drizzle dialect turns a captured statement into its text and parameters.
  const dialect = (handle.db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string; params: unknown[] } } }).dialect;
  try {
    await client.query('vacuum analyze');
    for (const q of ['printer', 'printer paper jam', 'Client 12', 'client 54321', '0142', 'example.com', 'customer777@', 'zzzz']) {
      const statements: { sql: string; params: unknown[] }[] = [];
      const capturing = new Proxy(handle.db, {
        get(target, prop, receiver) {
          if (prop === 'execute') {
            return (query: Parameters<Database['execute']>[0]) => {
              const s = dialect.sqlToQuery(query);
              statements.push({ sql: s.sql, params: s.params });
              return target.execute(query);
            };
          }
          return Reflect.get(target, prop, receiver) as unknown;
        },
      }) as Database;
      await listTicketPageJson(capturing, { q }, { limit: 50 }); // warm, and captured
      console.log(`-- q=${JSON.stringify(q)}: ${statements.length} statement(s)`);
      for (const s of statements) {
        const plan = await client.query(`explain (analyze, buffers) ${s.sql}`, s.params as unknown[]);
        const lines = (plan.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']);
        console.log(lines.filter((l) => /Planning Time|Execution Time/.test(l)).join('; '));
        if (process.env.BENCH_EXPLAIN_FULL) console.log(lines.join('\n'));
      }
    }
  } finally {
    await client.end();
    await handle.close();
  }
}

await buildApi();
for (const kind of DBS) await firstStart(kind);
