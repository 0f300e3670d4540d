/**
 * The technician's offline flows in Chromium at a phone viewport with the real service worker: a technician
 * signs in online; reloads with no network and the ticket screen renders from IndexedDB with the
 * offline indicator and last sync time; updates several tickets offline (pending marks, counter);
 * closes the page and reopens it with the outbox non-empty; back online the queue drains by itself
 * ('Ticket Updated'); a same-field change made meanwhile through the API gives a conflict that
 * shows both values and lets the technician choose. The server's work history then holds exactly
 * the expected rows, none twice.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Ticket, TicketUpdateEntry } from '@portal/shared';
import { api, apiLogin, launchBrowser, phoneContext, signIn, waitForServiceWorker } from './support/browser';

const TECH = { username: 'omar.offline', password: 'offline-pass-1' };
let browser: Browser;
let context: BrowserContext;
let adminToken: string;
let techId: string;

async function createTicket(clientName: string): Promise<string> {
  const res = await api<{ ticketNumber: string }>('/api/tickets', {
    method: 'POST',
    body: { clientName, customerEmail: 'c@example.com', customerPhone: '555-0101', severity: 'high', contactMethod: 'email', issue: `${clientName}: the office network is down.` },
  });
  return res.ticketNumber;
}

async function ticketByNumber(number: string): Promise<Ticket> {
  return api<Ticket>(`/api/tickets/${number}`, { token: adminToken });
}

async function history(number: string): Promise<TicketUpdateEntry[]> {
  const { id } = await ticketByNumber(number);
  return api<TicketUpdateEntry[]>(`/api/ticket-updates?ticketId=${id}`, { token: adminToken });
}

/** Waits until the page is controlled by the activated service worker (offline reloads need it). */
/** Opens a ticket's panel (a sheet on phones), applies the changes and submits. */
async function updateTicket(page: Page, number: string, change: { status?: string; assignee?: string; resolution?: string; comment?: string }) {
  await page.getByRole('button', { name: number, exact: true }).click();
  const form = page.getByRole('form', { name: `Update ticket ${number}` });
  await form.waitFor();
  if (change.status) await form.getByLabel('Status').selectOption({ label: change.status });
  if (change.assignee) await form.getByLabel('Assigned To').selectOption({ label: change.assignee });
  if (change.resolution) await form.getByLabel('Resolution').fill(change.resolution);
  if (change.comment) await form.getByLabel('Update Comment').fill(change.comment);
  await form.getByRole('button', { name: 'Update Ticket' }).click();
  await page.getByRole('button', { name: 'Done' }).click(); // the sheet stays open after an update until Done
  await form.waitFor({ state: 'detached' });
}

