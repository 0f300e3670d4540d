/**
 * `npm run bench` (DESIGN.md 8): prints figures, asserts nothing.
 * 1. Bundle: entry JS gzip and the lazy route chunks; then, in Chromium, the JS each public route
 *    (/, /support, /customer-support, /survey, /login) loads before it is usable, against issue
 *    16's 120 KB gzip goal, and what it loads after (idle: offline engine, validation, worker).
 * 2. Outbox drain (scripts/bench/drain.ts): time from going online to an empty outbox with N queued
 *    ticket updates (BENCH_QUEUED, default 200), driven through the real PWA in Chromium; the time
 *    to resume after the API was unreachable while the browser was online (waited for at most
 *    BENCH_RESUME_LIMIT_MS, default 120 s); the same PATCHes from Node.
 * 3. Lighthouse mobile performance of the public pages and of a technician's first visit to /technician
 *    (signed in, cold cache, no service worker; BENCH_LIGHTHOUSE_PUBLIC=0 skips the public pages), judged
 *    against a bare React page and a plain HTML page audited in the same run (scripts/bench/lighthouse-floor.ts;
 *    BENCH_LIGHTHOUSE_ROUNDS interleaved rounds, default 3, medians).
 * 3b. Ticket list (part `tickets`): open, search and 'Mine' with BENCH_LIST_TICKETS (10,000) cached tickets.
 * 4. API memory (RSS before / peak / after) while a BENCH_UPLOAD_MB (200) MB upload and its download stream.
 * 4b. Attachment uploads (part `tus`, scripts/bench/tus.ts): a BENCH_TUS_MB (100) MB file through tus vs a plain
 *    streaming upload, and API memory during 10 parallel tus uploads.
 * 5. API memory at start (scripts/bench/startMemory.ts): first start on a new data folder, and a restart.
 *    API throughput (scripts/bench/api.ts): autocannon against bare node:http, /api/health, a staff
 *    list page and public creates, on PGlite and PostgreSQL, with 200 and 100,000 tickets.
 * 6. First sync (part `sync`, scripts/bench/firstSync.ts): a phone's first sync with BENCH_SYNC_TICKETS (20,000) on the server.
 * 7. Downloads (part `downloads`, scripts/bench/downloads.ts): a 100 MB file through the API vs a plain static server, 1 and 4 in parallel, Range too.
 * 8. Service report (part `visits`, scripts/bench/visit-report.ts): report rendering CPU ms and API memory for a close-out with 10 photos.
 * BENCH_ONLY picks parts (comma list of bundle, drain, lighthouse, upload, tus, api, tickets, sync, downloads, visits; e.g. BENCH_ONLY=api). A part
 * that fails prints FAILED with the reason and the others still run (exit code 1 at the end).
 * BENCH_ROUTES narrows the public routes of `bundle` (names containing one of a comma list, e.g.
 * /status); BENCH_LIGHTHOUSE_PATHS the paths of `lighthouse` (default /,/support,/customer-support,/login,/survey,status, where
 * `status` is a fresh ticket's status link). BENCH_CPU_THROTTLE=4 runs `drain` and `sync` with the page's CPU
 * 4x slower (issue 59's slow phone; scripts/bench/cpuThrottle.ts).
 * Builds the PWA first unless only `api` runs (set BENCH_SKIP_BUILD=1 to measure the existing
 * pwa/dist) and runs the app like `npm start` in a fresh data folder. Run it on an otherwise idle
 * machine: the scores depend on CPU.
 */
import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { startApp } from '../server-process';
import { runApiBench } from './api';
import { PUBLIC_ROUTES, ROUTE_GOAL_GZIP, measureBundle, measureRoutes } from './bundle';
import { measureDownloads, printDownloads } from './downloads';
import { measureDrain, printDrain } from './drain';
import { measureFirstSync, printFirstSync } from './firstSync';
import { buildFloor } from './floor';
import { throttleLabel } from './cpuThrottle';
import { judge, measureAgainstFloor, printFloorTable } from './lighthouse-floor';
import { measureStartMemory, printStartMemory } from './startMemory';
import { measureTicketList, printTicketList } from './ticketList';
import { measureUploadMemory, printUploadMemory } from './upload-memory';
import { measureTus, printTus } from './tus';
import { measureVisitReport, printVisitReport } from './visit-report';

