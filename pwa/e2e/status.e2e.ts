/**
 * Status links in the real app at 390x844 (docs/status-links.md): a customer submits the form,
 * follows the link from the success view, sees the staff reply (never the internal note), replies
 * with no signal, reloads, comes back online, and the technician has the reply exactly once; a bad
 * link shows 'This link is no longer valid' with the lookup form; '/support' offers 'Lost your
 * link?'; a staff reply's files are listed on the page (photo thumbnail, other files by name) and
 * download, an internal note's never appear. With SCREENSHOT_DIR set, the pages are saved in light and dark.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONTACT_METHOD_LABELS, CUSTOMER_REPLIED_TEXT, LOOKUP_TEXT, SEVERITY_LABELS, STATUS_TEXT, type TicketUpdateEntry } from '@portal/shared';
import { api, baseURL, browserSuite, phoneContext, signIn } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();

/** With SCREENSHOT_DIR set: the page in light and dark at the phone viewport. */

async function submitTicket(page: Page, issue: string): Promise<string> {
  await page.goto('/support');
  // The service worker takes the page first (clientsClaim), as in customer-offline.e2e.ts.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Robin Status');
  await page.getByLabel(/^Email/).fill('robin@example.com');
  await page.getByLabel(/^Phone/).fill('+1 555 0142');
  await page.getByLabel(/Severity/).selectOption({ label: SEVERITY_LABELS.high });
  await page.getByLabel(/Contact Method/).selectOption({ label: CONTACT_METHOD_LABELS.email });
  await page.getByLabel(/Issue/).fill(issue);
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await page.getByTestId('ticket-number').waitFor();
  return (await page.getByTestId('ticket-number').innerText()).trim();
}

const customerReplies = async (ticketId: string) =>
  (await api<TicketUpdateEntry[]>(`/api/ticket-updates?ticketId=${ticketId}`, { token: suite.adminToken })).filter((u) => u.updateType === 'customer_reply');

describe('the status link', () => {
  it('shows the staff reply and takes an offline reply once, after a reload', async () => {
    const context = suite.track(await phoneContext(suite.browser, { serviceWorkers: 'allow' }));
    const page = await context.newPage();
    const issue = `Status link ${Date.now()}: the scanner in reception is offline.`;
    const number = await submitTicket(page, issue);
    const href = await page.getByRole('link', { name: 'Follow your ticket' }).getAttribute('href');
    expect(href).toMatch(/\/status\/[A-Za-z0-9_-]{43}$/);
    const statusPath = new URL(href!).pathname;

    const ticket = await api<{ id: string }>(`/api/tickets/${number}`, { token: suite.adminToken });
    await api(`/api/tickets/${ticket.id}`, { method: 'PATCH', token: suite.adminToken, body: { comment: 'Internal: check the switch first' } });
    await api(`/api/tickets/${ticket.id}`, { method: 'PATCH', token: suite.adminToken, body: { status: 'in_progress', comment: 'We will visit at 2 pm.', reply: true } });

    await page.goto(statusPath);
    await page.getByRole('heading', { name: `Ticket ${number}` }).waitFor();
    await page.getByText('We will visit at 2 pm.').waitFor();
    expect(await page.getByText('Internal: check the switch first').count()).toBe(0);
    expect(await page.getByText('robin@example.com').count()).toBe(0);
    await shot(page, 'status-page', { fullPage: true });

    await context.setOffline(true);
    await page.getByLabel(STATUS_TEXT.replyField).fill('Thanks, someone will be at the desk.');
    await page.getByRole('button', { name: STATUS_TEXT.replyButton }).click();
    await page.getByText("Saved on this device. It will be sent when you're back online.").waitFor();
    expect(await customerReplies(ticket.id)).toHaveLength(0);

    await page.reload(); // still offline: the service worker serves the page, the outbox keeps the reply
    await page.getByText("Saved on this device. It will be sent when you're back online.").waitFor();
    await page.getByText('We will visit at 2 pm.').waitFor(); // the last view, from the persisted cache
    await shot(page, 'status-offline', { fullPage: true });

    await context.setOffline(false);
    await page.getByText('Your reply was sent.').waitFor();
    await page.locator('.status-event-customer_reply', { hasText: 'Thanks, someone will be at the desk.' }).waitFor();
    const replies = await customerReplies(ticket.id);
    expect(replies.map((r) => r.comment)).toEqual(['Thanks, someone will be at the desk.']);

    // The technician's phone: the card says 'Customer replied' until the ticket is opened; the
    // work history shows the reply once, marked as the customer's.
    const username = `status.tech.${Date.now()}`;
    await api('/api/users', { method: 'POST', token: suite.adminToken, body: { username, password: 'status-pass-1', role: 'technician' } });
    const staff = await (await suite.newContext('phone')).newPage();
    await signIn(staff, username, 'status-pass-1');
    await staff.goto('/technician');
    const card = staff.locator('.ticket-card', { hasText: number });
    await card.getByText(CUSTOMER_REPLIED_TEXT).waitFor();
    await shot(staff, 'status-staff-card', { fullPage: true });
    await staff.getByRole('button', { name: number, exact: true }).click();
    const entry = staff.locator('.history-customer');
    await entry.getByText('From the customer').waitFor();
    expect(await entry.count()).toBe(1);
    expect(await entry.innerText()).toContain('Thanks, someone will be at the desk.');
    await shot(staff, 'status-staff-history', { fullPage: true });
    await expect.poll(async () => (await api<{ customerRepliedAt: string | null }>(`/api/tickets/${ticket.id}`, { token: suite.adminToken })).customerRepliedAt).toBeNull();
  });

  it('says a bad link is no longer valid and offers the lookup', async () => {
    const page = await (await suite.newContext('phone')).newPage();
    await page.goto(`/status/${'x'.repeat(43)}`);
    await page.getByRole('heading', { name: STATUS_TEXT.invalidLink }).waitFor();
    await page.getByLabel(LOOKUP_TEXT.ticketField).waitFor();
    await shot(page, 'status-invalid', { fullPage: true });
  });
});

