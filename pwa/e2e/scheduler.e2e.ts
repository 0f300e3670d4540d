/**
 * Scheduler and KPI dashboard in Chromium, phone (390x844) and desktop (1366x768).
 *
 * This file runs its own app in-process (support/scheduler.ts: the API test harness, the very same
 * createApp serving the built pwa/dist, over an in-memory PGlite), because it needs survey rows and the survey flow is
 * another feature; the server clock is pinned so the fixture's times are exact. The browser's time
 * zone is one where it is between 06:00 and 18:00 now, so the fixture's last hours are "today".
 *
 * Checked: every tile and KPI figure on screen equals GET /api/scheduler for the same range and
 * zone; lists behind counts; the technician detail shows work history and feedback stars; the CSV
 * export; the viewer's own card first; swipeable kanban columns on the phone. With
 * SCREENSHOT_DIR=<folder> it saves the screens (light and dark) there.
 */
import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TechnicianDetail } from '@portal/shared';
import { PHONE, dumpIndexedDb, waitForServiceWorker } from './support/browser';
import {
  DESKTOP,
  adminToken,
  app,
  browser,
  cardFromApi,
  cardOnScreen,
  context,
  dashboardFromApi,
  expectTilesEqualApi,
  shot,
  signIn,
  startScheduler,
  stopScheduler,
  tickets,
  tileValue,
  users,
  zone,
} from './support/scheduler';

beforeAll(startScheduler, 120_000);
afterAll(stopScheduler);

describe('scheduler on a desktop (1366x768), as an admin', () => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await context(DESKTOP, false);
    page = await ctx.newPage();
    await signIn(page, 'dana.admin');
  });
  afterAll(() => ctx?.close());

  it('shows the API figures: tiles, every KPI card, board columns and timeline', async () => {
    const api = await dashboardFromApi(adminToken);
    expect(api.summary.total).toBe(8);
    await page.goto('/scheduler?range=today');
    await page.getByRole('heading', { name: 'Scheduler and KPI Dashboard' }).waitFor();
    await page.locator('[data-tile="total"]').waitFor();
    await expectTilesEqualApi(page, api);
    expect(await page.getByRole('radio', { name: 'Today' }).isChecked()).toBe(true);
    for (const k of api.technicians) expect(await cardOnScreen(page, k.username), k.username).toEqual(cardFromApi(k));
    // Satisfaction from the survey table: alice 4 x 20 = 80 %, bob 2 x 20 = 40 %.
    expect(cardFromApi(api.technicians.find((k) => k.username === 'alice')!).satisfaction).toBe('80% (1 survey)');
    await page.getByRole('figure', { name: /Workload per technician/ }).locator('canvas').waitFor();
    await shot(page, 'desktop-kpi');

    await page.getByRole('tab', { name: 'Kanban Board' }).click();
    for (const c of api.kanban) {
      const column = page.locator(`[data-column="${c.status}"]`);
      expect(Number(await column.locator('[data-count]').innerText()), c.status).toBe(c.count);
      expect(await column.locator('[data-ticket]').count()).toBe(c.tickets.length);
    }
    const columns = await page.locator('[data-column]').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(columns).size).toBe(1); // four columns side by side
    await shot(page, 'desktop-kanban');

    await page.getByRole('tab', { name: 'Calendar View' }).click();
    await page.getByRole('heading', { name: 'Ticket Timeline' }).waitFor();
    expect(await page.locator('.sched-timeline [data-ticket]').count()).toBe(api.timeline.length);
    const a3 = api.timeline.find((t) => t.id === tickets.A3U)!;
    expect(a3.issue.length).toBe(101); // 100 characters and an ellipsis
    await page.getByText(a3.issue).waitFor();
    await page.getByRole('figure', { name: /created vs resolved/ }).locator('canvas').waitFor();
    await shot(page, 'desktop-calendar');
  });

  it('opens the tickets behind a tile and a KPI count', async () => {
    await page.goto('/scheduler?range=today');
    await page.locator('[data-tile="unassigned"]').click();
    const sheet = page.getByRole('dialog', { name: 'Unassigned tickets - Today' });
    await sheet.getByText('1 ticket', { exact: true }).waitFor();
    await sheet.getByText('Client U1').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-technician="alice"] [data-count="open"]').click();
    const aliceOpen = page.getByRole('dialog', { name: 'Open tickets - alice - Today' });
    await aliceOpen.getByText('2 tickets', { exact: true }).waitFor();
    await aliceOpen.getByText('Client A5').waitFor();
    await aliceOpen.getByText('Client A1').waitFor();
    await page.keyboard.press('Escape');
  });

  it('shows the technician detail with work history and customer feedback', async () => {
    const res = await app.request<TechnicianDetail>('GET', `/api/scheduler/technicians/${users.alice!.id}?range=today&tz=${encodeURIComponent(zone)}`, {
      token: adminToken,
    });
    await page.goto('/scheduler?range=today');
    await page.getByRole('button', { name: 'View Details of alice' }).click();
    await page.getByRole('heading', { name: 'alice - Performance Dashboard' }).waitFor();
    expect(await page.locator('.sched-detail [data-tile="total"] .sched-tile-value').innerText()).toBe(String(res.body.kpi.total));
    expect(await page.locator('.sched-detail [data-tile="satisfaction"] .sched-tile-value').innerText()).toBe('80%');
    const list = page.getByRole('region', { name: 'Assigned Tickets' });
    expect(await list.locator('[data-ticket]').count()).toBe(5);
    const a3 = list.locator('[data-ticket]').filter({ hasText: 'Client A3U' });
    await a3.getByRole('heading', { name: 'Work History' }).waitFor();
    await a3.getByText('Changed from In Progress to Resolved').waitFor();
    await a3.getByText('Changed from Unassigned to alice').waitFor();
    await a3.getByText('Replaced the router power supply').first().waitFor();
    await a3.getByRole('img', { name: '4 out of 5 stars' }).waitFor(); // technician rating of its survey
    const feedback = page.getByRole('region', { name: 'Customer Feedback' });
    await feedback.getByText('Great help, fixed within the hour').waitFor();
    for (const row of ['Overall', 'Technician', 'Response Time', 'Resolution']) await feedback.getByText(row, { exact: true }).waitFor();
    await feedback.getByRole('img', { name: '3 out of 5 stars' }).waitFor(); // response time
    await shot(page, 'desktop-detail');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('tab', { name: 'KPI Metrics' }).waitFor();
  });

  it('exports the KPI table as CSV', async () => {
    await page.goto('/scheduler?range=today');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^kpi-today-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Technician,Role,Total Tickets,Open,In Progress,Resolved,Closed,Resolution Rate (%),Avg Resolution (hours),Satisfaction (%),Surveys,Active Tickets,Workload,Avg First Response (minutes)',
    );
    const api = (await dashboardFromApi(adminToken)).technicians.find((k) => k.username === 'alice')!;
    expect(lines.find((l) => l.startsWith('alice,'))).toBe(
      `alice,technician,5,2,1,1,1,40,${api.avgResolutionHours},80,1,3,Light,${api.avgFirstResponseMinutes}`,
    );
  });
});

