/**
 * Ticket list benchmark (search and 'Mine' on 10,000 cached tickets, no jank): a
 * technician signs in, then `count` tickets are written straight into the page's IndexedDB cache
 * (as a long-lived phone would hold them; the server is not involved) and the page is reloaded
 * with the API unreachable (online the list is the server's page).
 * Measured in Chromium at a phone viewport (390x844), printed, asserted nothing:
 * - open: reload of /technician until the first card shows;
 * - cards in the DOM (the list is virtualised: about a screenful, not `count`);
 * - search: typing a query until the result count shows the match, and the main thread's long
 *   tasks (> 50 ms) meanwhile; the same for the 'Mine' filter and for clearing.
 * Run alone: `npx tsx scripts/bench/ticketList.ts` (builds nothing; uses pwa/dist).
 */
import { chromium, type Page } from 'playwright-core';
import type { LoginResponse } from '@portal/shared';

export interface TicketListResult {
  count: number;
  openMs: number;
  cardsInDom: number;
  searchMs: number;
  searchLongTasks: number[];
  mineMs: number;
  mineLongTasks: number[];
  clearMs: number;
}

async function api<T>(baseURL: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Writes `count` made-up tickets (every 20th assigned to `techId`) into the page's `tickets` store;
 * resolves with the number of tickets the store then holds (the seeded ones plus what the phone had
 * synced, e.g. the drain part's tickets when the whole bench runs).
 */
function seedCache(page: Page, count: number, techId: string): Promise<number> {
  return page.evaluate(
    ({ count, techId }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('portal-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('tickets', 'readwrite');
          const store = tx.objectStore('tickets');
          const base = Date.parse('2024-01-01T00:00:00Z');
          const severities = ['low', 'medium', 'high', 'urgent'];
          const methods = ['email', 'phone', 'text'];
          const statuses = ['open', 'in_progress', 'resolved', 'closed'];
          for (let i = 0; i < count; i++) {
            const at = new Date(base + i * 60_000).toISOString();
            store.put({
              id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
              ticketNumber: `TKT-${String(900000 + i)}`,
              clientName: `Client ${i}`,
              businessName: i % 3 ? `Business ${i % 500} LLC` : null,
              customerEmail: `client${i}@example${i % 50}.com`,
              customerPhone: `555-${String(i).padStart(4, '0')}`,
              severity: severities[i % 4],
              contactMethod: methods[i % 3],
              issue: `Issue ${i}: the printer on floor ${i % 7} prints blank pages after the update ${i % 13}.`,
              status: statuses[i % 4],
              assignedTo: i % 20 === 0 ? techId : null,
              resolution: null,
              version: 1,
              createdAt: at,
              updatedAt: at,
            });
          }
          const held = store.count();
          tx.oncomplete = () => {
            db.close();
            resolve(held.result);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { count, techId },
  );
}

/** Starts collecting long tasks (> 50 ms) in the page; `take()` returns and resets their durations. */
async function watchLongTasks(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __long: number[] };
    w.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push(Math.round(e.duration));
    }).observe({ type: 'longtask' });
  });
  return () =>
    page.evaluate(() => {
      const w = window as unknown as { __long: number[] };
      const taken = w.__long;
      w.__long = [];
      return taken;
    });
}

/** Runs the benchmark against the app at `baseURL`. */
export async function measureTicketList(baseURL: string, adminPassword: string, count: number): Promise<TicketListResult> {
  const { token } = await api<LoginResponse>(baseURL, '/api/auth/login', { method: 'POST', body: { username: 'admin', password: adminPassword } });
  const username = `bench-list-${Date.now()}`;
  const tech = await api<{ id: string }>(baseURL, '/api/users', { method: 'POST', token, body: { username, password: 'bench-pass-1', role: 'technician' } });

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByPlaceholder('Enter your username').fill(username);
    await page.getByPlaceholder('Enter your password').fill('bench-pass-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(`Welcome, ${username}`).first().waitFor({ state: 'attached' });
    await page.waitForEvent('load', { timeout: 5000 }).catch(() => undefined);
    await page.goto('/technician');
    await page.getByLabel('Search tickets').waitFor();
    await page.getByText('Last synced', { exact: false }).first().waitFor();
    const held = await seedCache(page, count, tech.id);
    // Online, the list is the server's page; the device's cache is what a technician
    // without signal works from. The API is made unreachable before the reload, as with no signal.
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));

    const t0 = Date.now();
    await page.reload();
    await page.locator('.ticket-card').first().waitFor({ timeout: 120_000 });
    const openMs = Date.now() - t0;
    await page.getByText(`${held} tickets`, { exact: true }).first().waitFor();
    const cardsInDom = await page.locator('.ticket-card').count();
    const take = await watchLongTasks(page);

    const results = page.locator('.ticket-results');
    const timed = async (action: () => Promise<void>, expected: RegExp) => {
      await take();
      const start = Date.now();
      await action();
      await results.filter({ hasText: expected }).waitFor();
      return { ms: Date.now() - start, long: await take() };
    };
    const query = `client ${count - 124}`;
    const search = await timed(() => page.getByLabel('Search tickets').pressSequentially(query, { delay: 30 }), /^1 of \d+ tickets$/);
    await page.getByLabel('Search tickets').fill('');
    await results.filter({ hasText: /^\d+ tickets$/ }).waitFor();
    const mine = await timed(() => page.getByRole('button', { name: 'Mine' }).click(), /^\d+ of \d+ tickets$/);
    const clear = await timed(() => page.getByRole('button', { name: 'Mine' }).click(), /^\d+ tickets$/);
    await context.close();
    return { count, openMs, cardsInDom, searchMs: search.ms, searchLongTasks: search.long, mineMs: mine.ms, mineLongTasks: mine.long, clearMs: clear.ms };
  } finally {
    await browser.close();
  }
}

/** Prints a result. */
export function printTicketList(r: TicketListResult): void {
  console.log(`\n## Ticket list (${r.count} cached tickets, phone viewport)`);
  console.log(`open /technician (reload -> first card): ${r.openMs} ms; cards in the DOM: ${r.cardsInDom}`);
  console.log(`search 'client N' typed (30 ms/key) -> 1 result: ${r.searchMs} ms; long tasks: ${r.searchLongTasks.join(', ') || 'none'}`);
  console.log(`'Mine' -> result: ${r.mineMs} ms; long tasks: ${r.mineLongTasks.join(', ') || 'none'}; clear: ${r.clearMs} ms`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const { startApp } = await import('../server-process');
  const app = await startApp();
  try {
    printTicketList(await measureTicketList(app.baseURL, app.adminPassword, Number(process.env.BENCH_LIST_TICKETS ?? 10_000)));
  } finally {
    await app.stop();
  }
}