/** A whole tus upload of `data` as `fileName` (POST, then one PATCH); returns the upload id. */
async function upload(fileName: string, data: Buffer): Promise<string> {
  const tus = { 'Tus-Resumable': '1.0.0' };
  const created = await fetch(`${baseURL()}/api/uploads`, {
    method: 'POST',
    headers: { ...tus, 'Upload-Length': String(data.length), 'Upload-Metadata': `filename ${Buffer.from(fileName).toString('base64')}` },
  });
  const location = created.headers.get('location')!;
  const patched = await fetch(new URL(location, baseURL()), {
    method: 'PATCH',
    headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: new Uint8Array(data),
  });
  expect(patched.status).toBe(204);
  return location.split('/').pop()!;
}

describe("a staff reply's files on the status page", () => {
  it('shows the photo as a thumbnail and the log by name, downloads them, never shows a note\'s file', async () => {
    const page = await (await suite.newContext('phone')).newPage();
    await page.goto('/support');
    // A real photo-like PNG, drawn by the browser.
    const png = Buffer.from(
      await page.evaluate(() => {
        const c = document.createElement('canvas');
        c.width = 640;
        c.height = 480;
        const g = c.getContext('2d')!;
        g.fillStyle = '#2f6f4f';
        g.fillRect(0, 0, 640, 480);
        g.fillStyle = '#f4d35e';
        g.fillRect(160, 120, 320, 240);
        return c.toDataURL('image/png').split(',')[1]!;
      }),
      'base64',
    );
    const created = await api<{ id: string; statusUrl: string }>('/api/tickets', {
      method: 'POST',
      body: { clientName: 'Robin Files', customerEmail: 'files@example.com', customerPhone: '+1 555 0143', severity: 'medium', contactMethod: 'email', issue: 'The router in the back office keeps dropping the line.' },
    });
    const [photo, log, secret] = await Promise.all([
      upload('router.png', png),
      upload('diagnostics.log', Buffer.from('link up\nlink down\n')),
      upload('admin-password.txt', Buffer.from('hunter2\n')),
    ]);
    await api(`/api/tickets/${created.id}`, { method: 'PATCH', token: suite.adminToken, body: { comment: 'Here is your router and its log.', reply: true, attachments: [photo, log] } });
    await api(`/api/tickets/${created.id}`, { method: 'PATCH', token: suite.adminToken, body: { comment: 'Router admin password', attachments: [secret] } });

    await page.goto(new URL(created.statusUrl).pathname);
    const files = page.getByRole('list', { name: 'Files' });
    await files.getByRole('link', { name: /router\.png/ }).waitFor();
    await expect.poll(() => files.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.getByText('admin-password.txt').count()).toBe(0);
    await shot(page, 'status-files', { fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), files.getByRole('link', { name: /diagnostics\.log/ }).click()]);
    expect(download.suggestedFilename()).toBe('diagnostics.log');
    expect(fs.readFileSync((await download.path())!, 'utf8')).toBe('link up\nlink down\n');
    if (process.env.SCREENSHOT_DIR) {
      const desktop = await (await suite.newContext('desktop')).newPage();
      await desktop.goto(new URL(created.statusUrl).pathname);
      await desktop.getByRole('link', { name: /router\.png/ }).waitFor();
      await shot(desktop, 'status-files-desktop', { fullPage: true });
    }
  });
});

describe("'Lost your link?' on /support", () => {
  it('always gives the same answer', async () => {
    const page = await (await suite.newContext('phone')).newPage();
    await page.goto('/support');
    await page.getByRole('button', { name: STATUS_TEXT.lostLink }).click();
    await page.getByLabel(LOOKUP_TEXT.ticketField).fill('TKT-000001');
    await page.getByLabel(LOOKUP_TEXT.contactField).fill('nobody@example.com');
    await page.getByRole('button', { name: LOOKUP_TEXT.button }).click();
    await page.getByText(LOOKUP_TEXT.answer).waitFor();
    await shot(page, 'status-lookup', { fullPage: true });
  });
});
