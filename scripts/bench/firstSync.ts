/**
 * First-sync benchmark: a database of `count` tickets seeded by SQL (seed.ts) in its own
 * app process; a technician's phone (Chromium, 390x844) signs in and opens /technician, and the
 * time until the first complete sync pass (meta `lastSync` in IndexedDB), the tickets the phone
 * then holds (its working set, not the table), the client cards it holds (issue 50: every client's
 * card; BENCH_SYNC_CLIENTS clients seeded, default 5,000, nine tickets in ten linked to one) and the page's JS heap (CDP Runtime.getHeapUsage,
 * after a garbage collection) are printed. Asserts nothing. Alone:
 * `npx tsx scripts/bench/firstSync.ts` (uses pwa/dist; BENCH_SYNC_TICKETS, default 20,000; BENCH_CPU_THROTTLE=4
 * for issue 59's slow phone, from opening /technician on; BENCH_SYNC_SEEDED=dir keeps a copy of the
 * seeded data folder there and reuses it in later runs with the same counts, for A/B rounds).
 * The page helpers are shared with pwa/e2e/tickets-scale.e2e.ts.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startApp } from '../server-process';
import { throttleCpu, throttleLabel } from './cpuThrottle';
import { seedTickets } from './seed';

export interface FirstSyncResult {
  count: number;
  seedSeconds: number;
  syncSeconds: number;
  cachedTickets: number;
  clients: number;
  cachedClients: number;
  heapMb: number;
  /** CPU seconds of Chromium's processes during the sync, by type (renderer, browser, gpu, utility). */
  cpuSeconds: Record<string, number>;
}

