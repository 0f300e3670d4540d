/**
 * Disabling accounts in User Management at 390x844 and 1366x768: an admin disables a signed-in
 * technician (their open session is signed out at once), sign-in then says the account is disabled,
 * 'Enable' restores sign-in with the same password; 'Last sign-in' shows each user's last sign-in or
 * 'Never'. `SCREENSHOT_DIR` keeps light and dark screenshots of the list.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { MSG, USER_STATUS_TEXT } from '@portal/shared';
import { SIZES, api, apiLogin, browserSuite, signIn, type Size } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();

async function newPage(size: Size): Promise<Page> {
  return (await suite.newContext(size)).newPage();
}

async function toast(page: Page, title: string) {
  await page.getByRole('region', { name: /Notifications/ }).getByText(title, { exact: true }).first().waitFor();
}

describe.each(SIZES)('disabling a user at %s size', (size) => {
  it('signs the user out at once, refuses their sign-in with the reason, and Enable restores it', async () => {
    const tech = `disable-me-${size}`;
    const never = `never-signed-in-${size}`;
    await api('/api/users', { method: 'POST', token: suite.adminToken, body: { username: tech, password: 'tech-pass-1', role: 'technician' } });
    await api('/api/users', { method: 'POST', token: suite.adminToken, body: { username: never, password: 'never-pass-1', role: 'user' } });
    const techPage = await newPage(size);
    await signIn(techPage, tech, 'tech-pass-1');
    await techPage.goto('/technician');
    await techPage.getByText('Support Ticket Management').first().waitFor();

    const page = await newPage(size);
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    if (size === 'desktop') await page.getByRole('columnheader', { name: USER_STATUS_TEXT.lastSignIn }).waitFor();
    const neverRow = size === 'desktop' ? page.getByRole('row', { name: new RegExp(never) }) : page.getByRole('listitem').filter({ hasText: never });
    await neverRow.getByText(size === 'desktop' ? USER_STATUS_TEXT.never : `${USER_STATUS_TEXT.lastSignIn}: ${USER_STATUS_TEXT.never}`, { exact: true }).waitFor();
    // Neither the built-in admin nor your own account can be disabled from here.
    expect(await page.getByRole('button', { name: 'Disable admin' }).count()).toBe(0);

    await page.getByRole('button', { name: `Disable ${tech}` }).click();
    // Disabling signs the user out everywhere: it asks first (issue 56).
    const confirm = page.getByRole('alertdialog', { name: USER_STATUS_TEXT.disableTitle(tech) });
    await confirm.getByText(USER_STATUS_TEXT.disableBody(tech)).waitFor();
    await confirm.getByRole('button', { name: USER_STATUS_TEXT.disable }).click();
    await toast(page, 'User Disabled');
    await page.getByRole('button', { name: `Enable ${tech}` }).waitFor();
    await shot(page, `users-disabled-${size}`, { fullPage: true });

    await techPage.reload();
    await techPage.getByText(MSG.loginRequired).first().waitFor();
    await techPage.waitForURL('**/login');
    await techPage.getByLabel('Username').fill(tech);
    await techPage.getByLabel('Password').fill('tech-pass-1');
    await techPage.getByRole('button', { name: 'Sign In' }).click();
    await techPage.getByText(USER_STATUS_TEXT.signInDisabled).first().waitFor();

    await page.getByRole('button', { name: `Enable ${tech}` }).click();
    await toast(page, 'User Enabled');
    await page.getByRole('button', { name: `Disable ${tech}` }).waitFor();
    await apiLogin(tech, 'tech-pass-1');
  });
});
