/**
 * SLA clocks and time tracking at 390x844 (docs/sla.md): a ticket card
 * shows its due clock; a technician starts the timer offline, reloads (the timer survives in
 * IndexedDB), stops it 25 minutes later, reloads with the entry queued, comes back online, and the
 * server's time report counts the 25 minutes exactly once. The page clock is Playwright's: it runs
 * normally and the test moves it forward 25 minutes at once (no waiting).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Ticket, TicketTime, TimeReport } from '@portal/shared';
import { api, apiLogin, launchBrowser, phoneContext, signIn, waitForServiceWorker } from './support/browser';

const TECH = { username: 'tara.timer', password: 'timer-pass-1' };
let browser: Browser;
let context: BrowserContext;
let adminToken: string;
let techId: string;

const text = (page: Page, t: string | RegExp) => page.getByText(t, { exact: typeof t === 'string' }).first();

async function openTicket(page: Page, number: string) {
  await page.getByRole('button', { name: number, exact: true }).click();
  await page.getByRole('form', { name: `Update ticket ${number}` }).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await apiLogin('admin', inject('adminPassword'))).token;
  techId = (await api<{ id: string }>('/api/users', { method: 'POST', token: adminToken, body: { ...TECH, role: 'technician' } })).id;
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('SLA clock and time tracking (phone)', () => {
  it('shows a due clock on the card and records 25 timer minutes taken offline once', async () => {
    const { ticketNumber } = await api<{ ticketNumber: string }>('/api/tickets', {
      method: 'POST',
      body: { clientName: 'Sam Stopwatch', businessName: 'Timer Works', customerEmail: 's@example.com', customerPhone: '555-0199', severity: 'urgent', contactMethod: 'email', issue: 'The whole office lost its e-mail this morning.' },
    });
    const ticket = await api<Ticket>(`/api/tickets/${ticketNumber}`, { token: adminToken });
    expect(ticket.firstResponseDueAt).not.toBeNull();

    context = await phoneContext(browser, { serviceWorkers: 'allow' });
    await context.clock.install();
    const page = await context.newPage();
    await signIn(page, TECH.username, TECH.password);
    await page.goto('/technician');
    await waitForServiceWorker(page);
    const card = page.locator('article.ticket-card', { has: page.getByRole('button', { name: ticketNumber, exact: true }) });
    await card.getByText(/^(Response due in \d|Breached \d)/).waitFor();
    await text(page, /^Last synced /).waitFor();

    // Offline: start the timer, reload, the timer is still running.
    await context.setOffline(true);
    await page.reload();
    await text(page, 'Offline').waitFor();
    await openTicket(page, ticketNumber);
    await page.getByRole('button', { name: 'Start Timer' }).click();
    await page.getByRole('button', { name: /^Stop Timer/ }).waitFor();
    await page.reload();
    await text(page, 'Offline').waitFor();
    await openTicket(page, ticketNumber);
    const stop = page.getByRole('button', { name: /^Stop Timer/ });
    await stop.waitFor();

    // 25 minutes later (the page's clock jumps), stop it: the entry is queued.
    const pageNow = await page.evaluate(() => Date.now());
    await page.clock.setSystemTime(pageNow + 25 * 60_000);
    await stop.click();
    await text(page, 'Time Queued').waitFor();
    await text(page, /25 min waiting to sync/).waitFor();
    await page.getByRole('button', { name: 'Start Timer' }).waitFor();

    // Reload with the entry queued, then back online: it is sent once.
    await page.reload();
    await text(page, '1 update waiting to sync').waitFor();
    await context.setOffline(false);
    await text(page, 'All updates synced').waitFor();

    // The scheduler's KPI tab shows SLA compliance.
    await page.goto('/scheduler');
    await page.getByRole('heading', { name: 'SLA Compliance (last 30 days)' }).waitFor();
    await page.getByRole('listitem', { name: 'Everyone' }).getByText('Response met / breached').waitFor();

    const time = await api<TicketTime>(`/api/tickets/${ticket.id}/time-entries`, { token: adminToken });
    expect(time.entries.map((e) => [e.minutes, e.userId, e.billable])).toEqual([[25, techId, true]]);
    const day = new Date().toISOString().slice(0, 10);
    const report = await api<TimeReport>(`/api/time-report?from=${day}&to=${day}`, { token: adminToken });
    expect(report.rows.filter((r) => r.client === 'Timer Works')).toEqual([
      { clientId: null, client: 'Timer Works', technicianId: techId, technician: TECH.username, entries: 1, totalMinutes: 25, billableMinutes: 25 },
    ]);
  });
});