/** The page's offline cache: cached ticket ids and the last complete sync (null before the first). */
export function readSyncedCache(page: Page): Promise<{ ids: string[]; lastSync: string | null }> {
  return page.evaluate(
    () =>
      new Promise<{ ids: string[]; lastSync: string | null }>((resolve, reject) => {
        const open = indexedDB.open('portal-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('tickets')) {
            db.close();
            resolve({ ids: [], lastSync: null });
            return;
          }
          const tx = db.transaction(['tickets', 'meta'], 'readonly');
          const keys = tx.objectStore('tickets').getAllKeys();
          const meta = tx.objectStore('meta').get('lastSync');
          tx.oncomplete = () => {
            db.close();
            resolve({ ids: keys.result as string[], lastSync: (meta.result as { value?: string } | undefined)?.value ?? null });
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

/** How many client cards the page's offline copy holds (collection 'clients' of `records`). */
export function countClientCards(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('portal-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('records')) {
            db.close();
            resolve(0);
            return;
          }
          const req = db.transaction('records', 'readonly').objectStore('records').index('collection').count('clients');
          req.onsuccess = () => {
            db.close();
            resolve(req.result);
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

/** The page's used JS heap in MB (one decimal), after a garbage collection (CDP). */
export async function jsHeapMb(context: BrowserContext, page: Page): Promise<number> {
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return Math.round((usedSize / 1024 / 1024) * 10) / 10;
  } finally {
    await cdp.detach();
  }
}

async function post<T>(baseURL: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Seeds `count` tickets and `clients` clients into `dataDir` (seed.ts), or copies them from the
 * folder BENCH_SYNC_SEEDED names when it holds a seed of the same counts (saved there otherwise).
 * @returns the seconds spent (seeding or copying).
 */
async function seedOrCopy(dataDir: string, count: number, clients: number): Promise<number> {
  const keep = process.env.BENCH_SYNC_SEEDED;
  const mark = keep ? join(keep, 'seeded.json') : '';
  const want = JSON.stringify({ count, clients });
  if (keep && existsSync(mark) && readFileSync(mark, 'utf8') === want) {
    const started = performance.now();
    cpSync(join(keep, 'data'), dataDir, { recursive: true });
    return (performance.now() - started) / 1000;
  }
  const seconds = await seedTickets({ dataDir }, count, { clients });
  if (keep) {
    rmSync(keep, { recursive: true, force: true });
    cpSync(dataDir, join(keep, 'data'), { recursive: true });
    writeFileSync(mark, want);
  }
  return seconds;
}

/**
 * CPU seconds used so far by each kind of Chromium process (CDP SystemInfo.getProcessInfo, summed
 * per type). The renderer's figure is the page's own work, unthrottled (the CPU throttling pauses
 * the page rather than making it spin), so it depends less on the machine's load than wall time.
 */
async function processCpu(browser: Browser): Promise<Record<string, number>> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; cpuTime: number }[] };
    const out: Record<string, number> = {};
    for (const p of processInfo) out[p.type] = (out[p.type] ?? 0) + p.cpuTime;
    return out;
  } finally {
    await cdp.detach();
  }
}

/** Seeds `count` tickets, starts the app on them and measures a phone's first sync. */
export async function measureFirstSync(count: number, dist?: string, clients = Number(process.env.BENCH_SYNC_CLIENTS ?? 5000)): Promise<FirstSyncResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-sync-'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  try {
    const seedSeconds = await seedOrCopy(dataDir, count, clients);
    app = await startApp({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...(dist ? { PWA_DIST: dist } : {}) }, 120_000);
    const admin = await post<{ token: string }>(app.baseURL, '/api/auth/login', { username: 'admin', password: app.adminPassword });
    const tech = { username: 'bench.sync', password: 'bench-sync-1' };
    await post(app.baseURL, '/api/users', { ...tech, role: 'technician' }, admin.token);
    const context = await browser.newContext({ baseURL: app.baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByPlaceholder('Enter your username').fill(tech.username);
    await page.getByPlaceholder('Enter your password').fill(tech.password);
    const reloaded = page.waitForEvent('load', { timeout: 15_000 }).catch(() => undefined); // the app reloads after a login
    await page.getByRole('button', { name: 'Sign In' }).click();
    await reloaded;
    await page.getByText(`Welcome, ${tech.username}`).first().waitFor({ state: 'attached' });
    await throttleCpu(context, page);
    // BENCH_SYNC_PROFILE=file.cpuprofile: the page's CPU profile from opening /technician to the first
    // complete sync (open it in DevTools, or summarise it with scripts/bench/profile-summary.ts).
    const profileFile = process.env.BENCH_SYNC_PROFILE;
    const cdp = profileFile ? await context.newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const cpuBefore = await processCpu(browser);
    const started = Date.now();
    await page.goto('/technician');
    for (;;) {
      const { lastSync } = await readSyncedCache(page);
      if (lastSync) break;
      if (Date.now() - started > 600_000) throw new Error('no complete sync within 10 minutes');
      await page.waitForTimeout(250);
    }
    const syncSeconds = (Date.now() - started) / 1000;
    const cpuAfter = await processCpu(browser);
    const cpuSeconds = Object.fromEntries(Object.entries(cpuAfter).map(([type, t]) => [type, Math.round((t - (cpuBefore[type] ?? 0)) * 10) / 10]));
    if (cdp && profileFile) writeFileSync(profileFile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const cachedTickets = (await readSyncedCache(page)).ids.length;
    const cachedClients = await countClientCards(page);
    const heapMb = await jsHeapMb(context, page);
    await context.close();
    return { count, seedSeconds, syncSeconds, cachedTickets, clients, cachedClients, heapMb, cpuSeconds };
  } finally {
    await browser.close();
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints {@link FirstSyncResult}. */
export function printFirstSync(r: FirstSyncResult): void {
  console.log(`\n## First sync on a phone (${r.count} tickets and ${r.clients} clients on the server, Chromium 390x844${throttleLabel()})`);
  console.log(`seeded by SQL in ${r.seedSeconds.toFixed(1)} s`);
  console.log(`open /technician -> first complete sync: ${r.syncSeconds.toFixed(1)} s; working set on the phone: ${r.cachedTickets} tickets, ${r.cachedClients} client cards`);
  console.log(`JS heap after the sync (after GC): ${r.heapMb} MB`);
  const cpu = Object.entries(r.cpuSeconds).map(([type, t]) => `${type} ${t.toFixed(1)} s`).join(', ');
  console.log(`Chromium CPU during the sync (unthrottled work; the page's is the renderer's): ${cpu}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printFirstSync(await measureFirstSync(Number(process.env.BENCH_SYNC_TICKETS ?? 20_000)));
}
