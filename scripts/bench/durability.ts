/**
 * Cost of the embedded database's durability (docs/decisions.md): submits BENCH_TICKETS
 * (default 200) tickets one after another through the real app (createApp over HTTP, PGlite in a
 * fresh data folder on the same disk as DATA_DIR would be) with PGLITE_FSYNC=true and =false, and
 * prints the mean and median time per ticket and the fsyncs per ticket. Prints, asserts nothing.
 * Run: `npx tsx scripts/bench/durability.ts` on an otherwise idle machine (BENCH_DIR picks the disk).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import { openDatabase } from '../../api/src/db/client';
import { silentLogger } from '../../api/src/logger';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 200);
const body = JSON.stringify({
  clientName: 'Bench Customer',
  customerEmail: 'bench@example.com',
  customerPhone: '555 0100',
  severity: 'low',
  contactMethod: 'email',
  issue: 'Benchmark ticket submitted to measure commit durability.',
});

async function measure(fsync: boolean): Promise<{ mean: number; median: number; fsyncs: number }> {
  const dataDir = fs.mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), 'portal-bench-durability-'));
  let fsyncs = 0;
  const database = await openDatabase({ dataDir, pgliteFsync: fsync, onFsync: () => (fsyncs += 1) });
  const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_TICKETS: '1000000', LOG_LEVEL: 'silent', PWA_DIST: '/nonexistent' });
  const server = http.createServer(createApp({ config, db: database.db, logger: silentLogger }).callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/tickets`;
  try {
    for (let i = 0; i < 10; i += 1) await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }); // warm-up
    fsyncs = 0;
    const times: number[] = [];
    for (let i = 0; i < TICKETS; i += 1) {
      const started = performance.now();
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      if (res.status !== 201) throw new Error(`ticket ${i}: ${res.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { mean: times.reduce((a, b) => a + b, 0) / times.length, median: times[Math.floor(times.length / 2)]!, fsyncs: fsyncs / TICKETS };
  } finally {
    server.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(`## Embedded database durability (${TICKETS} tickets, one after another)`);
  for (const fsync of [true, false, true, false]) {
    const r = await measure(fsync);
    console.log(`PGLITE_FSYNC=${fsync}: mean ${r.mean.toFixed(1)} ms, median ${r.median.toFixed(1)} ms per ticket, ${r.fsyncs.toFixed(1)} fsyncs per ticket`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
