/**
 * A first month of real use (issue 56), the ticket screen, at 390x844 and 1366x768 on the shared
 * test app:
 * - the photo viewer opens above the Update Ticket sheet (the topmost element at its centre), Back
 *   closes only the viewer, and a small photo is shown at a readable size on a desktop (item 2);
 * - SLA clock texts reach 4.5:1 in every state (ok, warning, breached, paused), light and dark (item 3).
 * Set SCREENSHOT_DIR to also save the changed screens light and dark.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { SIZES, api, baseURL, browserSuite, signIn } from './support/browser';
import { contrastOf } from './support/contrast';
import { shot } from './support/screenshots';

const suite = browserSuite();
const ADMIN = 'admin';

interface Created {
  id: string;
  ticketNumber: string;
}
const newTicket = (over: Record<string, unknown> = {}) =>
  api<Created>('/api/tickets', {
    method: 'POST',
    body: { clientName: `Pat ${randomUUID().slice(0, 6)}`, customerEmail: 'pat@example.com', customerPhone: '555-0101', severity: 'high', contactMethod: 'email', issue: 'The router in the back office blinks red all day.', ...over },
  });
const patch = (id: string, body: unknown) => api(`/api/tickets/${id}`, { method: 'PATCH', token: suite.adminToken, body });

/** A whole tus upload of `data` as `fileName` (POST, then one PATCH); returns the upload id. */
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

/** A PNG of `w` x `h` drawn by the browser (a photo-like test image). */
async function png(page: Page, w: number, h: number): Promise<Buffer> {
  const data = await page.evaluate(
    ([width, height]) => {
      const c = document.createElement('canvas');
      c.width = width!;
      c.height = height!;
      const g = c.getContext('2d')!;
      g.fillStyle = '#2f6f4f';
      g.fillRect(0, 0, width!, height!);
      g.fillStyle = '#f4d35e';
      g.fillRect(width! / 4, height! / 4, width! / 2, height! / 2);
      return c.toDataURL('image/png').split(',')[1]!;
    },
    [w, h],
  );
  return Buffer.from(data, 'base64');
}

/** Signs the admin in and opens `/technician?ticket=<id>`; returns the page and the panel. */
async function openTicket(size: 'phone' | 'desktop', ticket: Created) {
  const page = await (await suite.newContext(size)).newPage();
  await signIn(page, ADMIN, inject('adminPassword'));
  await page.goto(`/technician?ticket=${ticket.id}`);
  const panel = size === 'phone' ? page.getByRole('dialog') : page.getByRole('complementary', { name: 'Update Ticket' });
  await panel.getByText(ticket.ticketNumber).first().waitFor();
  return { page, panel };
}

