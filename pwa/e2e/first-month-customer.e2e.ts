/**
 * A first month of real use (issue 56), the customer's side, at 390x844 and 1366x768 on the shared
 * test app:
 * - the status page of a resolved ticket shows the resolution, who resolved it and the survey link,
 *   which opens the survey (item 8);
 * - the phone and e-mail links inside sentences on /status and /downloads are 44 px high (item 12).
 * Set SCREENSHOT_DIR to also save the changed screens light and dark.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { SIZES, api, browserSuite, signIn } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();

/** Heights of the `.contact-link`s of the page, in CSS px. */
const linkHeights = (page: Page) => page.locator('.contact-link').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));

describe.each(SIZES)('the customer side at %s size', (size) => {
  it('shows a resolved ticket its resolution, who resolved it and the survey link (items 8, 12)', async () => {
    const created = await api<{ id: string; ticketNumber: string; statusUrl: string }>('/api/tickets', {
      method: 'POST',
      body: { clientName: `Rosa ${randomUUID().slice(0, 6)}`, customerEmail: 'rosa@example.com', customerPhone: '555-0199', severity: 'medium', contactMethod: 'email', issue: 'The shared calendar no longer syncs to my phone.' },
    });
    await api(`/api/tickets/${created.id}`, { method: 'PATCH', token: suite.adminToken, body: { status: 'resolved', resolution: 'Re-added the calendar account on the phone.' } });

    const page = await (await suite.newContext(size)).newPage();
    await page.goto(new URL(created.statusUrl).pathname);
    await page.getByRole('heading', { name: `Ticket ${created.ticketNumber}` }).waitFor();
    const resolution = page.getByRole('region', { name: 'Resolution' });
    await resolution.getByText('Re-added the calendar account on the phone.').waitFor();
    // Unassigned but resolved by the admin: the customer is told who, not 'Not assigned yet'.
    await expect.poll(() => page.locator('.status-facts div', { hasText: 'Technician' }).locator('dd').innerText()).toBe('Admin');
    const survey = page.getByRole('region', { name: 'How did we do?' });
    const rate = survey.getByRole('link', { name: 'Rate our support' });
    expect(await rate.getAttribute('href')).toMatch(new RegExp(`^/survey\\?ticket=${created.ticketNumber}&token=`));
    for (const h of await linkHeights(page)) expect(h).toBeGreaterThanOrEqual(44);
    expect((await linkHeights(page)).length).toBe(1);
    await shot(page, `first-month-status-resolved-${size}`, { fullPage: true });
    await rate.click();
    await page.getByText('Customer Satisfaction Survey').first().waitFor();
    await page.getByText(`Ticket #${created.ticketNumber}`).first().waitFor();
  });

  it('gives the help card phone and e-mail links a 44 px target on /downloads (item 12)', async () => {
    const page = await (await suite.newContext(size)).newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/downloads');
    await page.getByRole('heading', { name: 'Need Help?' }).waitFor();
    const heights = await linkHeights(page);
    expect(heights.length).toBe(2);
    for (const h of heights) expect(h).toBeGreaterThanOrEqual(44);
  });
});
