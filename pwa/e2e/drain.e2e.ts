/**
 * The outbox drain in the browser, at desktop size (the Update Ticket panel stays open):
 * - a comment being typed survives a sync that touches the same ticket: a delta pull bringing
 *   another user's change of it, and the drain sending this device's own queued update of it
 *   (each gives the ticket a new version and changes its outbox items);
 * - with the API unreachable while the browser believes it is online (every /api request aborted,
 *   no `offline` / `online` event ever), queued updates are sent by themselves once it answers
 *   again: the engine's reachability probe notices (the bench measures how fast); while only the
 *   probe gets through and the sync's requests still fail, the bar stays Offline.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Ticket, TicketUpdateEntry } from '@portal/shared';
import { api, browserSuite, desktopContext, signIn } from './support/browser';

const suite = browserSuite();

async function createTicket(clientName: string): Promise<{ id: string; ticketNumber: string }> {
  return api('/api/tickets', {
    method: 'POST',
    body: { clientName, customerEmail: 'c@example.com', customerPhone: '555-0101', severity: 'medium', contactMethod: 'email', issue: `${clientName}: the scanner jams.` },
  });
}

/** The ticket's comments on the server, sorted. */
const comments = async (ticketId: string) =>
  (await api<TicketUpdateEntry[]>(`/api/ticket-updates?ticketId=${ticketId}`, { token: suite.adminToken })).filter((h) => h.comment).map((h) => h.comment).sort();

const syncBar = (page: Page) => page.getByRole('region', { name: 'Offline sync' });

/** A new technician signed in at desktop size on the ticket screen with `ticket` open. */
async function technicianWithTicketOpen(ticketNumber: string): Promise<{ page: Page; context: BrowserContext }> {
  const username = `drain-${randomUUID().slice(0, 8)}`;
  await api('/api/users', { method: 'POST', token: suite.adminToken, body: { username, password: 'drain-pass-1', role: 'technician' } });
  const context = await desktopContext(suite.browser);
  suite.track(context);
  const page = await context.newPage();
  logApiRequests(page);
  await signIn(page, username, 'drain-pass-1');
  await page.goto('/technician');
  await page.getByPlaceholder('Search number, name').fill(ticketNumber);
  await page.getByRole('button', { name: ticketNumber, exact: true }).click({ timeout: 30_000 });
  await page.getByRole('form', { name: `Update ticket ${ticketNumber}` }).waitFor({ timeout: 15_000 });
  // The first sync has ended: the device holds its tickets (TicketsPage.firstSync.test.tsx covers before).
  await syncBar(page).getByText(/^Last synced /).waitFor({ timeout: 30_000 });
  return { page, context };
}

/**
 * Waits for the sync bar to show `text`; on timeout fails with what the bar, the form's messages
 * and its comment box showed instead (a flake then says which step of the page went wrong).
 */
/** Each page's API requests and how they ended, for failure messages (see barShows). */
const apiRequests = new WeakMap<Page, string[]>();
function logApiRequests(page: Page): void {
  const log: string[] = [];
  apiRequests.set(page, log);
  const path = (url: string) => new URL(url).pathname;
  page.on('requestfinished', (r) => path(r.url()).startsWith('/api/') && log.push(`${r.method()} ${path(r.url())} answered`));
  page.on('requestfailed', (r) => path(r.url()).startsWith('/api/') && log.push(`${r.method()} ${path(r.url())} failed: ${r.failure()?.errorText}`));
}

async function barShows(page: Page, text: string, timeout: number): Promise<void> {
  try {
    await syncBar(page).getByText(text).waitFor({ timeout });
  } catch (error) {
    const bar = await syncBar(page).innerText({ timeout: 2_000 }).catch(() => '(no sync bar)');
    const messages = await page.locator('form [role="status"], form [role="alert"]').allInnerTexts().catch(() => []);
    const typed = await page.getByLabel('Update Comment').inputValue({ timeout: 2_000 }).catch(() => '(no comment box)');
    const toasts = await page.locator('[role="status"], [role="alert"]').allInnerTexts().catch(() => []);
    const requests = apiRequests.get(page) ?? [];
    throw new Error(
      `'${text}' not shown in ${timeout} ms; the bar shows ${JSON.stringify(bar)}, the form ${JSON.stringify(messages)}, its comment ${JSON.stringify(typed)}, the page's messages ${JSON.stringify(toasts)}, its last API requests ${JSON.stringify(requests.slice(-8))} (${String(error).split('\n')[0]})`,
      { cause: error },
    );
  }
}