describe('scheduler on a phone (390x844), as a technician', () => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await context(PHONE, true);
    page = await ctx.newPage();
    await signIn(page, 'bob');
  });
  afterAll(() => ctx?.close());

  it('puts the viewer first, shows the API figures in one column and swipes kanban columns', async () => {
    const api = await dashboardFromApi(users.bob!.token, 'week');
    await page.goto('/scheduler');
    await page.locator('[data-tile="total"]').waitFor();
    expect(await page.getByRole('radio', { name: 'This Week' }).isChecked()).toBe(true);
    await expectTilesEqualApi(page, api);
    const order = await page.locator('[data-technician]').evaluateAll((els) => els.map((e) => e.getAttribute('data-technician')));
    expect(order[0]).toBe('bob');
    for (const k of api.technicians) expect(await cardOnScreen(page, k.username), k.username).toEqual(cardFromApi(k));
    const widths = await page.locator('[data-technician]').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
    expect(new Set(widths).size).toBe(1); // one column
    await shot(page, 'phone-kpi');

    await page.getByRole('tab', { name: 'Kanban Board' }).click();
    const board = page.locator('.kanban');
    const { scrollWidth, clientWidth } = await board.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth).toBeGreaterThan(clientWidth * 2); // columns side by side, one screen wide each
    await board.evaluate((el) => el.scrollBy({ left: el.clientWidth, behavior: 'instant' }));
    await page.getByRole('heading', { name: 'In Progress' }).waitFor();
    await shot(page, 'phone-kanban');

    await page.getByRole('tab', { name: 'Calendar View' }).click();
    await page.getByRole('heading', { name: 'Ticket Timeline' }).waitFor();
    expect(await page.locator('.sched-timeline [data-ticket]').count()).toBe(api.timeline.length);
    await shot(page, 'phone-calendar');

    await page.getByRole('tab', { name: 'KPI Metrics' }).click();
    await page.getByRole('button', { name: 'View Details of alice' }).click();
    await page.getByRole('heading', { name: 'alice - Performance Dashboard' }).waitFor();
    await page.getByRole('region', { name: 'Customer Feedback' }).getByText('Great help, fixed within the hour').waitFor();
    await shot(page, 'phone-detail');
  });
});

