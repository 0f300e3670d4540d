/**
 * 'Export tickets (CSV)' on the scheduler's KPI tab at 390x844 and 1366x768: a date range downloads
 * GET /api/tickets/export.csv for it (a ticket created today is in it, with the CSV's headings); a
 * range the API would refuse disables the button with the reason. `SCREENSHOT_DIR` keeps light and
 * dark screenshots.
 */
import fs from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { TICKET_EXPORT_COLUMNS, type TicketCreated } from '@portal/shared';
import { SIZES, api, browserSuite, signIn } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();
let ticket: TicketCreated;

beforeAll(async () => {
  ticket = await api<TicketCreated>('/api/tickets', {
    method: 'POST',
    body: { clientName: 'Export Client', customerEmail: 'export@example.com', customerPhone: '555-0199', severity: 'low', contactMethod: 'email', issue: 'Exported ticket' },
  });
});

describe.each(SIZES)('ticket CSV export (%s)', (size) => {
  it('downloads the tickets of the chosen dates and refuses a reversed range with the reason', async () => {
    const page = await (await suite.newContext(size)).newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/scheduler');
    const card = page.getByRole('region', { name: 'Export tickets (CSV)' });
    await card.waitFor();
    const today = new Date().toISOString().slice(0, 10);
    await card.getByLabel('From').fill(today);
    await card.getByLabel('To').fill(today);
    await card.scrollIntoViewIfNeeded();
    await shot(page, `ticket-export-${size}`);
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`tickets-${today}-to-${today}.csv`);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(TICKET_EXPORT_COLUMNS.join(','));
    expect(csv).toContain(ticket.ticketNumber);

    await card.getByLabel('From').fill('2026-12-31');
    await card.getByLabel('To').fill('2026-01-01');
    expect(await card.getByRole('button', { name: 'Download CSV' }).isDisabled()).toBe(true);
    await card.getByText('The end date must not be before the start date.').waitFor();
  });
});
