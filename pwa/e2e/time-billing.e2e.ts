/**
 * Time & Billing (issue 57 item 1 "Done when"), in Chromium at 1366x768: an admin runs last month's
 * report by client, exports both CSVs (their header rows and a row of each checked), marks one client's
 * month invoiced, and an edit of one of its entries (opened before the marking) is refused with the
 * clear message; the entry then shows who invoiced it.
 *
 * The server records entries at its own time (no backdating through the API), so the browser's clock
 * is set one month ahead (Playwright `clock.setFixedTime`, timers keep running): the screen's "Last
 * month" is then the server's current month, where the entries were just recorded.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, api, apiLogin, browserSuite, signIn } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();
const stamp = Date.now().toString(36);
const CLIENT = `Billing Client ${stamp}`;
const LOOSE = `Loose Bakery ${stamp}`;

async function download(page: Page, name: string): Promise<string[]> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return readFileSync((await file.path())!, 'utf8').split('\r\n');
}

describe('Time & Billing screen (issue 57 item 1)', () => {
  it("last month's report by client, both CSVs, mark invoiced, a locked entry's edit refused", async () => {
    const admin = suite.adminToken;
    const tech = { username: `bill.${stamp}`, password: 'billing-pass-1' };
    await api('/api/users', { method: 'POST', token: admin, body: { username: tech.username, password: tech.password, role: 'technician', email: `${tech.username}@example.com` } });
    const techToken = (await apiLogin(tech.username, tech.password)).token;
    const client = await api<{ id: string }>('/api/clients', { method: 'POST', token: admin, body: { name: CLIENT } });
    const ticket = (businessName: string) =>
      api<{ id: string; ticketNumber: string }>('/api/tickets', {
        method: 'POST',
        body: { clientName: 'Pat Payer', businessName, customerEmail: 'pat@example.com', customerPhone: '555-0160', severity: 'low', contactMethod: 'email', issue: 'The accounting PC will not print invoices.' },
      });
    const linked = await ticket('Typed Name');
    await api(`/api/tickets/${linked.id}`, { method: 'PATCH', token: admin, body: { clientId: client.id } });
    const loose = await ticket(LOOSE);
    const time = (token: string, id: string, minutes: number, billable: boolean, note: string) =>
      api(`/api/tickets/${id}/time-entries`, { method: 'POST', token, body: { minutes, billable, note } });
    await time(techToken, linked.id, 90, true, 'Replaced the print spooler');
    await time(admin, linked.id, 30, false, 'Travel');
    await time(techToken, loose.id, 45, true, 'Router reset');

    const page = await (await suite.newContext('desktop')).newPage();
    const now = new Date();
    await page.clock.setFixedTime(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15, 12)));
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/time-billing');
    await page.getByRole('heading', { name: 'Time & Billing', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Last month' }).click();
    const table = page.getByRole('table', { name: 'Time by client' });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: CLIENT, exact: true }) });
    await row.waitFor();
    expect((await row.innerText()).split(/\t|\n/).map((s) => s.trim()).filter(Boolean).slice(0, 6)).toEqual([CLIENT, '2', '2.00 h', '1.50 h', '0.50 h', '0.00 h']);

    const generic = await download(page, 'Export CSV');
    expect(generic[0]).toBe('Date,Ticket,Client,Technician,Minutes,Hours,Billable,Note,Invoiced at,Invoiced by');
    expect(generic).toContainEqual(expect.stringMatching(new RegExp(`^\\d{4}-\\d{2}-\\d{2},${linked.ticketNumber},${CLIENT},${tech.username},90,1\\.50,yes,Replaced the print spooler,,$`)));
    const lines = await download(page, 'Export invoice lines (QuickBooks / Xero)');
    expect(lines[0]).toBe('ContactName,InvoiceNumber,Reference,InvoiceDate,DueDate,Description,Quantity,UnitAmount,LineAmount,ServiceDate');
    expect(lines.filter((l) => l.startsWith(`${CLIENT},`))).toHaveLength(1); // the not billable travel is no invoice line
    expect(lines).toContainEqual(expect.stringContaining(`${LOOSE},TB-`));
    expect(lines.find((l) => l.startsWith(`${CLIENT},`))).toContain(`${linked.ticketNumber}: Replaced the print spooler (${tech.username}),1.50,,,`);

    // Drill down, open the edit of the 90-minute entry, then mark the client's month invoiced.
    await row.getByRole('button', { name: `Entries of ${CLIENT}` }).click();
    const entry = table.locator('.billing-entry', { hasText: 'Replaced the print spooler' });
    await entry.getByRole('button', { name: 'Edit' }).click();
    const form = entry.getByRole('form', { name: `Edit time entry of ${linked.ticketNumber}` });
    await form.getByLabel('Minutes').fill('60');
    await row.getByRole('button', { name: `Mark ${CLIENT} invoiced` }).click();
    await page.getByText(`2 entries of ${CLIENT} are locked.`).first().waitFor();
    await entry.getByText(/Invoiced \d{4}-\d{2}-\d{2} by admin: locked/).waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('alert').filter({ hasText: /This time entry was invoiced on \d{4}-\d{2}-\d{2} by admin and is locked: it can no longer be changed\./ }).waitFor();
    await shot(page, 'time-billing-locked-desktop');

    // Nothing changed; the loose client's entry is still open.
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
    const all = await api<{ entries: { note: string | null; minutes: number; invoicedBy: string | null }[] }>(`/api/time-report/entries?from=${first}&to=${last}`, { token: admin });
    expect(all.entries.find((e) => e.note === 'Replaced the print spooler')).toMatchObject({ minutes: 90, invoicedBy: 'admin' });
    expect(all.entries.find((e) => e.note === 'Router reset')).toMatchObject({ minutes: 45, invoicedBy: null });
  });
});

describe('Tags (issue 57 item 3)', () => {
  it('a tag added offline and one added online meanwhile are both there once after sync; the list filters by tag', async () => {
    const admin = suite.adminToken;
    const tech = { username: `tags.${stamp}`, password: 'tagging-pass-1' };
    await api('/api/users', { method: 'POST', token: admin, body: { username: tech.username, password: tech.password, role: 'technician', email: `${tech.username}@example.com` } });
    for (const name of [`Onsite ${stamp}`, `Printer ${stamp}`]) await api('/api/tags', { method: 'POST', token: admin, body: { name } });
    const [ONSITE, PRINTER] = [`Onsite ${stamp}`, `Printer ${stamp}`];
    const ticket = await api<{ id: string; ticketNumber: string }>('/api/tickets', {
      method: 'POST',
      body: { clientName: 'Tia Tagged', businessName: 'Tag Bakery', customerEmail: 'tia@example.com', customerPhone: '555-0170', severity: 'medium', contactMethod: 'email', issue: 'The label printer in the back office jams.' },
    });

    const context = await suite.newContext('phone');
    const page = await context.newPage();
    await signIn(page, tech.username, tech.password);
    await page.goto(`/technician?ticket=${ticket.id}`);
    await page.getByText(/^Last synced /).first().waitFor();
    const tags = page.locator('section.ticket-tags');
    await tags.waitFor();

    await context.setOffline(true);
    await tags.getByPlaceholder('Add tag').fill(ONSITE.toLowerCase());
    await tags.getByRole('button', { name: 'Add tag' }).click();
    await tags.getByText(ONSITE, { exact: true }).waitFor(); // the list's spelling
    await api(`/api/tickets/${ticket.id}`, { method: 'PATCH', token: admin, body: { tagsAdd: [PRINTER] } });
    await context.setOffline(false);
    await page.getByText('All updates synced').first().waitFor({ timeout: 30_000 });
    let server: string[] = [];
    for (let i = 0; i < 50 && server.length < 2; i++) {
      server = (await api<{ tags: string[] }>(`/api/tickets/${ticket.id}`, { token: admin })).tags;
      if (server.length < 2) await page.waitForTimeout(200);
    }
    expect(server).toEqual([ONSITE, PRINTER]);
    await tags.getByText(PRINTER, { exact: true }).waitFor({ timeout: 30_000 });
    expect(await tags.locator('.tag-chip').allInnerTexts()).toHaveLength(2);
    await tags.scrollIntoViewIfNeeded();
    await shot(page, 'tags-panel-phone');

    // The list filtered by tag shows the ticket (and its chips on the card).
    await page.goto('/technician');
    await page.getByRole('button', { name: /^Filter and sort/ }).click();
    await page.getByLabel('Tag', { exact: true }).selectOption(PRINTER);
    await page.getByRole('button', { name: ticket.ticketNumber }).waitFor();
    await shot(page, 'tags-list-phone');

    const desk = await (await suite.newContext('desktop')).newPage();
    await signIn(desk, 'admin', inject('adminPassword'));
    await desk.goto(`/technician?ticket=${ticket.id}`).catch(() => desk.goto(`/technician?ticket=${ticket.id}`));
    await desk.locator('section.ticket-tags').getByText(PRINTER, { exact: true }).waitFor();
    await shot(desk, 'tags-panel-desktop');
    await desk.goto('/admin/tags');
    await desk.getByRole('heading', { name: 'Tags', level: 1 }).waitFor();
    await desk.locator('.tags-table .tag-chip').filter({ hasText: ONSITE }).waitFor();
    await shot(desk, 'tags-admin-desktop');
    await desk.setViewportSize(PHONE);
    await shot(desk, 'tags-admin-phone');

    // Time & Billing by tag: this ticket's time is under both of its tags; the Tag filter keeps it.
    await api(`/api/tickets/${ticket.id}/time-entries`, { method: 'POST', token: admin, body: { minutes: 45, billable: true, note: 'Cleared the jam' } });
    await desk.setViewportSize(DESKTOP);
    await desk.goto('/time-billing');
    await desk.getByLabel('Tag', { exact: true }).selectOption(PRINTER);
    await desk.getByText(`, tickets tagged ${PRINTER}.`, { exact: false }).waitFor();
    await desk.getByRole('button', { name: 'By tag' }).click();
    const byTag = desk.getByRole('table', { name: 'Time by tag' });
    for (const name of [ONSITE, PRINTER]) {
      const cells = (await byTag.getByRole('row').filter({ hasText: name }).innerText()).split(/\t|\n/).map((c) => c.trim()).filter(Boolean);
      expect(cells.slice(0, 4)).toEqual([name, '1', '0.75 h', '0.75 h']);
    }
    await shot(desk, 'tags-billing-desktop');
    await desk.setViewportSize(PHONE);
    await shot(desk, 'tags-billing-phone', { fullPage: true });
  });
});
