/**
 * /admin/settings in the real app (SPEC.md 2 "Settings", 5, 6, 8): an admin manages the
 * notification recipients and the support SMS number, tests SMS and sees the test in the delivery
 * log, at a phone viewport and at a desktop one; a technician is refused. With no SMS provider
 * configured (the `npm start` default) the server writes SMS to its log folder, so 'Test SMS' succeeds.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import { MSG, type NotificationDelivery, type NotificationEmails, type SystemSetting } from '@portal/shared';
import { api, apiLogin, baseURL, launchBrowser, phoneContext, signIn } from './support/browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await apiLogin('admin', inject('adminPassword'))).token;
  await api('/api/users', { method: 'POST', token: adminToken, body: { username: 'settings.tech', password: 'tech-pass-1', role: 'technician' } });
});
afterAll(async () => browser?.close());
beforeEach(async () => {
  context = await phoneContext(browser);
  page = await context.newPage();
});
afterEach(async () => context?.close());

const text = (t: string) => page.getByText(t, { exact: true }).first();
const emails = () => api<NotificationEmails>('/api/settings/notification-emails', { token: adminToken });
const savedNumber = () => api<SystemSetting>('/api/settings/system/support_sms_number', { token: adminToken });

async function openSettings() {
  await signIn(page, 'admin', inject('adminPassword'));
  await page.goto('/admin/settings');
  await page.getByRole('heading', { name: 'SMS and Notification Settings' }).waitFor();
}

describe('/admin/settings', () => {
  it('a technician is refused with Admin privileges required', async () => {
    await signIn(page, 'settings.tech', 'tech-pass-1');
    await page.goto('/admin/settings');
    await text(MSG.adminRequired).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('heading', { name: 'SMS and Notification Settings' }).count()).toBe(0);
  });

  it('an admin adds and removes a notification recipient; bad input shows SPEC.md 5 messages and saves nothing', async () => {
    await openSettings();
    const input = page.getByLabel('Email Address');
    const add = page.getByRole('button', { name: 'Add Email' });

    await add.click();
    await text(MSG.emailRequired).waitFor();
    await input.fill('not-an-email');
    await add.click();
    await text(MSG.emailInvalid).waitFor();
    expect((await emails()).emails).not.toContain('not-an-email');

    await input.fill('Ops@Example.com');
    await add.click();
    await text('Email Added').waitFor();
    await page.getByRole('list', { name: 'Notification recipients' }).getByText('ops@example.com').waitFor();
    expect((await emails()).emails).toContain('ops@example.com');

    await page.getByRole('button', { name: 'Remove ops@example.com' }).click();
    await text('Email Removed').waitFor();
    await page.getByRole('button', { name: 'Remove ops@example.com' }).waitFor({ state: 'detached' });
    expect((await emails()).emails).not.toContain('ops@example.com');
  });

  it('an admin saves the support number, Test SMS needs it, and the test shows in the delivery log', async () => {
    await openSettings();
    const input = page.getByLabel('Phone Number');
    const saveButton = page.getByRole('button', { name: 'Save Number' });
    const testButton = page.getByRole('button', { name: 'Test SMS' });
    await page.getByText('No number saved yet.').waitFor();

    await testButton.click();
    await text(MSG.testSmsNeedsNumber).waitFor();

    await saveButton.click();
    await text(MSG.phoneNumberRequired).waitFor();
    await input.fill('call me maybe');
    await saveButton.click();
    await text(MSG.phoneNumberInvalid).waitFor();
    expect((await savedNumber()).value).toBeNull();

    await input.fill('+1 (555) 010-0199');
    await saveButton.click();
    await text('Settings Updated').waitFor();
    expect((await savedNumber()).value).toBe('+1 (555) 010-0199');

    await testButton.click();
    await text('Test SMS Sent').waitFor();
    const log = page.getByRole('list', { name: 'Recent deliveries' });
    const row = log.getByRole('listitem').filter({ hasText: 'Test SMS' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('+1 (555) 010-0199');
    await row.getByText('Sent', { exact: true }).waitFor();

    const deliveries = await api<NotificationDelivery[]>('/api/notifications/deliveries?limit=50', { token: adminToken });
    expect(deliveries.find((d) => d.summary === 'Test SMS')).toMatchObject({ channel: 'sms', recipient: '+1 (555) 010-0199', status: 'sent' });
  });

  it('the delivery log is a table on a desktop', async () => {
    await context.close();
    context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    page = await context.newPage();
    await api('/api/settings/system', { method: 'POST', token: adminToken, body: { key: 'support_sms_number', value: '+1 555 0142' } });
    await api('/api/settings/test-sms', { method: 'POST', token: adminToken, body: {} });
    await openSettings();
    const table = page.getByRole('table', { name: 'Recent deliveries' });
    for (const column of ['Time', 'Channel', 'Recipient', 'Summary', 'Status', 'Attempts', 'Last Error']) {
      await table.getByRole('columnheader', { name: column }).waitFor();
    }
    const row = table.getByRole('row').filter({ hasText: '+1 555 0142' }).first();
    await row.getByRole('cell', { name: 'Test SMS' }).waitFor();
    await row.getByRole('cell', { name: 'SMS', exact: true }).waitFor();
  });
});
