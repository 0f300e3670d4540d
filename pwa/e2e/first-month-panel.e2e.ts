/**
 * A first month of real use (issue 56 item 12), the Update Ticket panel at 390x844 and 1366x768:
 * the status link's 'Resend status link' and destructive 'Revoke status link' are no longer two
 * full-width buttons above Status but items of one 'Status link actions' menu, and revoking asks
 * 'Revoke the status link?' first. Set SCREENSHOT_DIR to also save the panel light and dark.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { SIZES, api, browserSuite, signIn } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();

describe.each(SIZES)('the status link menu at %s size (item 12)', (size) => {
  it('resends from the menu, and revokes only after the confirmation', async () => {
    const ticket = await api<{ id: string; ticketNumber: string }>('/api/tickets', {
      method: 'POST',
      body: { clientName: `Mo ${randomUUID().slice(0, 6)}`, customerEmail: 'mo@example.com', customerPhone: '555-0142', severity: 'low', contactMethod: 'email', issue: 'The scanner on the front desk is offline.' },
    });
    const page = await (await suite.newContext(size)).newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto(`/technician?ticket=${ticket.id}`);
    const panel = size === 'phone' ? page.getByRole('dialog') : page.getByRole('complementary', { name: 'Update Ticket' });
    const menuButton = panel.getByRole('button', { name: 'Status link actions' });
    await menuButton.waitFor();
    expect(await panel.getByRole('button', { name: 'Resend status link' }).count()).toBe(0);
    expect(await panel.getByRole('button', { name: /^Revoke status link/ }).count()).toBe(0);
    expect(await menuButton.getAttribute('aria-haspopup')).toBe('menu');

    await menuButton.click();
    const menu = page.getByRole('menu', { name: 'Status link actions' });
    await menu.getByRole('menuitem', { name: 'Resend status link' }).waitFor();
    await shot(page, `first-month-status-link-menu-${size}`);
    await menu.getByRole('menuitem', { name: 'Resend status link' }).click();
    await page.getByText('Status link sent').first().waitFor();

    await menuButton.click();
    await menu.getByRole('menuitem', { name: 'Revoke status link...' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke the status link?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await menuButton.click();
    await menu.getByRole('menuitem', { name: 'Revoke status link...' }).click();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Status link revoked').first().waitFor();
  });
});