describe('the Update Ticket form and sync', () => {
  it('a comment being typed survives a sync that touches the same ticket', async () => {
    const t = await createTicket(`Sync Survivor ${randomUUID().slice(0, 6)}`);
    const { page, context } = await technicianWithTicketOpen(t.ticketNumber);
    const form = page.getByRole('form', { name: `Update ticket ${t.ticketNumber}` });
    const comment = form.getByLabel('Update Comment');

    // 1. A delta pull brings another user's change of this very ticket while a comment is typed.
    await comment.fill('Half-typed: the rollers are worn');
    await api(`/api/tickets/${t.id}`, { method: 'PATCH', token: suite.adminToken, body: { resolution: 'Ordered new rollers' } });
    await syncBar(page).getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => form.getByLabel('Resolution').inputValue(), { timeout: 30_000 }).toBe('Ordered new rollers');
    expect(await comment.inputValue()).toBe('Half-typed: the rollers are worn');

    // 2. The drain sends a queued update of the same ticket while another comment is typed.
    await context.setOffline(true);
    await comment.fill('First note, queued offline');
    await form.getByRole('button', { name: 'Update Ticket' }).click();
    await barShows(page, '1 update waiting to sync', 15_000);
    expect(await comment.inputValue()).toBe(''); // queued: the form starts over
    await form.getByLabel('Status').selectOption({ label: 'In Progress' });
    await comment.fill('Second note, typed while the first one syncs');
    await context.setOffline(false);
    await barShows(page, 'All updates synced', 30_000);
    await expect.poll(() => comments(t.id), { timeout: 15_000 }).toEqual(['First note, queued offline']);
    expect(await comment.inputValue()).toBe('Second note, typed while the first one syncs');
    expect(await form.getByLabel('Status').inputValue()).toBe('in_progress');

    // What was typed is what is sent.
    await form.getByRole('button', { name: 'Update Ticket' }).click();
    await expect
      .poll(() => comments(t.id), { timeout: 30_000 })
      .toEqual(['First note, queued offline', 'Second note, typed while the first one syncs']);
    expect(await api<Ticket>(`/api/tickets/${t.id}`, { token: suite.adminToken })).toMatchObject({ status: 'in_progress', resolution: 'Ordered new rollers' });
  });

  it('sends queued updates by itself when an unreachable API answers again while the browser stayed online', async () => {
    const t = await createTicket(`Lie-fi ${randomUUID().slice(0, 6)}`);
    const { page } = await technicianWithTicketOpen(t.ticketNumber);
    const form = page.getByRole('form', { name: `Update ticket ${t.ticketNumber}` });

    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await form.getByLabel('Update Comment').fill('Queued while the server was away');
    await form.getByRole('button', { name: 'Update Ticket' }).click();
    await barShows(page, '1 update waiting to sync', 15_000);
    await syncBar(page).getByText('Offline', { exact: true }).waitFor({ timeout: 15_000 }); // lie-fi noticed
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    expect(await comments(t.id)).toEqual([]);

    // A weak signal: the probe's small HEAD gets through while the sync's requests still fail. The
    // app stays Offline (it used to flip to Online at each probe's answer, for a moment each time).
    let probes = 0;
    await page.route('**/api/health/live', (route) => {
      probes += 1;
      return route.fulfill({ status: 200, body: '' });
    });
    await page.evaluate(() => {
      const bar = document.querySelector('section[aria-label="Offline sync"]')!;
      const shown: string[] = [];
      (window as unknown as { barTexts: string[] }).barTexts = shown;
      new MutationObserver(() => shown.push(bar.textContent ?? '')).observe(bar, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await expect.poll(() => probes, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const barTexts = await page.evaluate(() => (window as unknown as { barTexts: string[] }).barTexts);
    expect(barTexts.filter((text) => text.includes('Online'))).toEqual([]);
    expect(barTexts.some((text) => text.includes('Syncing...'))).toBe(true); // each answer made it try
    expect(await comments(t.id)).toEqual([]);

    await page.unroute('**/api/health/live');
    await page.unroute('**/api/**');
    // No online event, no click: only the engine's probe can notice (every 3-5 s while visible).
    await barShows(page, 'All updates synced', 45_000);
    await syncBar(page).getByText('Online', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await comments(t.id)).toEqual(['Queued while the server was away']);
  });
});
