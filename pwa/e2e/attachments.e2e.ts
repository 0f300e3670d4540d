/**
 * Ticket attachments in Chromium at 390x844 with the real service worker (docs/attachments.md):
 * - a customer with no signal attaches two photos to the support form, reloads, comes back online,
 *   and the ticket has both;
 * - a technician attaches a photo to an internal note while the server is unreachable (the file
 *   waits, "waiting for connection"), the browser is closed, the server answers again, the photo
 *   arrives once and its thumbnail shows in the work history.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { CONTACT_METHOD_LABELS, SEVERITY_LABELS, type Ticket, type TicketUpdateEntry } from '@portal/shared';
import { api, apiLogin, launchBrowser, persistentPhoneContext, phoneContext, signIn, waitForServiceWorker } from './support/browser';

let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await apiLogin('admin', inject('adminPassword'))).token;
});
afterAll(async () => browser?.close());

/** A small photo-like PNG. */
const photo = async (name: string, color: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: color } }).png().toBuffer(),
});

const ticketWithAttachments = async (ticketNumber: string) => {
  // GET /api/tickets/:ref takes the number too; 404 while the queued ticket has not arrived.
  return api<Ticket>(`/api/tickets/${ticketNumber}`, { token: adminToken }).catch(() => null);
};

/** Polls the API until `check` holds (the outbox drains on its own schedule). */
async function until<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (check(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('attachments on a phone', () => {
  it('a customer offline attaches two photos, reloads, comes online, and the ticket has both', async () => {
    const context = await phoneContext(browser, { serviceWorkers: 'allow' });
    try {
      const page = await context.newPage();
      await page.goto('/support');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await context.setOffline(true);
      const issue = `Photos offline ${randomUUID().slice(0, 8)}: the screen shows error 0x80070005.`;
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Pat Photos');
      await page.getByLabel(/^Email/).fill('pat@example.com');
      await page.getByLabel(/^Phone/).fill('+1 555 0142');
      await page.getByLabel(/Severity/).selectOption({ label: SEVERITY_LABELS.medium });
      await page.getByLabel(/Contact Method/).selectOption({ label: CONTACT_METHOD_LABELS.email });
      await page.getByLabel(/Issue/).fill(issue);
      await page.getByTestId('attachment-files').setInputFiles([await photo('screen-1.png', '#cc3333'), await photo('screen-2.png', '#3333cc')]);
      await page.getByRole('img', { name: 'screen-1.jpg' }).waitFor(); // compressed on the device to JPEG
      await page.getByRole('img', { name: 'screen-2.jpg' }).waitFor();
      await page.getByRole('button', { name: 'Submit Request' }).click();
      await page.getByText('Request saved on this device').waitFor();
      await page.getByText('waiting for connection').first().waitFor();

      await page.reload(); // still offline: the request and its files are kept in IndexedDB
      await page.getByText('Request saved on this device').waitFor();
      await page.getByText('screen-2.jpg').waitFor();

      await context.setOffline(false);
      const number = page.getByTestId('ticket-number');
      await number.waitFor({ timeout: 30_000 });
      const ticket = await ticketWithAttachments((await number.textContent())!.trim());
      expect(ticket?.issue).toBe(issue);
      expect(ticket?.attachments?.map((a) => a.fileName).sort()).toEqual(['screen-1.jpg', 'screen-2.jpg']);
      expect(ticket?.attachments?.every((a) => a.contentType === 'image/jpeg' && a.thumb)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('a technician photo on an internal note waits while the server is unreachable, survives a closed browser, and arrives once', async () => {
    const username = `photo-${randomUUID().slice(0, 8)}`;
    await api('/api/users', { method: 'POST', token: adminToken, body: { username, password: 'photo-pass-1', role: 'technician' } });
    const created = await api<{ id: string; ticketNumber: string }>('/api/tickets', {
      method: 'POST',
      body: { clientName: 'Rack Room', customerEmail: 'r@example.com', customerPhone: '555-0102', severity: 'medium', contactMethod: 'email', issue: 'Rack Room: patch panel needs relabelling.' },
    });
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'attach-e2e-'));
    let context: BrowserContext = await persistentPhoneContext(profile);
    try {
      let page: Page = context.pages()[0] ?? (await context.newPage());
      await signIn(page, username, 'photo-pass-1');
      await page.goto('/technician');
      await waitForServiceWorker(page);
      const open = async (p: Page) => {
        await p.getByPlaceholder('Search number, name').fill(created.ticketNumber);
        await p.getByRole('button', { name: created.ticketNumber, exact: true }).click({ timeout: 30_000 });
        return p.getByRole('form', { name: `Update ticket ${created.ticketNumber}` });
      };
      let form = await open(page);
      await form.waitFor();
      // The phone's first sync has brought the ticket (it is searched for offline below).
      await page.getByText(/^Last synced /).waitFor({ timeout: 30_000 });

      await context.route('**/api/**', (route) => route.abort('connectionrefused')); // the server is unreachable
      await form.getByTestId('attachment-camera').setInputFiles([await photo('rack.png', '#22aa55')]);
      await form.getByRole('img', { name: 'rack.jpg' }).waitFor();
      await form.getByLabel('Update Comment').fill('Rack after relabelling');
      await form.getByRole('button', { name: 'Update Ticket' }).click();
      await page.getByRole('button', { name: 'Done' }).click(); // the sheet stays open after an update until Done
      await form.waitFor({ state: 'detached' });
      form = await open(page);
      await page.getByText('waiting for connection').waitFor({ timeout: 15_000 });
      await page.getByRole('progressbar', { name: 'Sending rack.jpg' }).waitFor(); // the file's progress, nothing sent yet
      await context.close(); // the browser goes away with the photo still queued

      context = await persistentPhoneContext(profile); // the server answers again
      page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/technician');
      const history = await until(
        () => api<TicketUpdateEntry[]>(`/api/ticket-updates?ticketId=${created.id}`, { token: adminToken }),
        (h) => h.some((e) => e.attachments?.length),
      );
      const notes = history.filter((e) => e.comment === 'Rack after relabelling');
      expect(notes).toHaveLength(1);
      expect(notes[0]!.reply).toBe(false);
      expect(notes[0]!.attachments?.map((a) => a.fileName)).toEqual(['rack.jpg']);
      const full = await api<Ticket>(`/api/tickets/${created.id}`, { token: adminToken });
      expect(full.attachments).toHaveLength(1);

      form = await open(page);
      await form.waitFor();
      const thumb = page.getByRole('button', { name: 'View rack.jpg' }).locator('img');
      await thumb.waitFor({ timeout: 30_000 });
      // The gallery's images load lazily: below the panel's merge and checklist parts on a phone, as a person would, scroll to it.
      await thumb.scrollIntoViewIfNeeded();
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
      await page.getByRole('button', { name: 'View rack.jpg' }).click();
      await page.getByRole('dialog', { name: 'rack.jpg' }).waitFor();
    } finally {
      await context.close().catch(() => {});
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});
