/**
 * A customer on a phone with no signal fills the support form; the request is kept
 * on the device (also across a reload and a closed tab) and sent when they are back online, after
 * which they see their ticket number. The server ends up with exactly one ticket per request.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { CONTACT_METHOD_LABELS, SEVERITY_LABELS } from '@portal/shared';
import { api, apiLogin, launchBrowser, phoneContext } from './support/browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await apiLogin('admin', inject('adminPassword'))).token;
});
afterAll(async () => browser?.close());
beforeEach(async () => {
  context = await phoneContext(browser, { serviceWorkers: 'allow' });
  page = await context.newPage();
  await page.goto('/support');
  // The app shell is installed, so /support also opens with no network.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
});
afterEach(async () => context?.close());

type TicketRow = { ticketNumber: string; clientName: string; issue: string };
/** Every ticket (the delta feed from the start; a test run stays far below one page of 1,000). */
const tickets = async () => (await api<{ items: TicketRow[] }>('/api/tickets?since=0&limit=1000', { token: adminToken })).items;

async function fillTicketForm(p: Page, clientName: string, issue: string) {
  await p.getByRole('textbox', { name: 'Name', exact: true }).fill(clientName);
  await p.getByLabel(/^Email/).fill('sam@example.com');
  await p.getByLabel(/^Phone/).fill('+1 555 0199');
  await p.getByLabel(/Severity/).selectOption({ label: SEVERITY_LABELS.medium });
  await p.getByLabel(/Contact Method/).selectOption({ label: CONTACT_METHOD_LABELS.email });
  await p.getByLabel(/Issue/).fill(issue);
}

/** The ticket the server has for `issue`, asserting there is exactly one. */
async function onlyTicketFor(issue: string): Promise<TicketRow> {
  const found = (await tickets()).filter((t) => t.issue === issue);
  expect(found).toHaveLength(1);
  return found[0];
}

describe('support form with no signal', () => {
  it('keeps the request through a reload and sends it when the phone is back online', async () => {
    const issue = `Offline request ${Date.now()}: the shop's card reader stopped working.`;
    await context.setOffline(true);
    await fillTicketForm(page, 'Sam Offline', issue);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByText('Request saved on this device').waitFor();
    await page.getByText("You're offline. Your request will be sent automatically as soon as you're back online.").waitFor();
    expect((await tickets()).some((t) => t.issue === issue)).toBe(false);

    await page.reload(); // still offline: served by the service worker, the request is remembered
    await page.getByText('Request saved on this device').waitFor();

    await context.setOffline(false); // the `online` event drains the outbox
    const number = page.getByTestId('ticket-number');
    await number.waitFor();
    const ticket = await onlyTicketFor(issue);
    expect((await number.textContent())!.trim()).toBe(ticket.ticketNumber);
    expect(ticket.clientName).toBe('Sam Offline');
  });

  it('sends a request left behind in a closed tab and shows its number when the customer returns', async () => {
    const issue = `Closed-tab request ${Date.now()}: e-mail will not sync on my phone.`;
    await context.setOffline(true);
    await fillTicketForm(page, 'Sam Closed Tab', issue);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByText('Request saved on this device').waitFor();
    await page.close();

    await context.setOffline(false);
    const again = await context.newPage();
    await again.goto('/support'); // app start drains the outbox
    const number = again.getByTestId('ticket-number');
    await number.waitFor();
    const ticket = await onlyTicketFor(issue);
    expect((await number.textContent())!.trim()).toBe(ticket.ticketNumber);

    await again.getByRole('button', { name: 'Submit Another Request' }).click();
    await expect(again.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).resolves.toBe('');
    await again.reload();
    await again.getByRole('button', { name: 'Submit Request' }).waitFor(); // the finished request is forgotten
    await onlyTicketFor(issue);
  });
});
