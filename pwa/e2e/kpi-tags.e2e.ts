/**
 * The KPI dashboard by tag and Time & Billing with visits (issue 57, docs/tags.md "In the reports",
 * docs/billing.md), in Chromium at 1366x768 and 390x844: 'Tickets by tag' counts today's tagged
 * tickets; choosing a tag in 'Tag' narrows the summary tiles to that tag's tickets; the tag's row
 * picks it too. Then Time & Billing this month with a visit and its parts. Light and dark screenshots
 * of both (`docs/screenshots/kpi-tags/`).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { PHONE, api, baseURL, browserSuite, signIn } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();
const stamp = Date.now().toString(36);
const NETWORK = `Network ${stamp}`;
const PRINTER = `Printer ${stamp}`;

describe('KPI dashboard by tag (issue 57 item 3)', () => {
  it("'Tag' narrows the tiles; 'Tickets by tag' counts per tag; Time & Billing shows the visit and its parts", async () => {
    const admin = suite.adminToken;
    const ticket = (issue: string) =>
      api<{ id: string; ticketNumber: string }>('/api/tickets', {
        method: 'POST',
        body: { clientName: 'Kim Kpi', businessName: `KPI Dental ${stamp}`, customerEmail: 'kim@example.com', customerPhone: '555-0180', severity: 'medium', contactMethod: 'email', issue },
      });
    const a = await ticket('The reception PC loses the network every hour.');
    const b = await ticket('The label printer prints blank labels.');
    await ticket('Please add a new mailbox for the hygienist.');
    await api(`/api/tickets/${a.id}`, { method: 'PATCH', token: admin, body: { tagsAdd: [NETWORK, PRINTER], status: 'resolved', resolution: 'Replaced the switch.' } });
    await api(`/api/tickets/${b.id}`, { method: 'PATCH', token: admin, body: { tagsAdd: [NETWORK] } });

    const page = await (await suite.newContext('desktop')).newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/scheduler?range=today');
    const byTag = page.getByRole('table', { name: 'Tickets by tag' });
    const cells = async (name: string) =>
      (await byTag.getByRole('row').filter({ hasText: name }).innerText()).split(/\t|\n/).map((c) => c.trim()).filter(Boolean);
    await byTag.getByRole('row').filter({ hasText: NETWORK }).waitFor();
    expect(await cells(NETWORK)).toEqual([NETWORK, '2', '1']);
    expect(await cells(PRINTER)).toEqual([PRINTER, '1', '1']);

    await page.getByLabel('Tag', { exact: true }).selectOption(NETWORK);
    await page.getByRole('button', { name: 'Total Tickets: 2. Show these tickets' }).waitFor();
    await page.getByRole('button', { name: 'Resolved: 1. Show these tickets' }).waitFor();
    expect(new URL(page.url()).searchParams.get('tag')).toBe(NETWORK);
    await byTag.scrollIntoViewIfNeeded();
    await shot(page, 'kpi-tags/kpi-tag-filter-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'kpi-tags/kpi-tag-filter-phone', { fullPage: true });

    // A tag's row picks it: PRINTER leaves one ticket.
    await byTag.getByRole('button', { name: PRINTER }).click();
    await page.getByRole('button', { name: 'Total Tickets: 1. Show these tickets' }).waitFor();

    // Time & Billing this month: the visit (with a priced and an unpriced part) beside the time.
    const now = Date.now();
    const visit = await fetch(`${baseURL()}/api/tickets/${b.id}/visits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}`, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({
        arrivedAt: new Date(now - 60 * 60_000).toISOString(),
        departedAt: new Date(now - 10 * 60_000).toISOString(),
        workDone: 'Replaced the print head and cleaned the rollers.',
        parts: [{ description: 'Print head', quantity: 1, unitPrice: 64.9 }, { description: 'Label roll', quantity: 3 }],
        minutes: 50,
      }),
    });
    expect(visit.status).toBe(201);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/time-billing');
    await page.getByRole('heading', { name: 'Time & Billing', level: 1 }).waitFor();
    await page.getByText('On-site visits and parts').first().waitFor();
    await shot(page, 'kpi-tags/time-billing-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'kpi-tags/time-billing-phone', { fullPage: true });
  });
});
