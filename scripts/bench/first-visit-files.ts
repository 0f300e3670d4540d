/**
 * What a first visit loads (issue 59; docs/benchmarks.md "Lighthouse against a floor"):
 * `npx tsx scripts/bench/first-visit-files.ts <dist> [<dist> ...]` starts the app on each PWA build
 * and opens each path (PATHS, comma list, default /,/login,/survey,/support,/technician; /technician
 * signed in as admin through localStorage, as lighthouse.ts does) in a fresh Chromium context, then
 * prints the JavaScript files requested in the first 5 s (hashes stripped) and the IndexedDB
 * databases the page created. Deterministic, unlike the scores: it shows whether work left a page.
 */
import { chromium } from 'playwright-core';
import { startApp } from '../server-process';

const dists = process.argv.slice(2);
const paths = (process.env.PATHS ?? '/,/login,/survey,/support,/technician').split(',');
if (dists.length === 0) throw new Error('usage: npx tsx scripts/bench/first-visit-files.ts <dist> [<dist> ...]');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
try {
  for (const dist of dists) {
    const app = await startApp({ PWA_DIST: dist }, 180_000);
    try {
      for (const path of paths) {
        const context = await browser.newContext();
        if (path === '/technician') {
          const res = await fetch(`${app.baseURL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: app.adminPassword }) });
          const session = (await res.json()) as { user: unknown; token: string };
          await context.addInitScript((s) => {
            if (localStorage.getItem('token')) return;
            localStorage.setItem('user', JSON.stringify(s.user));
            localStorage.setItem('token', s.token);
          }, session);
        }
        const page = await context.newPage();
        const files: string[] = [];
        page.on('request', (r) => {
          if (r.url().endsWith('.js')) files.push(r.url().replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, ''));
        });
        await page.goto(`${app.baseURL}${path}`);
        await page.waitForTimeout(5000);
        const dbs = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
        console.log(`${dist} ${path}: ${files.length} JS files [${files.join(' ')}], databases ${JSON.stringify(dbs)}`);
        await context.close();
      }
    } finally {
      await app.stop();
    }
  }
} finally {
  await browser.close();
}
