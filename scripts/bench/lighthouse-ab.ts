/**
 * Lighthouse A/B of two PWA builds (issue 59; docs/benchmarks.md "Lighthouse against a floor"):
 * `npx tsx scripts/bench/lighthouse-ab.ts <distA> <distB>` (e.g. a copy of main's `pwa/dist` and
 * this branch's) starts one app per build (the same API, fresh data folders) and audits, per round,
 * each build's floor pages, public pages and a technician's first visit (lighthouse-floor.ts
 * `measureAgainstFloor`, one round each), the builds in alternating order, so both sides share the
 * machine's load; then prints each page's median per build with the load average.
 * BENCH_LIGHTHOUSE_ROUNDS (default 3) and BENCH_LIGHTHOUSE_PATHS (as in index.ts; `status` = a new
 * ticket's status link, `technician` = the first visit) narrow it. Prints figures, asserts nothing.
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { startApp, type AppProcess } from '../server-process';
import { buildFloor } from './floor';
import { measureAgainstFloor, type AuditPage, type PageMedian } from './lighthouse-floor';
import { median } from './median';

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

/** A new ticket's status link path on `app` (POST /api/tickets answers `statusUrl`). */
async function statusPath(app: AppProcess): Promise<string> {
  const res = await fetch(`${app.baseURL}/api/tickets`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ clientName: 'Bench Customer', customerEmail: 'bench@example.com', customerPhone: '555 0100', severity: 'medium', contactMethod: 'email', issue: 'Lighthouse A/B.' }),
  });
  const body = (await res.json()) as { statusUrl?: string };
  if (!body.statusUrl) throw new Error(`POST /api/tickets gave no statusUrl (${res.status})`);
  return new URL(body.statusUrl).pathname;
}

async function main(): Promise<void> {
  const dists = process.argv.slice(2, 4).map((d) => resolve(d));
  if (dists.length !== 2) throw new Error('usage: npx tsx scripts/bench/lighthouse-ab.ts <distA> <distB>');
  const rounds = Number(process.env.BENCH_LIGHTHOUSE_ROUNDS ?? 3);
  const wanted = (process.env.BENCH_LIGHTHOUSE_PATHS ?? '/,/support,/customer-support,/login,/survey,status,technician').split(',').map((p) => p.trim());
  const apps: AppProcess[] = [];
  try {
    for (const dist of dists) {
      await buildFloor(dist);
      apps.push(await startApp({ PWA_DIST: dist, RATE_LIMIT_TICKETS: '100000', RATE_LIMIT_LOGIN: '100000' }, 180_000));
    }
    const pages = await Promise.all(
      apps.map(async (app) =>
        Promise.all(
          wanted
            .filter((p) => p !== 'technician')
            .map(async (p): Promise<AuditPage> => (p === 'status' ? { label: '/status/:token', path: await statusPath(app), kind: 'public' } : { label: p, path: p, kind: 'public' })),
        ),
      ),
    );
    const before = load();
    const runs: Map<string, PageMedian[]>[] = [new Map(), new Map()];
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const app = apps[side]!;
        const signedIn = wanted.includes('technician') ? { username: 'admin', password: app.adminPassword } : undefined;
        for (const m of await measureAgainstFloor(app.baseURL, pages[side]!, 1, signedIn)) runs[side]!.set(m.page.label, [...(runs[side]!.get(m.page.label) ?? []), m]);
      }
      console.log(`A/B round ${round + 1}/${rounds} done (load average ${load()})`);
    }
    console.log(`\n## Lighthouse A/B, ${rounds} interleaved rounds, medians (score, LCP ms, TBT ms); A = ${dists[0]}, B = ${dists[1]}`);
    console.log('page                          A score (runs)      A LCP  A TBT   B score (runs)      B LCP  B TBT');
    for (const label of runs[0]!.keys()) {
      const cell = (side: number) => {
        const ms = runs[side]!.get(label) ?? [];
        if (ms.length === 0) return ''.padEnd(38);
        return `${`${median(ms.map((m) => m.score))} (${ms.map((m) => m.score).join('/')})`.padEnd(20)}${String(median(ms.map((m) => m.lcp))).padStart(5)}  ${String(median(ms.map((m) => m.tbt))).padStart(5)}`;
      };
      console.log(`${label.padEnd(30)}${cell(0)}   ${cell(1)}`);
    }
    console.log(`load average ${before} -> ${load()}`);
  } finally {
    for (const app of apps) await app.stop();
  }
}

await main();
