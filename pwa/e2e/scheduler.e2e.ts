/**
 * Scheduler and KPI dashboard in Chromium, phone (390x844) and desktop (1366x768).
 *
 * This file runs its own app in-process (the API test harness: the very same createApp serving the
 * built pwa/dist, over an in-memory PGlite), because it needs survey rows and the survey flow is
 * another feature; the server clock is pinned so the fixture's times are exact. The browser's time
 * zone is one where it is between 06:00 and 18:00 now, so the fixture's last hours are "today".
 *
 * Checked: every tile and KPI figure on screen equals GET /api/scheduler for the same range and
 * zone; lists behind counts; the technician detail shows work history and feedback stars; the CSV
 * export; the viewer's own card first; swipeable kanban columns on the phone. With
 * SCREENSHOT_DIR=<folder> it saves the screens (light and dark) there.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchedulerDashboard, TechnicianDetail, TechnicianKpi } from '@portal/shared';
import { satisfactionSurveys } from '../../api/src/db/schema';
import { startTestApp, type TestApp } from '../../api/src/test/app';
import { PHONE, launchBrowser, waitForServiceWorker } from './support/browser';

const DESKTOP = { width: 1366, height: 768 } as const;
const PASSWORD = 'scheduler-pass-1';
const SHOTS = process.env.SCREENSHOT_DIR;

let app: TestApp;
let browser: Browser;
let adminToken: string;
const users: Record<string, { id: string; token: string }> = {};
const tickets: Record<string, string> = {};
let zone = 'UTC';
const t0 = new Date();

/** A zone where the local hour now is within [6, 18), so the last four hours are "today" there. */
function daytimeZone(now: Date): string {
  const candidates = ['UTC', 'America/New_York', 'America/Los_Angeles', 'Pacific/Auckland', 'Asia/Tokyo', 'Asia/Kolkata', 'Europe/Berlin'];
  for (const tz of candidates) {
    const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: tz, hour: 'numeric', hourCycle: 'h23' }).format(now));
    if (hour >= 6 && hour < 18) return tz;
  }
  return 'UTC';
}

const minutesAgo = (m: number) => new Date(t0.getTime() - m * 60_000);

async function ticket(name: string, at: number, issue = `${name}: the office printer is offline again.`): Promise<string> {
  app.clock.current = minutesAgo(at);
  const res = await app.createTicket({ clientName: `Client ${name}`, issue, severity: name.endsWith('U') ? 'urgent' : 'medium' });
  tickets[name] = res.id;
  return res.id;
}

async function patch(name: string, at: number, who: string, body: Record<string, unknown>) {
  app.clock.current = minutesAgo(at);
  const res = await app.request('PATCH', `/api/tickets/${tickets[name]}`, { token: users[who]!.token, body });
  if (res.status !== 200) throw new Error(`patch ${name}: ${res.status} ${res.text}`);
}

