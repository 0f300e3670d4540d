/**
 * The admin and staff screens without a server, at 390x844 (touch) and 1366x768
 * (docs/offline.md "Screens without a server"): /admin/content, /admin/file-management,
 * /admin/settings, /survey-dashboard and /downloads.
 * - The API cannot be reached (every /api request refused) and nothing was loaded before: each
 *   screen says 'No connection to the server...', shows the shared bar 'Offline', never the
 *   browser's 'Failed to fetch' (the whole page text is searched) nor a false empty state
 *   ('Documents (0)', 'No number saved yet.', 'No files uploaded yet.'...), and its write buttons
 *   are disabled with the reason 'Changes need a connection to the server.'.
 * - Loaded before, then the connection drops: the last loaded data stays with 'as of <time>', the
 *   writes disabled the same way; back online the buttons work again.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, api, browserSuite, signIn } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();
const NO_CONNECTION = 'No connection to the server. Check your connection and try again.';
const REASON = 'Changes need a connection to the server.';
/** Texts that would claim "nothing there" although the data simply could not be loaded. */
const FALSE_EMPTY = [
  'Failed to fetch',
  'Documents (0)',
  'Files (0)',
  'No number saved yet.',
  'No documents yet.',
  'No files uploaded yet.',
  'No recipients',
  'Every message was imported.',
  'No survey responses in this period.',
  'No deliveries',
];

interface Screen {
  path: string;
  heading: string;
  /** Write buttons that must be disabled with the reason. */
  writes: string[];
}
const SCREENS: Screen[] = [
  { path: '/admin/content', heading: 'Content Management', writes: ['Add Content'] },
  { path: '/admin/file-management', heading: 'File Management', writes: ['Upload'] },
  { path: '/admin/settings', heading: 'SMS and Notification Settings', writes: ['Save Number', 'Test SMS', 'Add Email'] },
  { path: '/survey-dashboard', heading: 'Survey Dashboard', writes: [] },
  { path: '/downloads', heading: 'Downloads', writes: ['Add Tool'] },
];

async function newPage(size: 'phone' | 'desktop'): Promise<{ context: BrowserContext; page: Page }> {
  const context = suite.track(
    await suite.browser.newContext({
      baseURL: inject('baseURL'),
      viewport: size === 'phone' ? PHONE : DESKTOP,
      ...(size === 'phone' ? { isMobile: true, hasTouch: true } : {}),
      serviceWorkers: 'block',
    }),
  );
  return { context, page: await context.newPage() };
}

/** No raw error, no loading that cannot end, (never loaded:) no false empty state; the writes disabled with the reason. */
async function expectHonest(page: Page, screen: Screen, neverLoaded: boolean) {
  const text = await page.locator('body').innerText();
  for (const t of neverLoaded ? FALSE_EMPTY : FALSE_EMPTY.slice(0, 1)) expect(text, `${screen.path} shows '${t}'`).not.toContain(t);
  expect(text, `${screen.path} still says it is loading`).not.toMatch(/Loading/);
  for (const name of screen.writes) {
    const button = page.getByRole('button', { name, exact: true }).first();
    expect(await button.isDisabled(), `${screen.path}: '${name}' is disabled`).toBe(true);
    expect(await button.getAttribute('title')).toBe(REASON);
  }
  if (screen.writes.length) await page.getByText(REASON).first().waitFor();
  await shot(page, `offline${screen.path.replace(/\W+/g, '-')}-${neverLoaded ? 'never-loaded' : 'loaded'}-${page.viewportSize()?.width}`);
}

const RECIPIENT = 'offline.check@example.com';

describe('screens without a server', () => {
  for (const size of ['phone', 'desktop'] as const) {
    it(`${size}: never loaded, API unreachable: honest texts, the Offline bar, writes disabled with the reason`, async () => {
      const post = (path: string, body: unknown) => api(path, { method: 'POST', token: suite.adminToken, body });
      await post('/api/content', { title: 'Router setup guide', description: 'How to set up the office router.', type: 'document', category: 'Documentation', isActive: true });
      const { context, page } = await newPage(size);
      await signIn(page, 'admin', inject('adminPassword'));
      await context.route('**/api/**', (route) => route.abort('connectionrefused'));
      for (const screen of SCREENS) {
        await page.goto(screen.path);
        await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor();
        await page.getByText(NO_CONNECTION).first().waitFor();
        await page.locator('.sync-status').getByText('Offline', { exact: true }).waitFor();
        await expectHonest(page, screen, true);
      }
    });

    it(`${size}: loaded before, then offline: the last data 'as of' its time, writes disabled until back online`, async () => {
      const { context, page } = await newPage(size);
      const errors: string[] = [];
      context.on('weberror', (e) => errors.push(e.error().message));
      await signIn(page, 'admin', inject('adminPassword'));
      const requested: string[] = [];
      page.on('request', (r) => requested.push(new URL(r.url()).pathname));
      await page.goto('/admin/content');
      await page.getByRole('tab', { name: /^Documents \([1-9]\d*\)$/ }).waitFor();
      // Ionic's gesture module (the menu's swipe) came with Ionic, before the screen showed: the phone
      // menu, mounted after the first page, finds it without the network (app/ionicGesture.ts).
      expect(requested.some((p) => /\/assets\/ionicGesture-[\w-]+\.js$/.test(p))).toBe(true);
      await context.setOffline(true);
      await page.getByText(/Showing the data as of /).waitFor();
      await page.getByText('Router setup guide').first().waitFor();
      await expectHonest(page, SCREENS[0], false);
      expect(await page.getByRole('button', { name: 'Edit Router setup guide' }).first().isDisabled()).toBe(true);

      // The settings screen, loaded online, keeps its recipients when the connection drops. (A
      // recipient, not the support number: the browser tests share one app, there is no way to
      // remove a saved number, and settings.e2e starts from 'No number saved yet.'.)
      await api('/api/settings/notification-emails', { method: 'POST', token: suite.adminToken, body: { email: RECIPIENT } });
      await context.setOffline(false);
      await page.getByRole('button', { name: 'Add Content', exact: true }).and(page.locator(':enabled')).waitFor();
      // In-app navigation (the page and its query cache stay, as when a person uses the menu).
      await page.evaluate(() => {
        history.pushState({}, '', '/admin/settings');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByText(RECIPIENT).waitFor();
      await context.setOffline(true);
      await page.getByText(/Showing the data as of /).waitFor();
      await page.getByText(RECIPIENT).waitFor();
      await expectHonest(page, SCREENS[2], false);
      await context.setOffline(false);
      await page.getByRole('button', { name: 'Save Number' }).and(page.locator(':enabled')).waitFor();
      expect(await page.getByText(REASON).count()).toBe(0);
      await api('/api/settings/notification-emails', { method: 'DELETE', token: suite.adminToken, body: { email: RECIPIENT } });
      expect(errors).toEqual([]);
    });
  }
});