describe('photo viewer (item 2)', () => {
  it('opens above the Update Ticket sheet on a phone, and Back closes only the viewer', async () => {
    const ticket = await newTicket();
    const probe = await (await suite.newContext('phone')).newPage();
    await probe.goto('/support');
    const id = await upload('router.png', await png(probe, 640, 480));
    await patch(ticket.id, { comment: 'Photo of the router', attachments: [id] });

    const { page, panel } = await openTicket('phone', ticket);
    await panel.getByRole('button', { name: /^View router/ }).click();
    const viewer = page.locator('.attachment-viewer');
    await viewer.waitFor();
    await page.waitForFunction(() => (document.querySelector('.attachment-viewer img') as HTMLImageElement | null)?.complete === true);
    const topmost = await page.evaluate(() => {
      const el = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
      return el?.closest('.attachment-viewer') !== null;
    });
    expect(topmost).toBe(true);
    await shot(page, 'first-month-photo-viewer-phone');
    await page.goBack();
    await viewer.waitFor({ state: 'detached' });
    await panel.getByText('Photo of the router').waitFor();
    expect(new URL(page.url()).pathname).toBe('/technician');
    // Escape closes the viewer only, too.
    await panel.getByRole('button', { name: /^View router/ }).click();
    await viewer.waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await panel.getByText('Photo of the router').waitFor();
  });

  it('shows a small photo at a readable size on a desktop', async () => {
    const ticket = await newTicket();
    const probe = await (await suite.newContext('desktop')).newPage();
    await probe.goto('/support');
    const id = await upload('tiny.png', await png(probe, 64, 48));
    await probe.close();
    await patch(ticket.id, { comment: 'A tiny screenshot', attachments: [id] });
    const { page, panel } = await openTicket('desktop', ticket);
    await page.bringToFront();
    await panel.getByRole('button', { name: /^View tiny/ }).click();
    const img = page.locator('.attachment-viewer img');
    // Until the photo has loaded, polled on a timer rather than on animation frames: this wait timed
    // out in whole-suite runs (twice, never alone), and a page behind another window may get no frames.
    await page.waitForFunction(() => ((document.querySelector('.attachment-viewer img') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0, undefined, { polling: 100, timeout: 60_000 });
    const shown = await img.evaluate((el: HTMLImageElement) => {
      const scale = Math.min(el.clientWidth / el.naturalWidth, el.clientHeight / el.naturalHeight);
      return { width: el.naturalWidth * scale, height: el.naturalHeight * scale };
    });
    expect(shown.height).toBeGreaterThan(400);
    await shot(page, 'first-month-photo-viewer-desktop');
  });
});

describe('SLA clock contrast (item 3)', () => {
  for (const size of ['phone', 'desktop'] as const) {
    it(`every SLA state reads at 4.5:1 or more on a card, light and dark, at ${size} size`, async () => {
      const ticket = await newTicket({ severity: 'urgent' });
      const page = await (await suite.newContext(size)).newPage();
      await signIn(page, ADMIN, inject('adminPassword'));
      await page.goto('/technician');
      await page.getByLabel('Search tickets').fill(ticket.ticketNumber);
      const card = page.locator('.ticket-card', { hasText: ticket.ticketNumber });
      const clock = card.locator('.sla-clock').first();
      await clock.waitFor();
      // The real clock of the card, and its three other states drawn beside it with the same classes.
      await clock.evaluate((el) => {
        for (const state of ['warning', 'breached', 'paused']) {
          const copy = el.cloneNode(true) as HTMLElement;
          copy.className = `sla-clock sla-${state}`;
          copy.dataset.state = state;
          el.after(copy);
        }
      });
      expect(await clock.getAttribute('class')).toContain('sla-ok');
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('ion-palette-dark'))).toBe(scheme === 'dark');
        for (const state of ['ok', 'warning', 'breached', 'paused']) {
          const el = card.locator(`.sla-${state}`).first();
          const ratio = await contrastOf(el);
          expect(ratio, `${state} ${scheme}`).toBeGreaterThanOrEqual(4.5);
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await shot(page, `first-month-sla-${size}`);
    });
  }
});

describe.each(SIZES)('the Update Ticket panel at %s size', (size) => {
  it('offers no Call or Text for a ticket without a phone number (item 6) and totals two Add Time at once (item 9)', async () => {
    const ticket = await newTicket({ customerPhone: 'none given', contactMethod: 'email', customerEmail: 'nophone@example.com' });
    const { page, panel } = await openTicket(size, ticket);
    const links = panel.getByRole('group', { name: /^Contact / });
    await links.getByRole('link', { name: /^E-mail nophone@example\.com/ }).waitFor();
    expect(await links.getByRole('link').count()).toBe(1);
    await panel.getByText('No phone number').first().waitFor();
    expect(await page.locator('a[href="tel:"], a[href="sms:"]').count()).toBe(0);

    // Two manual entries: the total follows each one as soon as it is recorded.
    const status = panel.locator('.time-totals');
    await expect.poll(() => status.innerText()).toBe('Recorded: 0 min (0 min billable)');
    for (const m of ['10', '20']) {
      await panel.getByLabel('Minutes').fill(m);
      await panel.getByRole('button', { name: 'Add Time' }).click();
      await page.getByText('Time Queued', { exact: true }).first().waitFor();
    }
    await expect.poll(() => status.innerText(), { timeout: 20_000 }).toBe('Recorded: 30 min (30 min billable)');
    await shot(page, `first-month-panel-${size}`);
  });
});