async function dashboardFromApi(token: string, range = 'today'): Promise<SchedulerDashboard> {
  const res = await app.request<SchedulerDashboard>('GET', `/api/scheduler?range=${range}&tz=${encodeURIComponent(zone)}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

async function context(viewport: { width: number; height: number }, phone: boolean): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: app.url,
    viewport,
    isMobile: phone,
    hasTouch: phone,
    timezoneId: zone,
    serviceWorkers: 'block',
    acceptDownloads: true,
  });
}

async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('Enter your username').fill(username);
  await page.getByPlaceholder('Enter your password').fill(PASSWORD);
  const reloaded = page.waitForEvent('load'); // SPEC.md 4: the page reloads 500 ms after login
  await page.getByRole('button', { name: 'Sign In' }).click();
  await reloaded;
  await page.getByText(`Welcome, ${username}`).first().waitFor({ state: 'attached' });
}

/**
 * With SCREENSHOT_DIR set: the viewport as a person sees it, and the whole page (Ionic scrolls
 * inside ion-content, so the window is stretched to the content's height), in light and dark.
 */
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const viewport = page.viewportSize()!;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${scheme}.png`) });
    const height = await page.evaluate(async () => {
      const content = document.querySelector('#main-content') as (HTMLElement & { getScrollElement(): Promise<HTMLElement> }) | null;
      const scroller = content ? await content.getScrollElement() : document.documentElement;
      return scroller.scrollHeight + 120;
    });
    await page.setViewportSize({ width: viewport.width, height: Math.min(height, 6000) });
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${scheme}-full.png`) });
    await page.setViewportSize(viewport);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const tileValue = (page: Page, key: string) => page.locator(`[data-tile="${key}"] [data-value]`).innerText();

/** Reads a KPI card as the person sees it. */
async function cardOnScreen(page: Page, username: string) {
  const card = page.locator(`[data-technician="${username}"]`);
  const count = async (k: string) => Number(await card.locator(`[data-count="${k}"]`).innerText());
  return {
    total: await count('total'),
    byStatus: { open: await count('open'), in_progress: await count('in_progress'), resolved: await count('resolved'), closed: await count('closed') },
    avgResolution: await card.locator('[data-figure="avgResolution"]').innerText(),
    resolutionRate: await card.locator('[data-figure="resolutionRate"]').innerText(),
    satisfaction: await card.locator('[data-figure="satisfaction"]').innerText(),
    firstResponse: await card.locator('[data-figure="firstResponse"]').innerText(),
    workload: await card.locator('[data-workload]').getAttribute('data-workload'),
  };
}

/** The same card from the API answer, in the screen's words. */
function cardFromApi(k: TechnicianKpi) {
  return {
    total: k.total,
    byStatus: k.byStatus,
    avgResolution: k.avgResolutionHours === null ? 'N/A' : `${k.avgResolutionHours} hours`,
    resolutionRate: `${k.resolutionRate}%`,
    satisfaction: `${k.satisfactionPercent === null ? 'N/A' : `${k.satisfactionPercent}%`} (${k.surveyCount} ${k.surveyCount === 1 ? 'survey' : 'surveys'})`,
    firstResponse: k.avgFirstResponseMinutes === null ? 'N/A' : `${k.avgFirstResponseMinutes} min`,
    workload: k.workload,
  };
}

async function expectTilesEqualApi(page: Page, d: SchedulerDashboard): Promise<void> {
  const s = d.summary;
  const expected: Record<string, number> = {
    total: s.total,
    open: s.byStatus.open,
    in_progress: s.byStatus.in_progress,
    resolved: s.byStatus.resolved,
    closed: s.byStatus.closed,
    assigned: s.assigned,
    unassigned: s.unassigned,
  };
  for (const [key, value] of Object.entries(expected)) expect(Number(await tileValue(page, key)), key).toBe(value);
}

beforeAll(async () => {
  zone = daytimeZone(t0);
  app = await startTestApp({ env: { PWA_DIST: path.resolve(import.meta.dirname, '../dist'), SESSION_TTL_HOURS: '720' } });
  app.clock.current = minutesAgo(300);
  for (const name of ['dana.admin', 'alice', 'bob']) {
    const u = await app.createUser(name === 'dana.admin' ? 'admin' : 'technician', { username: name, password: PASSWORD });
    const login = await app.request('POST', '/api/auth/login', { body: { username: name, password: PASSWORD } });
    users[name] = { id: u.id, token: login.body.token };
  }
  adminToken = users['dana.admin']!.token;
  users.admin = users['dana.admin']!;

  await ticket('A1', 240);
  await patch('A1', 230, 'alice', { assignedTo: users.alice!.id });
  await ticket('A2', 200);
  await patch('A2', 190, 'alice', { assignedTo: users.alice!.id, status: 'in_progress', comment: 'On my way to the client' });
  await ticket('A3U', 180, 'A3U: the whole office lost internet access this morning and the router shows a red light on every port. '.repeat(2));
  await patch('A3U', 175, 'alice', { assignedTo: users.alice!.id });
  await patch('A3U', 160, 'alice', { status: 'in_progress' });
  await patch('A3U', 100, 'alice', { status: 'resolved', resolution: 'Replaced the router power supply' });
  await ticket('A4', 150);
  await patch('A4', 140, 'admin', { assignedTo: users.alice!.id });
  await patch('A4', 80, 'alice', { status: 'closed' });
  await ticket('A5', 120);
  await patch('A5', 115, 'alice', { assignedTo: users.alice!.id });
  await ticket('B1', 110);
  await patch('B1', 100, 'bob', { assignedTo: users.bob!.id });
  await ticket('B2', 90);
  await patch('B2', 85, 'bob', { assignedTo: users.bob!.id, status: 'resolved' });
  await ticket('U1', 60);

  const survey = (name: string, technician: string, r: [number, number, number, number], comments: string) =>
    app.db.insert(satisfactionSurveys).values({
      ticketId: tickets[name]!,
      ticketNumber: `survey-${name}`,
      customerName: `Client ${name}`,
      assignedTechnicianId: users[technician]!.id,
      overallRating: r[0],
      technicianRating: r[1],
      responseTimeRating: r[2],
      resolutionRating: r[3],
      comments,
      createdAt: minutesAgo(30),
    });
  await survey('A3U', 'alice', [5, 4, 3, 5], 'Great help, fixed within the hour');
  await survey('B2', 'bob', [2, 2, 1, 3], 'Took a while');
  app.clock.current = t0;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

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
