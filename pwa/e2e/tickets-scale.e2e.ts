/**
 * At scale, in Chromium at a phone viewport (390x844) with the real service worker: a
 * database of 20,000 tickets (bulk SQL, scripts/bench/seed.ts: a few months of a busy desk, most of
 * it closed) served by its own app process. A technician's phone syncs its working set in pages,
 * exactly what the server's working-set feed returns; the ticket screen's tab counts equal the SQL
 * counts; searching an older ticket (outside the working set) by number finds it on the server and
 * opens it; then, with no network, the screen reloads from IndexedDB, counts are marked as the
 * device's, and an update is queued, which reaches the server once the phone is back online. The JS heap after the sync and the sync time are printed
 * (figures, not assertions: performance lives in `npm run bench`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeltaPage, Ticket } from '@portal/shared';
import { openDatabase } from '../../api/src/db/client';
import { jsHeapMb, readSyncedCache } from '../../scripts/bench/firstSync';
import { seedTickets } from '../../scripts/bench/seed';
import { startApp, type AppProcess } from '../../scripts/server-process';
import { PHONE, launchBrowser, signIn } from './support/browser';

const COUNT = 20_000;
/** The PWA's working-set window (features/tickets/offline/workingSet.ts WORKING_SET_DAYS). */
const RECENT_DAYS = 30;
const TECH = { username: 'scale.tech', password: 'scale-pass-1' };

let dataDir: string;
let app: AppProcess;
let browser: Browser;
let context: BrowserContext;
let techToken: string;
/** SQL counts per status tab, read from the seeded database before the app opened it. */
let sqlCounts: Record<string, number>;
let seedSeconds: number;

async function call<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${app.baseURL}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Reads SQL counts per status straight from the seeded PGlite folder (before the app holds it). */
async function countBySql(dir: string): Promise<Record<string, number>> {
  const handle = await openDatabase({ dataDir: dir });
  try {
    const client = (handle.db as unknown as { $client: { query(text: string): Promise<{ rows: { status: string; n: number }[] }> } }).$client;
    const { rows } = await client.query('select status, count(*)::int as n from support_tickets group by status');
    const counts: Record<string, number> = { all: 0, open: 0, in_progress: 0, resolved: 0, closed: 0 };
    for (const r of rows) {
      counts[r.status] = Number(r.n);
      counts.all += Number(r.n);
    }
    return counts;
  } finally {
    await handle.close();
  }
}

/** Ids the server's working-set feed returns (what the phone must hold), paged like the PWA. */
async function workingSetIds(): Promise<Set<string>> {
  const ids = new Set<string>();
  let since = '0';
  for (;;) {
    const page = await call<DeltaPage<Ticket>>(`/api/tickets?since=${since}&limit=1000&recentDays=${RECENT_DAYS}`, { token: techToken });
    for (const t of page.items) ids.add(t.id);
    since = page.cursor;
    if (!page.more) return ids;
  }
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name} \\(`) });
const tabCount = async (page: Page, name: string) => Number(/\((\d+)\)/.exec((await tab(page, name).textContent()) ?? '')?.[1]);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-scale-'));
  seedSeconds = await seedTickets({ dataDir }, COUNT);
  sqlCounts = await countBySql(dataDir);
  app = await startApp({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, 120_000);
  const admin = await call<{ token: string }>('/api/auth/login', { method: 'POST', body: { username: 'admin', password: app.adminPassword } });
  await call('/api/users', { method: 'POST', token: admin.token, body: { ...TECH, role: 'technician' } });
  techToken = (await call<{ token: string }>('/api/auth/login', { method: 'POST', body: TECH })).token;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe(`a technician's phone with ${COUNT} tickets on the server`, () => {
  it('syncs the working set in pages, shows the SQL counts, opens an older ticket online and works offline', async () => {
    expect(sqlCounts.all).toBe(COUNT);
    context = await browser.newContext({ baseURL: app.baseURL, viewport: PHONE, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('crash', () => pageErrors.push('page crashed'));

    // First sync: delta pages until the feed says no more.
    await signIn(page, TECH.username, TECH.password);
    const started = Date.now();
    await page.goto('/technician');
    await expect.poll(async () => (await readSyncedCache(page)).lastSync, { timeout: 120_000, interval: 500 }).not.toBeNull();
    const syncSeconds = (Date.now() - started) / 1000;
    const cached = new Set((await readSyncedCache(page)).ids);
    const expected = await workingSetIds();
    expect(cached.size).toBe(expected.size);
    expect([...expected].filter((id) => !cached.has(id))).toEqual([]);
    expect(cached.size).toBeLessThan(COUNT); // bounded: not the whole table
    const heapAfterSync = await jsHeapMb(context, page);

    // Online counts are the server's SQL counts, for the whole table.
    for (const [name, key] of [['All', 'all'], ['Open', 'open'], ['In Progress', 'in_progress'], ['Resolved', 'resolved'], ['Closed', 'closed']] as const) {
      await expect.poll(() => tabCount(page, name), { timeout: 30_000 }).toBe(sqlCounts[key]);
    }
    await page.getByText(`${COUNT} tickets`, { exact: true }).waitFor();
    expect(await page.getByText('Counts from this device').count()).toBe(0);

    // An older ticket, outside the working set, found on the server by its number and opened.
    const oldNumber = 'TKT-000001';
    const old = await call<Ticket>(`/api/tickets/${oldNumber}`, { token: techToken });
    expect(cached.has(old.id)).toBe(false);
    await page.getByLabel('Search tickets').fill(oldNumber);
    await page.getByRole('button', { name: oldNumber, exact: true }).click();
    const form = page.getByRole('form', { name: `Update ticket ${oldNumber}` });
    await form.waitFor({ timeout: 30_000 });
    await page.getByRole('dialog').getByText('Ticket Created').waitFor({ timeout: 30_000 }); // its history came too
    await expect.poll(async () => (await readSyncedCache(page)).ids.includes(old.id)).toBe(true); // kept as opened
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel('Search tickets').fill('');

    // Offline: reload from IndexedDB; counts from the device, marked; an update is queued.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await context.setOffline(true);
    await page.reload();
    await page.getByText('Offline', { exact: true }).first().waitFor({ timeout: 30_000 });
    await page.getByText('Counts from this device').waitFor({ timeout: 30_000 });
    await expect.poll(() => tabCount(page, 'All'), { timeout: 30_000 }).toBe(cached.size + 1); // + the opened one
    await page.getByLabel('Search tickets').fill(oldNumber);
    await page.getByRole('button', { name: oldNumber, exact: true }).click();
    await form.getByLabel('Update Comment').fill('Looked at it again offline');
    await form.getByRole('button', { name: 'Update Ticket' }).click();
    await page.getByText('1 update waiting to sync').first().waitFor({ timeout: 30_000 });
    const heapOffline = await jsHeapMb(context, page);

    // Back online, the update reaches the server.
    await context.setOffline(false);
    await page.getByText('All updates synced').first().waitFor({ timeout: 45_000 });
    const history = await call<{ comment: string | null }[]>(`/api/ticket-updates?ticketId=${old.id}`, { token: techToken });
    expect(history.filter((h) => h.comment === 'Looked at it again offline')).toHaveLength(1);

    expect(pageErrors).toEqual([]);
    console.log(
      `[tickets-scale] ${COUNT} tickets seeded in ${seedSeconds.toFixed(1)} s; phone working set ${cached.size} tickets ` +
        `synced in ${syncSeconds.toFixed(1)} s; JS heap ${heapAfterSync} MB after the sync, ${heapOffline} MB offline after a reload`,
    );
  }, 240_000);
});
