/**
 * Clean threads from e-mail (issue 57 item 4 "Done when"), in Chromium at 1366x768 against an app of
 * its own with the inbound SMTP listener on: a customer mails the support address (a ticket), then
 * answers with the whole earlier exchange quoted below the new text and "Sent from my iPhone". The
 * ticket's work history shows only the new text; "Show quoted text" expands the mail as received,
 * unchanged, and "Hide quoted text" folds it again. Set SCREENSHOT_DIR to also save the panel.
 */
import type { Browser } from 'playwright-core';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startApp, type AppProcess } from '../../scripts/server-process';
import { DESKTOP, launchBrowser } from './support/browser';
import { shot } from './support/screenshots';

let app: AppProcess;
let smtpPort: number;
let browser: Browser;

beforeAll(async () => {
  smtpPort = await freePort();
  app = await startApp({ INBOUND_SMTP_PORT: String(smtpPort), INBOUND_ADDRESSES: 'help@threads.test' }, 180_000);
  browser = await launchBrowser();
}, 200_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const send = (raw: string) =>
  nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true }).sendMail({ envelope: { from: 'robin@client.test', to: 'help@threads.test' }, raw });

const message = (headers: Record<string, string>, body: string) =>
  [
    ...Object.entries({ From: 'Robin Roe <robin@client.test>', To: 'help@threads.test', Date: 'Thu, 26 Nov 2026 10:00:00 +0000', 'MIME-Version': '1.0', 'Content-Type': 'text/plain; charset=utf-8', ...headers }).map(
      ([k, v]) => `${k}: ${v}`,
    ),
    '',
    body,
    '',
  ].join('\r\n');

const QUOTED = ['> We replaced the roller in the office printer.', '>', '> > The office printer jams on every page.'];
const REPLY = ['The scanner still jams on page two.', '', 'Sent from my iPhone', '', 'On Wed, Nov 25, 2026 at 9:00 AM Support <help@threads.test> wrote:', ...QUOTED].join('\r\n');

async function call<T>(path: string, token?: string): Promise<T> {
  const res = await fetch(`${app.baseURL}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe('a mail reply with quoted history (issue 57 item 4)', () => {
  it('shows only the new text in the work history, the quoted rest behind "Show quoted text"', async () => {
    await send(message({ Subject: 'Office printer', 'Message-ID': '<t1@client.test>' }, 'The office printer jams on every page.'));
    await send(message({ Subject: 'Re: Office printer', 'Message-ID': '<t2@client.test>', 'In-Reply-To': '<t1@client.test>', References: '<t1@client.test>' }, REPLY));
    const login = await fetch(`${app.baseURL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: app.adminPassword }) });
    const { token } = (await login.json()) as { token: string };
    const list = await call<{ items: { id: string; ticketNumber: string; customerEmail: string }[] }>('/api/tickets?since=0&limit=50', token);
    const tickets = list.items.filter((t) => t.customerEmail === 'robin@client.test');
    expect(tickets).toHaveLength(1);
    const ticketNumber = tickets[0]!.ticketNumber;

    const context = await browser.newContext({ baseURL: app.baseURL, viewport: DESKTOP, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByPlaceholder('Enter your username').fill('admin');
      await page.getByPlaceholder('Enter your password').fill(app.adminPassword);
      const reloaded = page.waitForEvent('load', { timeout: 15_000 }).catch(() => undefined);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByText('Welcome, admin').first().waitFor({ state: 'attached' });
      await reloaded;
      await page.goto('/technician');
      await page.getByLabel('Search tickets').fill(ticketNumber);
      await page.getByRole('button', { name: ticketNumber, exact: true }).click();
      const panel = page.getByRole('complementary', { name: 'Update Ticket' });
      const history = panel.locator('.history-list');
      const reply = history.locator('.history-customer', { hasText: 'The scanner still jams on page two.' });
      await reply.waitFor();
      expect(await reply.locator('.history-comment').innerText()).toBe('The scanner still jams on page two.');
      expect(await history.innerText()).not.toContain('We replaced the roller');
      expect(await history.innerText()).not.toContain('Sent from my iPhone');

      await reply.getByRole('button', { name: 'Show quoted text' }).click();
      const original = reply.getByLabel('The e-mail as received');
      await original.waitFor();
      const shown = await original.innerText();
      expect(shown).toContain('Sent from my iPhone');
      for (const line of QUOTED) expect(shown).toContain(line);
      expect(shown.startsWith('The scanner still jams on page two.')).toBe(true);
      await shot(page, 'mail-threads-quoted-desktop');

      await reply.getByRole('button', { name: 'Hide quoted text' }).click();
      await original.waitFor({ state: 'detached' });
      expect(await history.innerText()).not.toContain('We replaced the roller');
    } finally {
      await context.close();
    }
  });
});
