/**
 * Flow 4 and 5 of the foundation issue: route guards, the 404 page and the theme switcher, at a
 * phone viewport.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import { api, apiLogin, launchBrowser, phoneContext, signIn } from './support/browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const { token } = await apiLogin('admin', inject('adminPassword'));
  await api('/api/users', { method: 'POST', token, body: { username: 'plainuser', password: 'plain-pass-1', role: 'user' } });
});
afterAll(async () => browser?.close());
beforeEach(async () => {
  context = await phoneContext(browser);
  page = await context.newPage();
});
afterEach(async () => context?.close());

describe('route guards', () => {
  it.each(['/technician', '/downloads', '/admin', '/change-password'])(
    'a visitor opening %s gets Access Denied and lands on /login',
    async (path) => {
      await page.goto(path);
      await page.getByText('Access Denied').first().waitFor();
      await page.getByText('You must be logged in to access this page.').first().waitFor();
      await page.waitForURL('**/login');
      await page.getByText('Admin Login').first().waitFor();
    },
  );

  it('a logged-in user with the wrong role is sent to /', async () => {
    await signIn(page, 'plainuser', 'plain-pass-1');
    await page.goto('/technician');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/admin/settings');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByText('Support Ticket Management').count()).toBe(0);
  });

  it('unknown paths show Page Not Found', async () => {
    await page.goto('/no/such/page');
    await page.getByText('Page Not Found').first().waitFor();
  });
});

describe('theme switcher', () => {
  it('defaults to system, follows the OS, and remembers a choice across reloads', async () => {
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('ion-palette-dark'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await page.getByText('Get Support Now').first().waitFor();
    expect(await isDark()).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(isDark).toBe(false);

    await page.getByRole('button', { name: /theme/i }).first().click();
    await page.getByRole('radio', { name: 'Dark' }).or(page.getByRole('button', { name: 'Dark' })).or(page.getByText('Dark', { exact: true })).first().click();
    await expect.poll(isDark).toBe(true);
    await page.reload();
    await page.getByText('Get Support Now').first().waitFor();
    expect(await isDark()).toBe(true);
  });
});
