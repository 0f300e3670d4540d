/**
 * A first month of real use (issue 56), /admin/settings without a server, at 390x844 and 1366x768
 * (item 4): the screen never says 'Showing the data as of ...' above sections it could not load.
 * - Reached from another screen (whose data Ionic keeps mounted) while the API cannot be reached:
 *   no 'as of', and every section says the same 'Not loaded yet: ...'.
 * - Loaded, then offline: every section keeps its data with 'Showing the data as of ...'.
 * - Loaded with one section failing, then offline: the notice says only the loaded parts are shown,
 *   and that section says 'Not loaded yet: ...'.
 * Set SCREENSHOT_DIR to also save the screens light and dark.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { SIZES, api, browserSuite, signIn } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();
const NO_CONNECTION = 'No connection to the server. Check your connection and try again.';
const NOT_LOADED = 'Not loaded yet: this part loads when the server answers.';
/** The sections' headings (each section either shows its data or says NOT_LOADED). */
const SECTIONS = ['Notification Recipients', 'Support SMS Number', 'SLA Policy', 'Inbound Mail', 'Recent Deliveries', 'Two-Factor Authentication', 'Backups'];

/** In-app navigation: the page and its query cache stay, as when a person uses the menu. */
const goInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);

async function signedIn(size: (typeof SIZES)[number]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.newContext(size);
  const page = await context.newPage();
  await signIn(page, 'admin', inject('adminPassword'));
  return { context, page };
}

const settingsText = (page: Page) => page.locator('.settings-page').innerText();
const section = (page: Page, heading: string) => page.locator('section', { has: page.getByRole('heading', { name: heading, exact: true, level: 2 }) });

describe.each(SIZES)('offline /admin/settings at %s size (item 4)', (size) => {
  it('reached from the ticket screen without a server: no "as of", every section says the same thing', async () => {
    const ticket = await api<{ ticketNumber: string }>('/api/tickets', {
      method: 'POST',
      body: { clientName: 'Sam Offline', customerEmail: 'sam@example.com', customerPhone: '555-0102', severity: 'low', contactMethod: 'email', issue: 'The printer on the second floor jams.' },
    });
    const { context, page } = await signedIn(size);
    await page.goto('/technician');
    await page.getByText('Support Ticket Management').first().waitFor();
    await page.getByText(ticket.ticketNumber).first().waitFor();
    await context.route('**/api/**', (route) => route.abort('connectionrefused'));
    await goInApp(page, '/admin/settings');
    await page.getByRole('heading', { name: 'SMS and Notification Settings', level: 1 }).waitFor();
    await page.getByText(NO_CONNECTION).first().waitFor();
    await expect.poll(() => page.getByText(NOT_LOADED).count()).toBeGreaterThanOrEqual(SECTIONS.length);
    const text = await settingsText(page);
    expect(text).not.toContain('Showing the data');
    expect(text).not.toContain('could not be loaded');
    expect(text).not.toMatch(/Loading/);
    for (const heading of SECTIONS) await section(page, heading).getByText(NOT_LOADED).first().waitFor();
    await shot(page, `first-month-settings-never-loaded-${size}`);
  });

  it('loaded, then offline: every section keeps its data "as of" its time', async () => {
    const { context, page } = await signedIn(size);
    await page.goto('/admin/settings');
    await page.getByText(/^Every message was imported\.|^No mailbox is configured/).first().waitFor();
    await page.getByRole('button', { name: 'Save SLA Policy' }).waitFor();
    await page.getByRole('radio', { name: /^Admins and technicians/ }).waitFor();
    await context.setOffline(true);
    await page.getByText(/Showing the data as of /).waitFor();
    const text = await settingsText(page);
    expect(text).not.toContain(NOT_LOADED);
    expect(text).not.toContain('could not be loaded');
    expect(text).not.toContain('loaded as of');
    await shot(page, `first-month-settings-loaded-offline-${size}`);
    await context.setOffline(false);
  });

  it('one section failed, then offline: the notice says only the loaded parts are shown', async () => {
    const { context, page } = await signedIn(size);
    await context.route('**/api/settings/inbound-mail**', (route) => route.abort('connectionrefused'));
    await page.goto('/admin/settings');
    await page.getByRole('button', { name: 'Save SLA Policy' }).waitFor();
    await page.getByText(/Showing the data loaded as of .*; the parts marked "Not loaded yet" load when the server answers\./).waitFor();
    await section(page, 'Inbound Mail').getByText(NOT_LOADED).first().waitFor();
    await section(page, 'SLA Policy').getByRole('button', { name: 'Save SLA Policy' }).waitFor();
    expect(await settingsText(page)).not.toContain('could not be loaded');
  });
});
