/**
 * A first month of real use (issue 56 item 12), the Update Ticket panel at 390x844 and 1366x768:
 * the status link's 'Resend status link' and destructive 'Revoke status link' are no longer two
 * full-width buttons above Status but items of one 'Status link actions' menu, and revoking asks
 * 'Revoke the status link?' first; the customer's photos sent with the ticket show right under the
 * issue ('From the customer'), not only at the bottom of the work history.
 * Set SCREENSHOT_DIR to also save the panel light and dark.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { SIZES, api, baseURL, browserSuite, signIn } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();

/** A whole tus upload of `data` as `fileName`, as the public form does; returns the upload id. */
async function upload(fileName: string, data: Buffer): Promise<string> {
  const tus = { 'Tus-Resumable': '1.0.0' };
  const created = await fetch(`${baseURL()}/api/uploads`, {
    method: 'POST',
    headers: { ...tus, 'Upload-Length': String(data.length), 'Upload-Metadata': `filename ${Buffer.from(fileName).toString('base64')}` },
  });
  const location = created.headers.get('location')!;
  const done = await fetch(new URL(location, baseURL()), { method: 'PATCH', headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: new Uint8Array(data) });
  expect(done.status).toBe(204);
  return location.split('/').pop()!;
}

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

describe.each(SIZES)("the customer's photos at %s size (item 12)", (size) => {
  it('shows the photos sent with the ticket right under the issue', async () => {
    const page = await (await suite.newContext(size)).newPage();
    await page.goto('/support');
    const png = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 320;
      c.height = 240;
      const g = c.getContext('2d')!;
      g.fillStyle = '#7a3b2e';
      g.fillRect(0, 0, 320, 240);
      return c.toDataURL('image/png').split(',')[1]!;
    });
    const id = await upload('printer.png', Buffer.from(png, 'base64'));
    const ticket = await api<{ id: string; ticketNumber: string }>('/api/tickets', {
      method: 'POST',
      body: { clientName: `Ana ${randomUUID().slice(0, 6)}`, customerEmail: 'ana@example.com', customerPhone: '555-0143', severity: 'medium', contactMethod: 'email', issue: 'The printer shows this error on its screen.', attachments: [id] },
    });
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto(`/technician?ticket=${ticket.id}`);
    const panel = size === 'phone' ? page.getByRole('dialog') : page.getByRole('complementary', { name: 'Update Ticket' });
    const photos = panel.getByRole('group', { name: 'From the customer' });
    await photos.getByRole('button', { name: 'View printer.png' }).waitFor();
    // Right under the issue: above the Contact section and the form's Status.
    const top = async (l: typeof photos) => (await l.boundingBox())!.y;
    expect(await top(photos)).toBeGreaterThan(await top(panel.getByText('The printer shows this error on its screen.')));
    expect(await top(photos)).toBeLessThan(await top(panel.getByText('Contact', { exact: true })));
    await shot(page, `first-month-issue-photos-${size}`);
  });
});
