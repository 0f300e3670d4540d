/**
 * In the real app: downloads, content management and file management.
 * - An admin uploads an installer on /admin/file-management (progress bar, 'File Uploaded') and
 *   creates a Support Tools item from /downloads' 'Add Tool' on /admin/content.
 * - A technician on a phone (390x844) sees it on /downloads with version and size, downloads it,
 *   keeps it on the device (space used shown) and downloads it again with the network off; with the
 *   service worker the page also reloads offline, and a kept HTML page opened offline stays sandboxed.
 * - An uploaded HTML page opened in a new tab cannot read the app's localStorage (CSP sandbox).
 * - Built-in entries cannot be deleted; a 'user' is refused downloads; a file in use cannot be deleted.
 * The three screens' layout at 390x844 and 1366x768 is checked in files-screens.e2e.ts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, inject } from 'vitest';
import { MSG, formatFileSize, type ContentItem, type FileEntry } from '@portal/shared';
import { PHONE, api, apiLogin, baseURL, launchBrowser, phoneContext, settleForm, signIn, waitForServiceWorker } from './support/browser';
import { INSTALLER, TECH, TOOL_TITLE, USER, downloadedBytes, fakeExe, installer } from './support/files';

const DESKTOP = { width: 1366, height: 768 } as const;
let browser: Browser;
let context: BrowserContext | undefined;
let adminToken: string;

async function newPage(viewport: { width: number; height: number } = PHONE, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  await context?.close();
  context =
    viewport === PHONE
      ? await phoneContext(browser)
      : await browser.newContext({ baseURL: baseURL(), viewport, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme });
  return page;
}

const text = (page: Page, t: string) => page.getByText(t, { exact: true }).first();

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await apiLogin('admin', inject('adminPassword'))).token;
  await api('/api/users', { method: 'POST', token: adminToken, body: { ...TECH, role: 'technician' } });
  await api('/api/users', { method: 'POST', token: adminToken, body: { ...USER, role: 'user' } });
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => browser?.close());

describe('files, content and downloads', () => {
  it('an admin uploads an installer with a progress bar and creates a Support Tools item from Add Tool', async () => {
    const page = await newPage(DESKTOP);
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/admin/file-management');
    await page.getByRole('heading', { name: 'File Management' }).waitFor();
    await page.getByRole('link', { name: 'Back to Admin' }).waitFor();

    // Slow the upload down a little so the progress bar is seen (the server is local).
    const cdp = await context!.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: INSTALLER, mimeType: 'application/octet-stream', buffer: installer });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('progressbar', { name: `Uploading ${INSTALLER}` }).waitFor();
    await text(page, 'File Uploaded').waitFor();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    const table = page.getByRole('table', { name: 'Uploaded files' });
    const row = table.getByRole('row').filter({ hasText: INSTALLER });
    await row.waitFor();
    expect(await row.textContent()).toContain(formatFileSize(installer.length));
    expect(await row.getByRole('cell', { name: 'Yes', exact: true }).count()).toBe(1);
    const files = await api<FileEntry[]>('/api/admin/files', { token: adminToken });
    expect(files.find((f) => f.name === INSTALLER)).toMatchObject({ size: installer.length, isInstaller: true });

    // A file with a bad name never leaves the browser.
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: '.hidden.exe', mimeType: 'application/octet-stream', buffer: installer });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await text(page, 'Failed to upload file').waitFor();

    await page.goto('/downloads');
    await page.getByRole('button', { name: 'Add Tool' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/content');
    const dialog = page.getByRole('dialog', { name: 'Add Content' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Type').inputValue()).toBe('installer');
    expect(await dialog.getByLabel('Category').inputValue()).toBe('Support Tools');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText(MSG.titleRequired).waitFor();
    await settleForm(page);
    await dialog.getByLabel('Title').fill(TOOL_TITLE);
    await dialog.getByLabel('Description (optional)').fill('Attended remote support agent for client desktops.');
    await dialog.getByLabel('Platform (optional)').selectOption('Windows');
    await dialog.getByLabel('Version (optional)').fill('3.1');
    await dialog.getByLabel('Uploaded file (optional)').selectOption(INSTALLER);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await text(page, 'Content Created').waitFor();
    await page.getByRole('tab', { name: 'Installers (1)' }).waitFor();
    await page.getByRole('table', { name: 'Content items' }).getByRole('row').filter({ hasText: TOOL_TITLE }).waitFor();

    const items = await api<ContentItem[]>('/api/content', { token: adminToken });
    expect(items.find((i) => i.title === TOOL_TITLE)).toMatchObject({
      type: 'installer',
      category: 'Support Tools',
      platform: 'Windows',
      version: '3.1',
      fileName: INSTALLER,
      isActive: true,
      fileSize: installer.length,
    });
  });

  it('a technician on a phone sees the tool, downloads it, keeps it on the device and downloads it again offline', async () => {
    const page = await newPage(PHONE);
    await signIn(page, TECH.username, TECH.password);
    await page.goto('/downloads');
    await page.getByRole('heading', { name: 'Tech Support Tools' }).waitFor();
    const card = page.getByTestId(`tool-${INSTALLER}`);
    await card.getByRole('heading', { name: TOOL_TITLE }).waitFor();
    expect(await card.textContent()).toContain(`Version 3.1 · Windows · ${formatFileSize(installer.length)}`);
    // The six built-in entries, e.g. the customer portal at 25 KB, and no admin controls.
    await page.getByTestId('tool-customer-portal.html').getByText('25.04 KB', { exact: false }).waitFor();
    expect(await page.getByRole('heading', { level: 3 }).count()).toBe(7);
    expect(await page.getByRole('button', { name: 'Add Tool' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);

    const [online] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: `Download ${TOOL_TITLE}` }).click()]);
    expect(online.suggestedFilename()).toBe(INSTALLER);
    expect((await downloadedBytes(online)).equals(installer)).toBe(true);
    await text(page, 'Download Started').waitFor();

    await card.getByRole('button', { name: `Keep ${TOOL_TITLE} on this device` }).click();
    await text(page, 'Kept on This Device').waitFor();
    await card.getByText('Kept on this device', { exact: true }).waitFor();
    await page.getByTestId('kept-summary').getByText(`1 tool kept for offline use (${formatFileSize(installer.length)}).`).waitFor();
    expect(await page.getByTestId('storage-used').textContent()).toMatch(/^Space used by this app: [\d.]+ (bytes|KB|MB|GB)/);

    await context!.setOffline(true);
    await page.getByText('You are offline. Tools kept on this device can still be downloaded.').waitFor();
    // Tools that are not kept need the network; the kept one still downloads.
    expect(await page.getByRole('button', { name: 'Download Network Diagnostics' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Close notification' }).click();
    const [offline] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: `Download ${TOOL_TITLE}` }).click()]);
    expect(offline.suggestedFilename()).toBe(INSTALLER);
    expect((await downloadedBytes(offline)).equals(installer)).toBe(true);
    await text(page, 'Download Started').waitFor();
    await context!.setOffline(false);

    // The admin publishes a new version under the same name: the kept copy offers an update.
    const uploadAs = async (data: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)]), INSTALLER);
      const res = await fetch(`${baseURL()}/api/admin/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
      expect(res.status).toBe(201);
    };
    const newer = fakeExe(320 * 1024);
    await uploadAs(newer);
    try {
      await page.reload();
      await card.getByRole('button', { name: `Update the copy of ${TOOL_TITLE} on this device` }).click();
      await text(page, 'Kept on This Device').waitFor();
      await page.getByTestId('kept-summary').getByText(`1 tool kept for offline use (${formatFileSize(newer.length)}).`).waitFor();
      expect(await card.getByRole('button', { name: /^Update the copy/ }).count()).toBe(0);
    } finally {
      await uploadAs(installer);
    }
  });

  // In about 1 of 4 full `npm test` runs the tool's card was missing after the offline reload (CI logs
  // of 2026-11-28, -29 and 12-01, both tries): on this first visit the offline engine mounts after
  // the first screen, and the page's copy of the list waited for it (whenCacheOwnerSet) while the
  // keeping and the reload came first. Fixed in offline/engine.ts (the page queues the change of
  // owner itself; unit test offline/ownerFirstVisit.test.ts); retry: 1 stays for the shared machine.
  it('with the service worker, kept tools list and download after an offline reload, and a kept HTML page stays sandboxed', { retry: 1 }, async () => {
    await context?.close();
    context = await phoneContext(browser, { serviceWorkers: 'allow' });
    const page = await context.newPage();
    await signIn(page, TECH.username, TECH.password);
    await page.goto('/downloads');
    await waitForServiceWorker(page);
    const card = page.getByTestId(`tool-${INSTALLER}`);
    await card.getByRole('button', { name: `Keep ${TOOL_TITLE} on this device` }).click();
    await card.getByText('Kept on this device', { exact: true }).waitFor();
    const portal = page.getByTestId('tool-customer-portal.html');
    await portal.getByRole('button', { name: 'Keep Customer Support Portal on this device' }).click();
    await portal.getByText('Kept on this device', { exact: true }).waitFor();
    await page.getByTestId('kept-summary').getByText(/^2 tools kept for offline use/).waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Tech Support Tools' }).waitFor();
    await card.getByRole('heading', { name: TOOL_TITLE }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: `Download ${TOOL_TITLE}` }).click()]);
    expect((await downloadedBytes(download)).equals(installer)).toBe(true);

    // Opened straight from its URL with no network, the kept page comes from the worker's cache
    // with the server's headers: still an opaque-origin sandbox.
    const tab = await context.newPage();
    await tab.goto('/api/downloads/customer-portal.html');
    await tab.getByRole('heading', { name: 'Business Support Portal' }).waitFor();
    const storage = await tab.evaluate(() => {
      try {
        return `read: ${localStorage.getItem('token')}`;
      } catch (e) {
        return (e as Error).name;
      }
    });
    expect(storage).toBe('SecurityError');
    await context.setOffline(false);
  });

  it('an uploaded HTML page opens in a new tab that cannot read the app localStorage', async () => {
    const html = [
      '<!doctype html><title>Printer Guide</title>',
      '<h1>Printer Guide</h1>',
      '<script>document.title = "stolen:" + localStorage.getItem("token"); fetch("/api/auth/me");</script>',
    ].join('\n');
    const form = new FormData();
    form.append('file', new Blob([html]), 'printer-guide.html');
    const up = await fetch(`${baseURL()}/api/admin/files/upload`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
    expect(up.status).toBe(201);
    await api('/api/content', {
      method: 'POST',
      token: adminToken,
      body: { title: 'Printer Guide', type: 'guide', category: 'Support Tools', fileName: 'printer-guide.html', platform: 'Web-based' },
    });

    const page = await newPage(PHONE);
    await signIn(page, TECH.username, TECH.password);
    await page.goto('/downloads');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByTestId('tool-printer-guide.html').getByRole('button', { name: 'Open Printer Guide' }).click(),
    ]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/api/downloads/printer-guide.html');
    await tab.getByRole('heading', { name: 'Printer Guide' }).waitFor();
    // The page's own script never ran (CSP sandbox without allow-scripts) ...
    expect(await tab.title()).toBe('Printer Guide');
    // ... and even code run inside that tab cannot read the app's storage or cookies (opaque origin).
    const probe = await tab.evaluate(() => {
      const attempt = (f: () => unknown) => {
        try {
          return `read: ${String(f())}`;
        } catch (e) {
          return (e as Error).name;
        }
      };
      return { localStorage: attempt(() => localStorage.getItem('token')), cookie: attempt(() => document.cookie), origin: window.origin };
    });
    expect(probe.localStorage).toBe('SecurityError');
    expect(probe.cookie).toBe('SecurityError');
    expect(probe.origin).toBe('null');
  });

  it('an admin is offered no Delete on a built-in entry, removes a managed tool, and cannot delete a file a content item uses', async () => {
    const page = await newPage(PHONE);
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/downloads');
    await page.getByRole('button', { name: 'Open Installation Guide' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete Installation Guide' }).count()).toBe(0);
    expect(await text(page, MSG.notManagedByContent).count()).toBeGreaterThan(0);

    await page.goto('/admin/file-management');
    await page.getByRole('button', { name: `Delete ${INSTALLER}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete File?' }).getByRole('button', { name: 'Delete' }).click();
    await text(page, 'Delete Failed').waitFor();
    expect(await page.locator('.toast-description').textContent()).toContain('Failed to delete file. This file is used by the content item "Field Agent"');

    await page.goto('/downloads');
    await page.getByRole('button', { name: 'Delete Printer Guide' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Tool?' }).getByRole('button', { name: 'Delete' }).click();
    await text(page, 'Category Removed').waitFor();
    await page.getByTestId('tool-printer-guide.html').waitFor({ state: 'detached' });
    const items = await api<ContentItem[]>('/api/content', { token: adminToken });
    expect(items.some((i) => i.title === 'Printer Guide')).toBe(false);
  });

  it('a user is refused downloads with SPEC.md 6 text', async () => {
    const page = await newPage(PHONE);
    await signIn(page, USER.username, USER.password);
    await page.goto('/downloads');
    await text(page, 'Access Denied').waitFor();
    await text(page, MSG.downloadsDenied).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