/** Waits until the page is controlled by the activated service worker (offline reloads need it). */
describe('scheduler offline on a phone', () => {
  let ctx: BrowserContext;
  afterAll(() => ctx?.close());

  it('shows the saved board "as of" offline, queues a kanban move, syncs it once into the work history', async () => {
    ctx = await browser.newContext({ baseURL: app.url, viewport: PHONE, isMobile: true, hasTouch: true, timezoneId: zone, serviceWorkers: 'allow' });
    const page = await ctx.newPage();
    await signIn(page, 'alice');
    await page.goto('/scheduler?range=today&tab=kanban');
    await waitForServiceWorker(page);
    await page.locator('[data-column="open"] [data-ticket]').first().waitFor();
    await page.getByText(/^Updated /).waitFor();
    // Saved on the device, and still there once the offline engine owns the database (on a first
    // visit it starts after the first screen, and its first change of owner clears the database:
    // a board saved before that was lost).
    const owned = `{"key":"owner","value":"${users.alice!.id}"}`;
    await expect
      .poll(async () => {
        const stored = await dumpIndexedDb(page);
        return stored.includes(owned) && stored.includes('"collection":"scheduler"');
      }, { timeout: 15_000 })
      .toBe(true);
    const before = await dashboardFromApi(users.alice!.token);
    const openCount = before.kanban.find((c) => c.status === 'open')!.count;
    const a5 = before.kanban.flatMap((c) => c.tickets).find((t) => t.id === tickets.A5)!;

    // No network at all: the page comes from the service worker, the board from IndexedDB.
    await ctx.setOffline(true);
    await page.reload();
    await page.getByText(/^Offline: as of /).waitFor();
    const open = page.locator('[data-column="open"]');
    expect(Number(await open.locator('[data-count]').innerText())).toBe(openCount);

    // The 'Move to' menu (keyboard / touch / screen reader) moves the card at once, marked Pending.
    await page.getByLabel(`Move ${a5.ticketNumber} to`).selectOption({ label: 'In Progress' });
    const moved = page.locator(`[data-column="in_progress"] [data-ticket="${a5.ticketNumber}"]`);
    await moved.getByText('Pending', { exact: true }).waitFor();
    expect(Number(await open.locator('[data-count]').innerText())).toBe(openCount - 1);
    expect(await open.locator(`[data-ticket="${a5.ticketNumber}"]`).count()).toBe(0);
    expect(Number(await tileValue(page, 'in_progress'))).toBe(before.summary.byStatus.in_progress + 1);
    await page.getByText('1 update waiting to sync').waitFor();
    await moved.scrollIntoViewIfNeeded();
    await shot(page, 'phone-kanban-offline');
    const server = await app.request('GET', `/api/ticket-updates?ticketId=${a5.id}`, { token: adminToken });
    expect(server.body.filter((h: { updateType: string }) => h.updateType === 'status_change')).toEqual([]); // nothing sent yet

    // Back online: the outbox drains by itself, once.
    await ctx.setOffline(false);
    await page.getByText('All updates synced').waitFor();
    await moved.waitFor();
    await page.getByText(/^Updated /).waitFor();
    expect(await moved.getByText('Pending', { exact: true }).count()).toBe(0);
    const history = (await app.request('GET', `/api/ticket-updates?ticketId=${a5.id}`, { token: adminToken })).body as {
      updateType: string;
      previousValue: string | null;
      newValue: string | null;
      updatedByName: string | null;
    }[];
    expect(history.filter((h) => h.updateType === 'status_change').map((h) => [h.previousValue, h.newValue, h.updatedByName])).toEqual([
      ['open', 'in_progress', 'alice'],
    ]);
    const after = await dashboardFromApi(users.alice!.token);
    expect(after.kanban.find((c) => c.status === 'in_progress')!.tickets.map((t) => t.id)).toContain(a5.id);

    // ... and the move is in the ticket's Work History on the technician detail.
    await page.goto('/scheduler?range=today');
    await page.getByRole('button', { name: 'View Details of alice' }).click();
    const card = page.getByRole('region', { name: 'Assigned Tickets' }).locator(`[data-ticket="${a5.ticketNumber}"]`);
    await card.getByText('Changed from Open to In Progress').waitFor();
    await shot(page, 'phone-detail-after-move');
  }, 120_000);
});
