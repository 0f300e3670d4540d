/**
 * Flow 1 and 2 of the foundation issue: a customer on a phone reads the home page, submits a
 * ticket from /support, gets a ticket number and can submit another; the landing page offers the
 * same form; invalid input shows SPEC.md 5's messages and creates nothing.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { MSG, SEVERITY_LABELS, CONTACT_METHOD_LABELS, PHONE_SUPPORT_HOURS } from '@portal/shared';
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
  context = await phoneContext(browser);
  page = await context.newPage();
});
afterEach(async () => context?.close());

async function ticketCount(): Promise<number> {
  return (await api<{ all: number }>('/api/tickets/counts', { token: adminToken })).all;
}

async function fillTicketForm(p: Page, issue: string) {
  await p.getByLabel(/^Name/).fill('Dana Customer');
  await p.getByLabel(/Business Name/).fill('Dana Dental');
  await p.getByLabel(/^Email/).fill('dana@example.com');
  await p.getByLabel(/^Phone/).fill('+1 555 0100');
  await p.getByLabel(/Severity/).selectOption({ label: SEVERITY_LABELS.high });
  await p.getByLabel(/Contact Method/).selectOption({ label: CONTACT_METHOD_LABELS.text });
  await p.getByLabel(/Issue/).fill(issue);
}

describe('customer on a phone', () => {
  it('reads the home page and submits a ticket from /support, then another', async () => {
    await page.goto('/');
    // Waited for, not checked once: `goto` resolves at the load event, and the home page's sections
    // render when its route's code has run (a one-shot isVisible() failed in a CI run).
    for (const text of ['Why Choose Us', 'How It Works', 'Ready to Get Started']) {
      await page.getByText(text).first().waitFor({ state: 'visible' });
    }
    await page.getByRole('button', { name: 'Get Support Now' }).or(page.getByRole('link', { name: 'Get Support Now' })).first().click();
    await page.waitForURL('**/support');
    await page.getByText('Submit a Support Request').first().waitFor();

    const before = await ticketCount();
    await fillTicketForm(page, 'The office printer shows a paper jam but there is no paper inside.');
    await page.getByRole('button', { name: 'Submit Request' }).click();

    const number = page.getByTestId('ticket-number');
    await number.waitFor();
    const ticketNumber = (await number.textContent())!.trim();
    expect(ticketNumber).toMatch(/^TKT-\d{6}$/);
    await page.getByText('Support Request Submitted').first().waitFor();
    expect(await ticketCount()).toBe(before + 1);
    const ticket = await api<{ ticketNumber: string; clientName: string; severity: string; contactMethod: string }>(`/api/tickets/${ticketNumber}`, { token: adminToken });
    expect(ticket).toMatchObject({
      clientName: 'Dana Customer',
      severity: 'high',
      contactMethod: 'text',
    });

    await page.getByRole('button', { name: 'Submit Another Request' }).click();
    await expect(page.getByLabel(/^Name/).inputValue()).resolves.toBe('');
    await fillTicketForm(page, 'Second request: the Wi-Fi drops every afternoon.');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByTestId('ticket-number').waitFor();
    const second = (await page.getByTestId('ticket-number').textContent())!.trim();
    expect(second).toMatch(/^TKT-\d{6}$/);
    expect(second).not.toBe(ticketNumber);
    expect(await ticketCount()).toBe(before + 2);
  });

  it('shows SPEC.md 5 messages for invalid input and creates nothing', async () => {
    await page.goto('/support');
    const before = await ticketCount();
    await page.getByLabel(/^Email/).fill('not-an-email');
    await page.getByLabel(/Issue/).fill('too short');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    for (const message of [MSG.nameRequired, MSG.validEmailRequired, MSG.phoneRequired, MSG.issueTooShort]) {
      await page.getByText(message).first().waitFor();
    }
    expect(await ticketCount()).toBe(before);
  });

  it('offers the landing page with hours, guidance and the same form', async () => {
    await page.goto('/customer-support');
    await page.getByText('Business Support Portal').first().waitFor();
    await page.getByText(PHONE_SUPPORT_HOURS, { exact: false }).first().waitFor();
    await expect(page.getByRole('link', { name: 'Create Support Ticket' }).count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Submit Request' }).count()).resolves.toBe(1);
  });

  // Issue 59: the page's largest text is in the HTML, painted before the app's JavaScript arrives.
  it("paints /support's and /login's heading and intro before any script runs, then the page replaces them", async () => {
    const noScript = await browser.newContext({ baseURL: inject('baseURL'), viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    try {
      const before = await noScript.newPage();
      for (const [path, heading, intro] of [
        ['/support', 'Submit a Support Request', 'Fill in the form and we will get back to you.'],
        ['/login', 'Admin Login', 'Sign in to access downloads and administrative features'],
      ] as const) {
        await before.goto(path);
        await expect(before.getByRole('heading', { name: heading }).isVisible()).resolves.toBe(true);
        await expect(before.getByText(intro).isVisible()).resolves.toBe(true);
        await expect(before.getByRole('status').textContent()).resolves.toBe('Loading...');

        await page.goto(path);
        await page.getByRole('button', { name: path === '/login' ? 'Sign In' : 'Submit Request' }).waitFor();
        await expect(page.getByRole('heading', { name: heading }).count()).resolves.toBe(1);
        await expect(page.locator('[data-prerendered]').count()).resolves.toBe(0);
      }
    } finally {
      await noScript.close();
    }
  });
});
