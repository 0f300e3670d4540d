/**
 * The technician's offline flows in Chromium at a phone viewport with the real service worker: a technician
 * signs in online; reloads with no network and the ticket screen renders from IndexedDB with the
 * offline indicator and last sync time; updates several tickets offline (pending marks, counter);
 * closes the page and reopens it with the outbox non-empty; back online the queue drains by itself
 * ('Ticket Updated'); a same-field change made meanwhile through the API gives a conflict that
 * shows both values and lets the technician choose. The server's work history then holds exactly
 * the expected rows, none twice. Merge (docs/merge.md "PWA"): a technician merges a possible
 * duplicate offline; back online it lands once, the target's history holds the source's updates in
 * order and the source's status link opens the target; a merge queued offline whose target someone
 * else changed meanwhile is refused with the server's message, nothing merged, and Discard shows the
 * server's copy (screenshots under docs/screenshots/merge with SCREENSHOT_DIR).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { MERGE_MSG, mergedFromText, mergedIntoText, possibleDuplicateText, type Ticket, type TicketUpdateEntry } from '@portal/shared';
import { api, apiLogin, desktopContext, launchBrowser, phoneContext, signIn, waitForServiceWorker } from './support/browser';
import { shot } from './support/screenshots';

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

  it("merges a possible duplicate offline: it lands once, the target holds the history in order, the source's status link opens the target", async () => {
    const pair = await duplicatePair('Dana Duplicate', 'dana.dup@example.com');
    await api(`/api/tickets/${pair.source.id}`, { method: 'PATCH', token: adminToken, body: { comment: 'merge-1: asked for the printer model' } });
    const phone = await phoneContext(browser, { serviceWorkers: 'allow' });
    const page = await phone.newPage();
    await signIn(page, TECH.username, TECH.password);
    await page.goto('/technician');
    await waitForServiceWorker(page);
    await text(page, possibleDuplicateText(pair.target.ticketNumber)).waitFor();
    await text(page, /^Last synced /).waitFor();
    await shot(page, 'duplicate-card-phone');

    // Offline: a note on the duplicate, then one tap to merge it into the first ticket (confirmed).
    await phone.setOffline(true);
    await text(page, 'Offline').waitFor();
    await page.getByRole('button', { name: pair.source.ticketNumber, exact: true }).click();
    const form = page.getByRole('form', { name: `Update ticket ${pair.source.ticketNumber}` });
    await form.getByLabel('Update Comment').fill('merge-2: on site, same printer');
    await form.getByRole('button', { name: 'Update Ticket' }).click();
    await text(page, 'Update Queued').waitFor();
    const panel = page.locator('.update-panel');
    await panel.getByText(possibleDuplicateText(pair.target.ticketNumber)).scrollIntoViewIfNeeded();
    await shot(page, 'duplicate-panel-phone');
    await panel.getByRole('button', { name: `Merge into ${pair.target.ticketNumber}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Merge ${pair.source.ticketNumber} into ${pair.target.ticketNumber}?` });
    await confirm.waitFor();
    await shot(page, 'merge-confirm-phone');
    await confirm.getByRole('button', { name: 'Merge', exact: true }).click();
    await text(page, 'Merge Queued').waitFor();
    await panel.getByText(mergedIntoText(pair.target.ticketNumber)).waitFor(); // at once, before the server knows
    await text(page, '2 updates waiting to sync').waitFor();
    expect(await ticketByNumber(pair.source.ticketNumber)).toMatchObject({ status: 'open', mergedInto: null });

    // Back online: the note, then the merge, each once.
    await phone.setOffline(false);
    await text(page, 'Tickets Merged').waitFor();
    await text(page, 'All updates synced').waitFor();
    expect(await ticketByNumber(pair.source.ticketNumber)).toMatchObject({ status: 'closed', mergedInto: { ticketNumber: pair.target.ticketNumber } });
    const comments = (await history(pair.target.ticketNumber)).filter((u) => u.comment).reverse().map((u) => u.comment!.split('\n')[0]);
    expect(comments).toEqual(['merge-1: asked for the printer model', 'merge-2: on site, same printer', mergedFromText(pair.source.ticketNumber)]);
    const sourceRows = (await history(pair.source.ticketNumber)).map((u) => u.comment ?? u.updateType);
    expect(sourceRows.sort()).toEqual(['created', mergedIntoText(pair.target.ticketNumber), 'status_change'].sort());

    // The source's status link opens the target.
    await page.goto(new URL(pair.statusUrl).pathname);
    await page.getByRole('heading', { name: `Ticket ${pair.target.ticketNumber}` }).waitFor();
    await phone.close();

    // Desktop: the banner and the confirmation, light and dark (cancelled: nothing queued).
    const other = await duplicatePair('Dora Desk', 'dora.desk@example.com');
    const desk = await desktopContext(browser);
    const dpage = await desk.newPage();
    await signIn(dpage, TECH.username, TECH.password);
    await dpage.goto('/technician');
    await text(dpage, possibleDuplicateText(other.target.ticketNumber)).waitFor();
    await dpage.getByRole('button', { name: other.source.ticketNumber, exact: true }).click();
    await dpage.locator('.update-panel').getByText(possibleDuplicateText(other.target.ticketNumber)).waitFor();
    await shot(dpage, 'duplicate-panel-desktop');
    await dpage.locator('.update-panel').getByRole('button', { name: `Merge into ${other.target.ticketNumber}` }).click();
    const ask = dpage.getByRole('alertdialog', { name: `Merge ${other.source.ticketNumber} into ${other.target.ticketNumber}?` });
    await ask.waitFor();
    await shot(dpage, 'merge-confirm-desktop');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    await desk.close();
  }, 150_000);

  it('a merge queued offline whose target someone else changed meanwhile is refused on the phone with the message; Discard shows the server copy', async () => {
    const pair = await duplicatePair('Rita Refused', 'rita.refused@example.com');
    const phone = await phoneContext(browser, { serviceWorkers: 'allow' });
    const page = await phone.newPage();
    await signIn(page, TECH.username, TECH.password);
    await page.goto('/technician');
    await waitForServiceWorker(page);
    await text(page, possibleDuplicateText(pair.target.ticketNumber)).waitFor();
    await text(page, /^Last synced /).waitFor();

    await phone.setOffline(true);
    await text(page, 'Offline').waitFor();
    await page.getByRole('button', { name: pair.source.ticketNumber, exact: true }).click();
    const panel = page.locator('.update-panel');
    await panel.getByRole('button', { name: `Merge into ${pair.target.ticketNumber}` }).click();
    await page.getByRole('alertdialog', { name: `Merge ${pair.source.ticketNumber} into ${pair.target.ticketNumber}?` }).getByRole('button', { name: 'Merge', exact: true }).click();
    await text(page, 'Merge Queued').waitFor();
    // Meanwhile an admin starts work on the target: its status changed since the phone saw it.
    await api(`/api/tickets/${pair.target.id}`, { method: 'PATCH', token: adminToken, body: { status: 'in_progress' } });

    await phone.setOffline(false);
    await text(page, 'Merge Refused').waitFor({ timeout: 30_000 });
    await text(page, '1 update needs attention').waitFor();
    await panel.getByText('Merge refused', { exact: true }).waitFor();
    await panel.getByText(MERGE_MSG.changed(pair.target.ticketNumber)).waitFor();
    await panel.getByText('Merge refused', { exact: true }).scrollIntoViewIfNeeded();
    await shot(page, 'merge-refused-phone');
    // Nothing merged on the server; the source is unchanged.
    expect(await ticketByNumber(pair.source.ticketNumber)).toMatchObject({ status: 'open', mergedInto: null });
    expect((await history(pair.target.ticketNumber)).some((u) => u.comment?.startsWith(mergedFromText(pair.source.ticketNumber)))).toBe(false);

    await panel.getByRole('button', { name: 'Discard' }).click();
    await panel.getByText('Merge refused', { exact: true }).waitFor({ state: 'detached' });
    await text(page, 'All updates synced').waitFor();
    await panel.getByText(mergedIntoText(pair.target.ticketNumber)).waitFor({ state: 'detached' });
    await phone.close();
  }, 150_000);
});

/** Two tickets of one contact with one subject: the second is flagged as a possible duplicate of the first. */
async function duplicatePair(clientName: string, customerEmail: string) {
  const body = (issue: string) => ({ clientName, customerEmail, customerPhone: '555-0199', severity: 'medium', contactMethod: 'email', issue });
  const first = await api<{ ticketNumber: string }>('/api/tickets', { method: 'POST', body: body('The printer in room 4 jams on every page') });
  const second = await api<{ ticketNumber: string; statusUrl: string }>('/api/tickets', { method: 'POST', body: body('The printer in room 4 jams on every page.\nSent from the form as well.') });
  const source = await ticketByNumber(second.ticketNumber);
  expect(source.possibleDuplicateOf).toMatchObject({ ticketNumber: first.ticketNumber });
  return { source, target: await ticketByNumber(first.ticketNumber), statusUrl: second.statusUrl };
}
