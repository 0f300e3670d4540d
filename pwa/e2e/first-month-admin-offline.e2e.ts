/**
 * A first month of real use (issue 56 item 4), the other server-backed screens without a server, at
 * 390x844 and 1366x768: /admin/content, /admin/file-management, /downloads, /survey-dashboard and
 * /admin/replies. Each screen's "Showing the data as of ..." counts only its own parts' data, never
 * that of a page Ionic keeps mounted behind it (the ticket screen), and every part it could not load
 * says the same 'Not loaded yet: ...'.
 * - Reached from the ticket screen while the API cannot be reached: no 'as of', no 'could not be
 *   loaded', and each part without data says 'Not loaded yet: ...'.
 * - Loaded, then offline: the screen keeps its data 'as of' its time, and no part says 'Not loaded yet'.
 * (/admin/settings: first-month-settings.e2e.ts.) Set SCREENSHOT_DIR to also save the screens light and dark.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { SIZES, api, browserSuite, signIn } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();
const NO_CONNECTION = 'No connection to the server. Check your connection and try again.';
const NOT_LOADED = 'Not loaded yet: this part loads when the server answers.';

/** Each screen: its path, its h1, the API answer that loads it, and how many parts say NOT_LOADED when never loaded. */
const SCREENS = [
  { name: 'content', path: '/admin/content', title: 'Content Management', loads: '/api/content', notLoaded: 1 },
  { name: 'files', path: '/admin/file-management', title: 'File Management', loads: '/api/admin/files', notLoaded: 1 },
  // The built-in tools need no server: nothing on /downloads is "not loaded".
  { name: 'downloads', path: '/downloads', title: 'Downloads', loads: '/api/content', notLoaded: 0 },
  // The tiles and the Overview tab.
  { name: 'surveys', path: '/survey-dashboard', title: 'Survey Dashboard', loads: '/api/surveys/stats', notLoaded: 2 },
  { name: 'replies', path: '/admin/replies', title: 'Replies & Macros', loads: '/api/canned-replies', notLoaded: 1 },
] as const;

/** In-app navigation: the page and its query cache stay, as when a person uses the menu. */
const goInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

/** The screen's own page (Ionic keeps earlier pages in the DOM). */
const screen = (page: Page, title: string) => page.locator('.page', { has: page.getByRole('heading', { name: title, exact: true, level: 1 }) });

describe.each(SIZES)('offline admin screens at %s size (item 4)', (size) => {
  it.each(SCREENS)('$path reached from the ticket screen without a server: no "as of", unloaded parts say "Not loaded yet"', async (s) => {
    const ticket = await api<{ ticketNumber: string }>('/api/tickets', {
      method: 'POST',
      body: { clientName: 'Ola Offline', customerEmail: 'ola@example.com', customerPhone: '555-0103', severity: 'low', contactMethod: 'email', issue: 'The scanner in reception is offline.' },
    });
    const context = await suite.newContext(size);
    const page = await context.newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/technician');
    await page.getByText(ticket.ticketNumber).first().waitFor();
    await context.route('**/api/**', (route) => route.abort('connectionrefused'));
    await goInApp(page, s.path);
    const own = screen(page, s.title);
    await own.waitFor();
    await own.getByText(NO_CONNECTION).first().waitFor();
    // The shared bar agrees once the engine's pass fails (no 'Online' beside 'No connection').
    await own.getByRole('region', { name: 'Offline sync' }).getByText('Offline', { exact: true }).waitFor();
    if (s.notLoaded > 0) await expect.poll(() => own.getByText(NOT_LOADED).count()).toBe(s.notLoaded);
    const text = await own.innerText();
    expect(text).not.toContain('Showing the data');
    expect(text).not.toContain('could not be loaded');
    if (s.notLoaded === 0) expect(text).not.toContain(NOT_LOADED);
    await shot(page, `first-month-${s.name}-never-loaded-${size}`);
  });

  it.each(SCREENS)('$path loaded, then offline: its data "as of" its time, nothing "Not loaded yet"', async (s) => {
    const context = await suite.newContext(size);
    const page = await context.newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === s.loads && r.ok());
    await page.goto(s.path);
    await loaded;
    const own = screen(page, s.title);
    await own.waitFor();
    await context.setOffline(true);
    await own.getByText(/Showing the data as of /).waitFor();
    const text = await own.innerText();
    expect(text).not.toContain(NOT_LOADED);
    expect(text).not.toContain('loaded as of');
    expect(text).not.toContain('could not be loaded');
    await shot(page, `first-month-${s.name}-loaded-offline-${size}`);
    await context.setOffline(false);
  });
});
