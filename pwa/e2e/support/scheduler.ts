/**
 * The scheduler e2e's fixture (scheduler.e2e.ts): its own app in-process over an in-memory PGlite
 * serving the built pwa/dist, with technicians, tickets and surveys at fixed minutes before now;
 * the browser's time zone; and readers of the screen in the API's words (tiles, KPI cards).
 * The state is exported as live bindings, set by {@link startScheduler}.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SchedulerDashboard, TechnicianKpi } from '@portal/shared';
import { satisfactionSurveys } from '../../../api/src/db/schema';
import { startTestApp, type TestApp } from '../../../api/src/test/app';
import { launchBrowser } from './browser';

export const DESKTOP = { width: 1366, height: 768 } as const;
export const PASSWORD = 'scheduler-pass-1';
const SHOTS = process.env.SCREENSHOT_DIR;

export let app: TestApp;
export let browser: Browser;
export let adminToken: string;
export const users: Record<string, { id: string; token: string }> = {};
export const tickets: Record<string, string> = {};
export let zone = 'UTC';
export const t0 = new Date();

/** A zone where the local hour now is within [6, 18), so the last four hours are "today" there. */
export function daytimeZone(now: Date): string {
  const candidates = ['UTC', 'America/New_York', 'America/Los_Angeles', 'Pacific/Auckland', 'Asia/Tokyo', 'Asia/Kolkata', 'Europe/Berlin'];
  for (const tz of candidates) {
    const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: tz, hour: 'numeric', hourCycle: 'h23' }).format(now));
    if (hour >= 6 && hour < 18) return tz;
  }
  return 'UTC';
}

export const minutesAgo = (m: number) => new Date(t0.getTime() - m * 60_000);

export async function ticket(name: string, at: number, issue = `${name}: the office printer is offline again.`): Promise<string> {
  app.clock.current = minutesAgo(at);
  const res = await app.createTicket({ clientName: `Client ${name}`, issue, severity: name.endsWith('U') ? 'urgent' : 'medium' });
  tickets[name] = res.id;
  return res.id;
}

export async function patch(name: string, at: number, who: string, body: Record<string, unknown>) {
  app.clock.current = minutesAgo(at);
  const res = await app.request('PATCH', `/api/tickets/${tickets[name]}`, { token: users[who]!.token, body });
  if (res.status !== 200) throw new Error(`patch ${name}: ${res.status} ${res.text}`);
}

export async function dashboardFromApi(token: string, range = 'today'): Promise<SchedulerDashboard> {
  const res = await app.request<SchedulerDashboard>('GET', `/api/scheduler?range=${range}&tz=${encodeURIComponent(zone)}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

export async function context(viewport: { width: number; height: number }, phone: boolean): Promise<BrowserContext> {
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

export async function signIn(page: Page, username: string): Promise<void> {
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
export async function shot(page: Page, name: string): Promise<void> {
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

export const tileValue = (page: Page, key: string) => page.locator(`[data-tile="${key}"] [data-value]`).innerText();

/** Reads a KPI card as the person sees it. */
export async function cardOnScreen(page: Page, username: string) {
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
export function cardFromApi(k: TechnicianKpi) {
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

export async function expectTilesEqualApi(page: Page, d: SchedulerDashboard): Promise<void> {
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

/** Starts the app with the fixture (users, tickets, surveys, times before now) and the browser. */
export async function startScheduler(): Promise<void> {
  zone = daytimeZone(t0);
  app = await startTestApp({ env: { PWA_DIST: path.resolve(import.meta.dirname, '../../dist'), SESSION_TTL_HOURS: '720' } });
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
}

/** Closes the browser and the app. */
export async function stopScheduler(): Promise<void> {
  await browser?.close();
  await app?.close();
}
