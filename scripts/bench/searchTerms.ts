/**
 * Search cost per term (issue 58: "no term over 10x the median term"): seeds
 * `BENCH_SEARCH_TICKETS` (default 100,000) tickets on PostgreSQL (seed.ts, search rows written by
 * the trigger), then runs the app's own statements for a searched first page of 50
 * (`listTicketPageJson`, captured) under `EXPLAIN ANALYZE` for the bench's `searchu` terms
 * (`Client <n>`, every `BENCH_SEARCH_STEP`-th n up to `BENCH_SEARCH_TERMS`) and prints PostgreSQL's
 * planning + execution time per term (the fastest of `BENCH_SEARCH_RUNS`, default 3): median, p90,
 * max, max / median, and the slowest terms. Asserts nothing.
 * `npx tsx scripts/bench/searchTerms.ts` (BENCH_PG_URL default postgres://root@127.0.0.1:5432/postgres).
 */
import pg from 'pg';
import { openDatabase, type Database } from '../../api/src/db/client';
import { listTicketPageJson } from '../../api/src/features/tickets/staffListRepository';
import { adminQuery, seedTickets } from './seed';

const COUNT = Number(process.env.BENCH_SEARCH_TICKETS ?? 100_000);
const TERMS = Number(process.env.BENCH_SEARCH_TERMS ?? 1000);
const STEP = Number(process.env.BENCH_SEARCH_STEP ?? 3);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 3);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

const dbName = `bench_search_terms_${process.pid}`;
const databaseUrl = PG_URL.replace(/\/[^/]*$/, `/${dbName}`);
await adminQuery(PG_URL, `create database ${dbName}`);
try {
  const seeded = await seedTickets({ databaseUrl }, COUNT);
  console.log(`PostgreSQL, ${COUNT.toLocaleString('en-US')} tickets seeded in ${seeded.toFixed(1)} s`);
  const handle = await openDatabase({ databaseUrl, dataDir: '' });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const dialect = (handle.db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string; params: unknown[] } } }).dialect;
  try {
    await client.query('vacuum analyze');
    const results: { q: string; ms: number }[] = [];
    for (let n = 1; n <= TERMS; n += STEP) {
      const q = `Client ${n}`;
      const statements: { sql: string; params: unknown[] }[] = [];
      const capturing = new Proxy(handle.db, {
        get(target, prop, receiver) {
          if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
          return (query: Parameters<Database['execute']>[0]) => {
            statements.push(dialect.sqlToQuery(query));
            return target.execute(query);
          };
        },
      }) as Database;
      await listTicketPageJson(capturing, { q }, { limit: 50 });
      // The fastest of RUNS runs of the term's statements: on the shared machine one run is noise.
      let ms = Infinity;
      for (let run = 0; run < RUNS; run++) {
        let total = 0;
        for (const s of statements) {
          const plan = await client.query(`explain (analyze, format json) ${s.sql}`, s.params);
          const root = (plan.rows[0] as { 'QUERY PLAN': { 'Planning Time': number; 'Execution Time': number }[] })['QUERY PLAN'][0]!;
          total += root['Planning Time'] + root['Execution Time'];
        }
        ms = Math.min(ms, total);
      }
      results.push({ q, ms });
    }
    const sorted = [...results].sort((a, b) => a.ms - b.ms);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.ms;
    const median = at(0.5);
    console.log(`${results.length} terms, PostgreSQL planning + execution per first page: median ${median.toFixed(2)} ms, p90 ${at(0.9).toFixed(2)} ms, max ${sorted.at(-1)!.ms.toFixed(2)} ms (${(sorted.at(-1)!.ms / median).toFixed(1)}x the median)`);
    console.log(`terms over 10x the median: ${results.filter((r) => r.ms > 10 * median).length}`);
    console.log(`slowest: ${sorted.slice(-8).reverse().map((r) => `${r.q} ${r.ms.toFixed(1)} ms`).join(', ')}`);
  } finally {
    await client.end();
    await handle.close();
  }
} finally {
  await adminQuery(PG_URL, `drop database if exists ${dbName} with (force)`).catch(() => undefined);
}
