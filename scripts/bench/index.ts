/**
 * `npm run bench` (DESIGN.md 8, issue 3): prints figures, asserts nothing.
 * 1. Bundle: entry JS gzip (what /support downloads first) and the lazy route chunks.
 * 2. Outbox drain: time from going online to an empty outbox with N queued ticket updates
 *    (BENCH_QUEUED, default 200), driven through the real PWA in Chromium at a phone viewport.
 * 3. Ticket list: open, search and 'Mine' with BENCH_TICKETS (default 10,000) cached tickets.
 * 4. Lighthouse mobile performance of /support and /login.
 * Builds the PWA first (set BENCH_SKIP_BUILD=1 to measure the existing pwa/dist) and runs the app
 * like `npm start` in a fresh data folder. Run it on an otherwise idle machine: the scores depend on CPU.
 */
import { execSync } from 'node:child_process';
import { resolve } from 'node:path';
import { startApp } from '../server-process';
import { measureBundle } from './bundle';
import { measureDrain } from './drain';
import { runLighthouse } from './lighthouse';
import { measureTicketList, printTicketList } from './ticketList';

const repoRoot = resolve(import.meta.dirname, '../..');
const dist = resolve(repoRoot, process.env.PWA_DIST ?? 'pwa/dist');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main(): Promise<void> {
  if (!process.env.BENCH_SKIP_BUILD) execSync('npm run build', { cwd: repoRoot, stdio: 'inherit' });

  const bundle = measureBundle(dist);
  console.log('\n## Bundle (gzip -9)');
  console.log(`entry JS total: ${bundle.entryGzipTotal} B (${kb(bundle.entryGzipTotal)})`);
  for (const c of bundle.entry) console.log(`  entry  ${c.file}  ${kb(c.gzip)} gzip, ${kb(c.raw)} raw`);
  for (const c of bundle.chunks.slice(0, 8)) console.log(`  chunk  ${c.file}  ${kb(c.gzip)} gzip`);
  console.log(`  (${bundle.chunks.length} lazy chunks, ${kb(bundle.chunks.reduce((n, c) => n + c.gzip, 0))} gzip in all)`);
  for (const c of bundle.css) console.log(`  css    ${c.file}  ${kb(c.gzip)} gzip`);
  if (bundle.serviceWorker) console.log(`  sw.js  ${kb(bundle.serviceWorker.gzip)} gzip`);

  const app = await startApp({ PWA_DIST: dist, RATE_LIMIT_TICKETS: '100000', RATE_LIMIT_LOGIN: '100000' });
  try {
    const queued = Number(process.env.BENCH_QUEUED ?? 200);
    console.log(`\n## Outbox drain (${queued} queued updates)`);
    const drain = await measureDrain(app.baseURL, app.adminPassword, queued);
    console.log(`online -> empty outbox: ${drain.drainMs} ms (${((queued / drain.drainMs) * 1000).toFixed(1)} updates/s)`);
    console.log(`server work-history rows added: ${drain.serverRows} (expected ${queued})`);

    printTicketList(await measureTicketList(app.baseURL, app.adminPassword, Number(process.env.BENCH_TICKETS ?? 10_000)));

    console.log('\n## Lighthouse (mobile, simulated throttling)');
    for (const r of await runLighthouse(app.baseURL, ['/support', '/login'])) {
      console.log(`${r.path.padEnd(9)} performance ${r.performance}  FCP ${r.fcp} ms  LCP ${r.lcp} ms  TBT ${r.tbt} ms  CLS ${r.cls}`);
    }
  } finally {
    await app.stop();
  }
}

await main();
