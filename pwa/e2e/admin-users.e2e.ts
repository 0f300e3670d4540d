/**
 * User management and account screens at phone (390x844) and desktop (1366x768) size: an admin creates a
 * technician on /admin who then signs in; resetting that password signs the technician's open
 * session out (the server's rule); Change Password with each SPEC.md 5 message; every
 * wrong-role route says SPEC.md 6's message; the navigation offers each role only what it may open.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it, inject } from 'vitest';
import { MSG } from '@portal/shared';
import { SIZES, api, apiLogin, browserSuite, desktopContext, settleForm, signIn, type Size } from './support/browser';

const suite = browserSuite();

/** A new page in a phone or desktop context, closed after the test. */
async function newPage(size: Size): Promise<Page> {
  return (await suite.newContext(size)).newPage();
}

/** Waits for a toast with this title (and description). */
async function toast(page: Page, title: string, description?: string) {
  const region = page.getByRole('region', { name: /Notifications/ });
  await region.getByText(title, { exact: true }).first().waitFor();
  if (description) await region.getByText(description, { exact: true }).first().waitFor();
}

async function createUser(username: string, password: string, role: string) {
  await api('/api/users', { method: 'POST', token: suite.adminToken, body: { username, password, role } });
}

describe.each(SIZES)('user management at %s size', (size) => {
  const tech = `field-tech-${size}`;

  it('an admin creates a technician (role technician by default) who then signs in', async () => {
    const page = await newPage(size);
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    // The admin user cannot be deleted from the UI (SPEC.md 2).
    await page.getByRole('button', { name: 'Edit admin' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete admin' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Role').inputValue()).toBe('technician');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByText(MSG.usernameRequired).waitFor();
    await dialog.getByText(MSG.passwordRequired).waitFor();
    await dialog.getByLabel('Username').fill(tech);
    await dialog.getByLabel('Password').fill('first-pass-1');
    await dialog.getByLabel('Email').fill(`${tech}@example.com`);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await toast(page, 'User Created');
    await page.getByRole('button', { name: `Edit ${tech}` }).waitFor();

    // A duplicate says why: 'Failed to create user' / 'Username already exists'.
    await page.getByRole('button', { name: 'Add User' }).click();
    await dialog.getByLabel('Username').fill(tech);
    await dialog.getByLabel('Password').fill('another-1');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await toast(page, 'Failed to create user', MSG.usernameTaken);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const techPage = await newPage(size);
    await signIn(techPage, tech, 'first-pass-1');
    await techPage.goto('/technician');
    await techPage.getByText('Support Ticket Management').first().waitFor();
  });

  it("an admin resets the technician's password: the technician's open session is signed out", async () => {
    const techPage = await newPage(size);
    await signIn(techPage, tech, 'first-pass-1');
    await techPage.goto('/technician');
    await techPage.getByText('Support Ticket Management').first().waitFor();

    const page = await newPage(size);
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/admin');
    await page.getByRole('button', { name: `Edit ${tech}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Leave blank to keep the current password.').waitFor();
    await dialog.getByLabel('New Password').fill('reset-pass-2');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'User Updated');

    // The technician's session no longer works (the server's rule): reopening the app signs out.
    await techPage.reload();
    await techPage.getByText(MSG.loginRequired).first().waitFor();
    await techPage.waitForURL('**/login');
    await expect(apiLogin(tech, 'first-pass-1')).rejects.toThrow(/401/);
    await apiLogin(tech, 'reset-pass-2');

    // A blank password keeps the current one.
    await page.getByRole('button', { name: `Edit ${tech}` }).click();
    await dialog.getByLabel('Email').fill(`${tech}.new@example.com`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'User Updated');
    await apiLogin(tech, 'reset-pass-2');
  });

  it("the last admin cannot be demoted: the form says why (the server's rule)", async () => {
    const page = await newPage(size);
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Edit admin' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Role').selectOption('user');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Failed to update user', MSG.lastAdminDemote);
    await dialog.getByText(MSG.lastAdminDemote).waitFor(); // under the Role field too
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const users = await api<{ username: string; role: string }[]>('/api/users', { token: suite.adminToken });
    expect(users.find((u) => u.username === 'admin')?.role).toBe('admin');
  });

  it('an admin deletes a user after confirming', async () => {
    const victim = `leaver-${size}`;
    await createUser(victim, 'leaver-pass-1', 'user');
    const page = await newPage(size);
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/admin');
    await page.getByRole('button', { name: `Delete ${victim}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('This action cannot be undone.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: `Delete ${victim}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'User Deleted');
    await page.getByRole('button', { name: `Edit ${victim}` }).waitFor({ state: 'detached' });
    await expect(apiLogin(victim, 'leaver-pass-1')).rejects.toThrow(/401/);
  });
});

describe.each(SIZES)('change password at %s size', (size) => {
  it('shows each SPEC.md 5 message, then changes it and signs out the other session', async () => {
    const username = `changer-${size}`;
    await createUser(username, 'old-pass-1', 'user');
    const other = await apiLogin(username, 'old-pass-1');
    const page = await newPage(size);
    await signIn(page, username, 'old-pass-1');
    await page.goto('/change-password');
    const submit = async () => {
      await page.getByRole('button', { name: 'Change Password', exact: true }).click();
      await settleForm(page);
    };
    const fill = async (current: string, next: string, confirm: string) => {
      await page.getByLabel('Current Password').fill(current);
      await page.getByLabel('New Password', { exact: true }).fill(next);
      await page.getByLabel('Confirm New Password').fill(confirm);
      await submit();
    };

    await submit();
    await page.getByText(MSG.currentPasswordRequired).waitFor();
    await page.getByText(MSG.newPasswordTooShort).waitFor();
    await fill('old-pass-1', 'new-pass-2', '');
    await page.getByText(MSG.confirmPasswordRequired).waitFor();
    await fill('old-pass-1', 'new-pass-2', 'new-pass-3');
    await page.getByText(MSG.passwordsDontMatch).waitFor();
    await fill('wrong-pass', 'new-pass-2', 'new-pass-2');
    // The toast names the reason instead of the generic sentence (docs/decisions.md "Specific failure toasts").
    await toast(page, 'Error', `${MSG.currentPasswordWrong}. Nothing was changed.`);
    await page.getByText(MSG.currentPasswordWrong, { exact: true }).first().waitFor();

    await fill('old-pass-1', 'new-pass-2', 'new-pass-2');
    await toast(page, 'Password Changed');
    await apiLogin(username, 'new-pass-2');
    // The other session is revoked; this one still works.
    await expect(api('/api/auth/me', { token: other.token })).rejects.toThrow(/401/);
    await page.reload();
    await page.getByLabel('Current Password').waitFor();
  });
});

/** Each guarded route and what a wrong role reads (SPEC.md 6). */
const STAFF_PAGES: [string, string][] = [
  ['/downloads', MSG.downloadsDenied],
  ['/technician', MSG.staffRequired],
  ['/scheduler', MSG.staffRequired],
  ['/vault', MSG.staffRequired],
  ['/survey-dashboard', MSG.staffRequired],
];
const ADMIN_PAGES: [string, string][] = [
  ['/admin', MSG.adminRequired],
  ['/admin/content', MSG.adminRequired],
  ['/admin/file-management', MSG.adminRequired],
  ['/admin/settings', MSG.adminRequired],
];

async function expectDenied(page: Page, path: string, message: string) {
  await page.goto(path);
  await toast(page, 'Access Denied', message);
  await page.waitForURL((url) => url.pathname === '/');
}

describe.each(SIZES)('guards and navigation at %s size', (size) => {
  it('a plain user is told why on every staff and admin page, and is offered only Change Password', async () => {
    const username = `plain-${size}`;
    await createUser(username, 'plain-pass-1', 'user');
    const page = await newPage(size);
    await signIn(page, username, 'plain-pass-1');
    for (const [path, message] of [...STAFF_PAGES, ...ADMIN_PAGES]) await expectDenied(page, path, message);

    if (size === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Support' }).waitFor();
    await page.getByRole('link', { name: 'Change Password' }).first().waitFor();
    for (const name of ['Downloads', 'Tickets', 'Customer Vault', 'Users', 'SMS Settings']) {
      expect(await nav.getByRole('link', { name, exact: true }).count(), name).toBe(0);
    }
  });

  it('a technician is told why on every admin page and sees no admin links', async () => {
    const username = `tech-guard-${size}`;
    await createUser(username, 'tech-pass-1', 'technician');
    const page = await newPage(size);
    await signIn(page, username, 'tech-pass-1');
    for (const [path, message] of ADMIN_PAGES) await expectDenied(page, path, message);
    await page.goto('/downloads');
    await page.getByRole('heading', { name: 'Downloads' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/downloads');

    if (size === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Tickets' }).waitFor();
    expect(await page.getByRole('button', { name: 'Admin', exact: true }).count()).toBe(0);
    for (const name of ['Users', 'Content', 'File Manager', 'SMS Settings']) {
      expect(await page.getByRole('link', { name, exact: true }).count(), name).toBe(0);
    }
  });
});

describe('desktop header', () => {
  it.each([992, 1100, 1280, 1366])('an admin sees the navigation in one row at %i px, admin pages in the Admin menu', async (width) => {
    const context = await suite.browser.newContext({ baseURL: inject('baseURL'), viewport: { width, height: 768 }, serviceWorkers: 'block' });
    suite.track(context);
    const page = await context.newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    const tops = await nav.getByRole('link').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size, `link rows at ${width}px: ${tops.join(',')}`).toBe(1);
    const headerHeight = await page.locator('.app-header').evaluate((e) => e.getBoundingClientRect().height);
    expect(headerHeight).toBeLessThanOrEqual(120);

    await nav.getByRole('button', { name: 'Admin', exact: true }).click();
    await page.getByRole('menuitem', { name: 'SMS Settings' }).click();
    await page.waitForURL('**/admin/settings');
    await page.getByText('SMS and Notification Settings').first().waitFor();
  });

  it('tables wrap only between words: the delivery log keeps each e-mail address whole', async () => {
    const email = 'operations.manager@very-long-company-domain-example.com';
    await api('/api/settings/notification-emails', { method: 'POST', token: suite.adminToken, body: { email } });
    await api('/api/tickets', {
      method: 'POST',
      body: { clientName: 'Wrap Test', customerEmail: 'c@example.com', customerPhone: '555-0101', severity: 'low', contactMethod: 'email', issue: 'Checking how the delivery log wraps.' },
    });
    const context = await desktopContext(suite.browser);
    suite.track(context);
    const page = await context.newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/admin/settings');
    const cell = page.getByRole('table', { name: 'Recent deliveries' }).getByRole('cell', { name: email, exact: true }).first();
    await cell.waitFor();
    const lines = await cell.evaluate((td) => {
      const range = document.createRange();
      range.selectNodeContents(td);
      return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    const styles = await page.locator('.delivery-table td, .data-table td').evaluateAll((tds) =>
      tds.map((td) => `${getComputedStyle(td).overflowWrap}/${getComputedStyle(td).wordBreak}`),
    );
    expect(styles.filter((s) => s.includes('anywhere') || s.includes('break-all'))).toEqual([]);
  });
});
