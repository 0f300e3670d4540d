/**
 * 'Backups' on /admin/settings in the real app (docs/backup.md "Scheduled backups"), at a phone and
 * a desktop viewport: the last-backup line, the note that the server has no BACKUP_PASSPHRASE (the
 * e2e server runs without one), and turning the daily backup on with 'Keep' ('Settings Updated',
 * saved on the server; 0 refused under the field). Screenshots go to the OS temp folder for a look.
 */
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, inject } from 'vitest';
import type { BackupOverview } from '@portal/shared';
import { SIZES, api, apiLogin, desktopContext, launchBrowser, phoneContext, signIn } from './support/browser';

let browser: Browser;
let context: BrowserContext | undefined;
let adminToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await apiLogin('admin', inject('adminPassword'))).token;
});
afterAll(async () => browser?.close());
afterEach(async () => context?.close());

async function open(size: (typeof SIZES)[number]): Promise<Page> {
  context = size === 'phone' ? await phoneContext(browser) : await desktopContext(browser);
  const page = await context.newPage();
  await signIn(page, 'admin', inject('adminPassword'));
  await page.goto('/admin/settings');
  await page.getByRole('heading', { name: 'Backups' }).waitFor();
  return page;
}

describe("/admin/settings 'Backups'", () => {
  it.each(SIZES)('an admin turns the daily backup on with Keep (%s)', async (size) => {
    await api('/api/admin/backup/schedule', { method: 'PUT', token: adminToken, body: { enabled: false, keep: 7 } });
    const page = await open(size);
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Backups' }) });
    await section.getByText('Last backup: never', { exact: true }).waitFor();
    await section.getByText("Daily backups need BACKUP_PASSPHRASE in the server's environment.", { exact: true }).waitFor();
    const keep = section.getByLabel('Keep');
    await keep.fill('0');
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('Keep at least 1 backup.', { exact: true }).waitFor();
    await section.getByLabel('Back up daily').check();
    await keep.fill('3');
    await section.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings Updated', { exact: true }).first().waitFor();
    const saved = await api<BackupOverview>('/api/admin/backup', { token: adminToken });
    expect(saved.schedule).toEqual({ enabled: true, keep: 3 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(os.tmpdir(), `backup-settings-${size}.png`), fullPage: false });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });
});