const repoRoot = resolve(import.meta.dirname, '../..');
const dist = resolve(repoRoot, process.env.PWA_DIST ?? 'pwa/dist');
/** How long the app may take to become healthy (a first start migrates a new data folder; minutes on a loaded machine). */
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_MS ?? 180_000);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const PARTS = ['bundle', 'drain', 'lighthouse', 'upload', 'tus', 'api', 'tickets', 'sync', 'downloads', 'visits'] as const;
type Part = (typeof PARTS)[number];
const only = (process.env.BENCH_ONLY ?? PARTS.join(',')).split(',').map((p) => p.trim()) as Part[];
const wants = (p: Part) => only.includes(p);

/** Runs one part; a failure is printed and remembered, and the benchmark goes on. */
async function part(name: string, run: () => Promise<void> | void): Promise<void> {
  try {
    await run();
  } catch (err) {
    console.log(`\n${name}: FAILED: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
}

async function main(): Promise<void> {
  const unknown = only.filter((p) => !PARTS.includes(p));
  if (unknown.length > 0) throw new Error(`BENCH_ONLY: unknown part(s) ${unknown.join(', ')}; use ${PARTS.join(', ')}`);
  const needsPwa = wants('bundle') || wants('drain') || wants('lighthouse') || wants('tickets') || wants('sync');
  if (needsPwa && !process.env.BENCH_SKIP_BUILD) execSync('npm run build', { cwd: repoRoot, stdio: 'inherit' });

  if (wants('bundle')) {
    await part('Bundle', () => {
      const bundle = measureBundle(dist);
      console.log('\n## Bundle (gzip -9)');
      console.log(`entry JS total: ${bundle.entryGzipTotal} B (${kb(bundle.entryGzipTotal)})`);
      for (const c of bundle.entry) console.log(`  entry  ${c.file}  ${kb(c.gzip)} gzip, ${kb(c.raw)} raw`);
      for (const c of bundle.chunks.slice(0, 8)) console.log(`  chunk  ${c.file}  ${kb(c.gzip)} gzip`);
      console.log(`  (${bundle.chunks.length} lazy chunks, ${kb(bundle.chunks.reduce((n, c) => n + c.gzip, 0))} gzip in all)`);
      for (const c of bundle.css) console.log(`  css    ${c.file}  ${kb(c.gzip)} gzip`);
      if (bundle.serviceWorker) console.log(`  sw.js  ${kb(bundle.serviceWorker.gzip)} gzip`);
    });
  }

  if (wants('bundle') || wants('drain') || wants('lighthouse') || wants('upload') || wants('tus') || wants('tickets')) {
    await part('App start', async () => {
      // ATTACHMENT_MAX_MB: the tus part sends a BENCH_TUS_MB (100) MB attachment.
      const app = await startApp({ PWA_DIST: dist, RATE_LIMIT_TICKETS: '100000', RATE_LIMIT_LOGIN: '100000', ATTACHMENT_MAX_MB: '1024' }, START_TIMEOUT_MS);
      try {
        if (wants('bundle')) {
          await part('Public routes', async () => {
            console.log(`\n## Public routes: JS before usable (gzip -9; goal <= ${kb(ROUTE_GOAL_GZIP)} = ${ROUTE_GOAL_GZIP} B)`);
            // BENCH_ROUTES: only the public routes whose name contains one of these (comma list), e.g. /status.
            const pick = process.env.BENCH_ROUTES?.split(',').map((r) => r.trim()).filter(Boolean);
            const routes = pick ? PUBLIC_ROUTES.filter((r) => pick.some((p) => (r.name ?? r.path).includes(p))) : PUBLIC_ROUTES;
            for (const r of await measureRoutes(app.baseURL, dist, routes)) {
              const verdict = r.beforeGzip <= ROUTE_GOAL_GZIP ? 'ok' : 'OVER GOAL';
              console.log(
                `${r.path.padEnd(18)} before usable ${kb(r.beforeGzip).padStart(10)} (${r.beforeGzip} B, ${r.before.length} files, ${(r.beforeGzip / ROUTE_GOAL_GZIP * 100).toFixed(0)}% of goal, ${verdict}, usable after ${r.usableMs} ms)  after: ${kb(r.afterGzip)} (${r.after.length} files)`,
              );
            }
          });
        }
        if (wants('drain')) {
          const queued = Number(process.env.BENCH_QUEUED ?? 200);
          await part(`Outbox drain (${queued} queued updates)`, async () => {
            console.log(`\n## Outbox drain (${queued} queued updates${throttleLabel()})`);
            const resumeLimitMs = Number(process.env.BENCH_RESUME_LIMIT_MS ?? 120_000);
            const drain = await measureDrain(app.baseURL, app.adminPassword, { queued, resumeLimitMs });
            printDrain(queued, drain, resumeLimitMs);
          });
        }
        if (wants('tickets')) {
          const count = Number(process.env.BENCH_LIST_TICKETS ?? 10_000);
          await part(`Ticket list (${count} cached tickets)`, async () => printTicketList(await measureTicketList(app.baseURL, app.adminPassword, count)));
        }
        if (wants('lighthouse')) {
          await part('Lighthouse', async () => {
            const rounds = Number(process.env.BENCH_LIGHTHOUSE_ROUNDS ?? 3);
            console.log(`\n## Lighthouse (mobile, simulated throttling) against a floor, ${rounds} interleaved rounds, medians`);
            await buildFloor(dist);
            // BENCH_LIGHTHOUSE_PATHS: the public paths to audit (comma list; `status` = a fresh ticket's status link).
            const wanted = (process.env.BENCH_LIGHTHOUSE_PATHS ?? '/,/support,/customer-support,/login,/survey,status').split(',').map((p) => p.trim()).filter(Boolean);
            const pages = await Promise.all(
              wanted.map(async (p) => (p === 'status' ? { label: '/status/:token', path: await statusLinkPath(app.baseURL), kind: 'public' as const } : { label: p, path: p, kind: 'public' as const })),
            );
            const load = loadavg().map((l) => l.toFixed(1)).join(' ');
            const medians = await measureAgainstFloor(app.baseURL, process.env.BENCH_LIGHTHOUSE_PUBLIC === '0' ? [] : pages, rounds, { username: 'admin', password: app.adminPassword });
            if (!printFloorTable(judge(medians))) console.log('(a goal is NOT MET: see docs/benchmarks.md "Lighthouse against a floor")');
            console.log(`load average ${load} -> ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
          });
        }
        if (wants('upload')) await part('Upload memory', async () => printUploadMemory(await measureUploadMemory(app)));
        if (wants('tus')) await part('Attachment uploads (tus)', async () => printTus(await measureTus(app)));
      } finally {
        await app.stop();
      }
    });
  }

  if (wants('sync')) {
    const count = Number(process.env.BENCH_SYNC_TICKETS ?? 20_000);
    await part(`First sync (${count} tickets)`, async () => printFirstSync(await measureFirstSync(count, dist)));
  }

  if (wants('downloads')) await part('Downloads', async () => printDownloads(await measureDownloads()));

  if (wants('visits')) {
    await part('Service report', async () => {
      const app = await startApp();
      try {
        printVisitReport(await measureVisitReport(app));
      } finally {
        await app.stop();
      }
    });
  }
  if (wants('api')) {
    await part('API memory at start', async () => printStartMemory(await measureStartMemory()));
    await part('API throughput', async () => void (await runApiBench()));
  }
}

/** The path of a new ticket's status link (POST /api/tickets answers `statusUrl`). */
async function statusLinkPath(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/tickets`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      clientName: 'Bench Customer',
      customerEmail: 'bench@example.com',
      customerPhone: '555 0100',
      severity: 'medium',
      contactMethod: 'email',
      issue: 'Lighthouse audit of the status page.',
    }),
  });
  const body = (await res.json()) as { statusUrl?: string };
  if (!body.statusUrl) throw new Error(`POST /api/tickets gave no statusUrl (${res.status})`);
  return new URL(body.statusUrl).pathname;
}

await main();