const text = (page: Page, t: string | RegExp) => page.getByText(t, { exact: typeof t === 'string' }).first();

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await apiLogin('admin', inject('adminPassword'))).token;
  techId = (await api<{ id: string }>('/api/users', { method: 'POST', token: adminToken, body: { ...TECH, role: 'technician' } })).id;
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('offline technician', () => {
  it('works offline, survives a closed page, syncs once when back online and resolves a conflict', async () => {
    const [t1, t2, t3] = [await createTicket('Olga Offline'), await createTicket('Paul Pending'), await createTicket('Quinn Queue')];
    context = await phoneContext(browser, { serviceWorkers: 'allow' });
    let page = await context.newPage();

    // Flow 2: sign in once online; the screen syncs into IndexedDB.
    await signIn(page, TECH.username, TECH.password);
    await page.goto('/technician');
    await waitForServiceWorker(page);
    await text(page, t3).waitFor();
    await text(page, /^Last synced /).waitFor();

    // ... then opens with no network at all.
    await context.setOffline(true);
    await page.reload();
    await text(page, 'Support Ticket Management').waitFor();
    await text(page, 'Offline').waitFor();
    await text(page, /^Last synced /).waitFor();
    await text(page, t1).waitFor();

    // Flow 3: several updates offline, each pending at once, with the counter.
    await updateTicket(page, t1, { status: 'In Progress', comment: 'offline-1: on site' });
    await text(page, 'Update Queued').waitFor();
    await text(page, '1 update waiting to sync').waitFor();
    await updateTicket(page, t2, { assignee: TECH.username, resolution: 'Replaced the switch' });
    await updateTicket(page, t3, { status: 'Resolved' });
    await updateTicket(page, t1, { comment: 'offline-2: waiting for parts' });
    await text(page, '4 updates waiting to sync').waitFor();
    expect(await page.getByText('Pending', { exact: true }).count()).toBe(3); // one mark per ticket card
    await page.getByText('In Progress (', { exact: false }).first().waitFor();

    // Closing the page loses nothing.
    await page.close();
    page = await context.newPage();
    await page.goto('/technician');
    await text(page, '4 updates waiting to sync').waitFor();
    expect(await ticketByNumber(t1)).toMatchObject({ status: 'open', version: 1 }); // nothing sent yet

    // Flow 4: back online, the queue drains by itself.
    await context.setOffline(false);
    await text(page, 'Ticket Updated').waitFor();
    await text(page, 'All updates synced').waitFor();
    await text(page, 'Online').waitFor();
    expect(await page.getByText('Pending', { exact: true }).count()).toBe(0);
    expect(await ticketByNumber(t1)).toMatchObject({ status: 'in_progress' });
    expect(await ticketByNumber(t2)).toMatchObject({ assignedTo: techId, resolution: 'Replaced the switch' });
    expect(await ticketByNumber(t3)).toMatchObject({ status: 'resolved' });

    // Flow 5: offline again; someone changes the same field through the API meanwhile.
    await context.setOffline(true);
    await text(page, 'Offline').waitFor();
    await updateTicket(page, t3, { status: 'In Progress', comment: 'offline-3: reopened' });
    await text(page, '1 update waiting to sync').waitFor();
    const { id: t3Id } = await ticketByNumber(t3);
    await api(`/api/tickets/${t3Id}`, { method: 'PATCH', token: adminToken, body: { status: 'closed' } });
    await context.setOffline(false);
    await text(page, 'Update Conflict').waitFor();
    await text(page, '1 update needs attention').waitFor();
    // Honest sync bar: not 'All updates synced' beside it; its link opens that ticket.
    expect(await page.getByText('All updates synced').count()).toBe(0);
    await page.getByRole('link', { name: `Review ${t3}` }).click();
    await text(page, 'Your change: In Progress').waitFor();
    await text(page, 'Current value: Closed').waitFor();
    expect(await ticketByNumber(t3)).toMatchObject({ status: 'closed' }); // nothing overwritten silently
    await page.getByLabel('Your change: In Progress').check();
    await page.getByRole('button', { name: 'Save Choice' }).click();
    await text(page, 'Ticket Updated').waitFor();
    await text(page, 'All updates synced').waitFor();
    expect(await ticketByNumber(t3)).toMatchObject({ status: 'in_progress' });

    // Exactly the expected work history on the server, nothing twice.
    const rows = (h: TicketUpdateEntry[]) => h.filter((r) => r.updateType !== 'created').map((r) => [r.updateType, r.previousValue, r.newValue, r.comment]).sort();
    expect(rows(await history(t1))).toEqual(
      [
        ['comment', null, null, 'offline-1: on site'],
        ['comment', null, null, 'offline-2: waiting for parts'],
        ['status_change', 'open', 'in_progress', null],
      ].sort(),
    );
    expect(rows(await history(t2))).toEqual(
      [
        ['assignment', null, TECH.username, null],
        ['resolution', null, 'Replaced the switch', null],
      ].sort(),
    );
    expect(rows(await history(t3))).toEqual(
      [
        ['comment', null, null, 'offline-3: reopened'],
        ['status_change', 'closed', 'in_progress', null],
        ['status_change', 'open', 'resolved', null],
        ['status_change', 'resolved', 'closed', null],
      ].sort(),
    );
  }, 150_000);
});
