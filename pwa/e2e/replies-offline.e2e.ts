/**
 * Canned replies, macros and New Ticket with no server (issue 51 "Done when"), in Chromium at
 * 390x844 with the real service worker, against an app of its own so the API can really be
 * stopped: a technician signs in and syncs; the API is stopped and the browser restarted; the
 * technician applies "Resolved on site" to one ticket ("Review, then Update Ticket"), inserts a
 * canned reply with `::` into another, and creates a ticket from a template ("Ticket will be
 * numbered when it syncs"). The API starts again on the same data: each update lands once, the
 * customer's e-mail carries the filled variables (first name, the live status link), the macro's
 * time entry is there once, the new ticket gets its number, its template's checklist (shown on
 * the phone before sending) and one confirmation e-mail.
 * Same start-up, issue 52 "Done when": the technician's Upcoming list shows tomorrow's recurring
 * visit with its site and checklist before its ticket exists; the schedule opens the ticket (run-now)
 * and the phone syncs it; with the API stopped and the browser restarted, Upcoming shows the visit
 * from the phone's copy, Recurring Tickets says its edits need a connection, and the ticket is
 * ticked off: Resolve is refused while its required item is open, then accepted after the ticks;
 * an item is added offline from the panel and ticked at once (its id made on the phone).
 * When the API is back each tick, the added item and the resolve are there once, and the occurrence opened once.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecurringScheduleDetail, Ticket, TicketTime, TicketUpdateEntry } from '@portal/shared';
import { startApp, type AppProcess } from '../../scripts/server-process';
import { persistentPhoneContext, waitForServiceWorker } from './support/browser';
import { shot } from './support/screenshots';

const TECH = { username: 'rita.replies', password: 'replies-pass-1' };
let app: AppProcess;
let adminToken: string;
let scheduleId: string;
let context: BrowserContext | undefined;
const profile = mkdtempSync(join(tmpdir(), 'replies-profile-'));

async function call<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${app.baseURL}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const login = async (username: string, password: string) => (await call<{ token: string }>('/api/auth/login', { method: 'POST', body: { username, password } })).token;

async function createTicket(clientName: string, customerEmail: string): Promise<string> {
  const body = { clientName, customerEmail, customerPhone: '555-0101', severity: 'high', contactMethod: 'email', issue: `${clientName}: the office printer is jammed again.` };
  return (await call<{ ticketNumber: string }>('/api/tickets', { method: 'POST', body })).ticketNumber;
}

/** Every .eml the app wrote (quoted-printable soft breaks and `=3D` undone). */
function mails(): string[] {
  const dir = join(app.dataDir, 'outbox-log', 'mail');
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  return names.map((n) => readFileSync(join(dir, n), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}

async function until<T>(what: string, read: () => Promise<T> | T, ok: (v: T) => boolean, ms = 45_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function openBrowser(): Promise<Page> {
  context = await persistentPhoneContext(profile);
  return context.pages()[0] ?? context.newPage();
}

async function signIn(page: Page) {
  await page.goto(`${app.baseURL}/login`);
  await page.getByPlaceholder('Enter your username').fill(TECH.username);
  await page.getByPlaceholder('Enter your password').fill(TECH.password);
  const reloaded = page.waitForEvent('load', { timeout: 15_000 }).catch(() => undefined);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText(`Welcome, ${TECH.username}`).first().waitFor({ state: 'attached' });
  await reloaded;
}

const openTicket = async (page: Page, number: string) => {
  await page.getByRole('button', { name: number, exact: true }).click();
  const form = page.getByRole('form', { name: `Update ticket ${number}` });
  await form.waitFor();
  return form;
};

beforeAll(async () => {
  app = await startApp({}, 180_000);
  adminToken = await login('admin', app.adminPassword);
  const techId = (await call<{ id: string }>('/api/users', { method: 'POST', token: adminToken, body: { ...TECH, role: 'technician' } })).id;
  await call('/api/canned-replies', {
    method: 'POST',
    token: adminToken,
    body: { scope: 'shared', title: 'Parts ordered', body: 'Hi {{contact.firstName}}, the parts for {{ticket.number}} are ordered. {{technician.name}}' },
  });
  // Issue 52: a daily visit assigned to the technician, at a client's site, with a checklist.
  const client = await call<{ id: string }>('/api/clients', { method: 'POST', token: adminToken, body: { name: 'Harbour Dental' } });
  const site = await call<{ id: string }>(`/api/clients/${client.id}/sites`, { method: 'POST', token: adminToken, body: { name: 'Harbour surgery', address: '4 Quay Road' } });
  const checklist = await call<{ id: string }>('/api/checklist-templates', { method: 'POST', token: adminToken, body: { name: 'Server room', items: [{ text: 'Check UPS battery', required: true }, { text: 'Dust the rack' }] } });
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  scheduleId = (await call<{ id: string }>('/api/recurring-tickets', {
    method: 'POST',
    token: adminToken,
    body: { title: 'Server room check', issue: 'Monthly look at the server room.', severity: 'medium', clientId: client.id, siteId: site.id, assignedTo: techId, templateId: checklist.id, timeZone: 'UTC', recurrence: { frequency: 'weekly', interval: 1, startDate: tomorrow, time: '09:00' } },
  })).id;
  await call('/api/ticket-templates', {
    method: 'POST',
    token: adminToken,
    body: { scope: 'shared', name: 'Printer jam', issue: 'The printer jams on every page; customer called.', severity: 'medium', contactMethod: 'phone', assignee: 'me', checklist: [{ text: 'Clear the paper path', required: true }, { text: 'Print a test page', required: false }] },
  });
}, 240_000);

afterAll(async () => {
  await context?.close();
  await app?.stop();
  rmSync(profile, { recursive: true, force: true });
});

describe('replies, macros and New Ticket with the API stopped', () => {
  it('applies a macro, inserts a reply with ::, creates a ticket; each lands once when the API is back', async () => {
    const dana = await createTicket('Dana Smith', 'dana@customer.test');
    const lee = await createTicket('Lee Park', 'lee@customer.test');
    let page = await openBrowser();
    await signIn(page);
    await page.goto(`${app.baseURL}/technician`);
    await waitForServiceWorker(page);
    await page.getByText(/^Last synced /).first().waitFor();
    // The device's copy is there: the macro list shows in the panel.
    let form = await openTicket(page, dana);
    await form.getByLabel('Apply macro').locator('option', { hasText: 'Resolved on site' }).waitFor({ state: 'attached' });
    await page.goto(`${app.baseURL}/upcoming`);
    // Issue 52: tomorrow's visit with its checklist before its ticket exists; then the schedule opens it.
    const preview = page.locator('.rec-visit', { hasText: 'Server room check' }).first();
    await preview.getByText('Harbour surgery', { exact: false }).waitFor({ timeout: 30_000 });
    await preview.getByText('Check UPS battery').waitFor();
    expect(await preview.locator('.rec-opened').count()).toBe(0);
    const visitTicket = (await call<RecurringScheduleDetail>(`/api/recurring-tickets/${scheduleId}/run-now`, { method: 'POST', token: adminToken })).lastTicket!.ticketNumber;
    await page.reload();
    await preview.getByText(`Ticket opened: ${visitTicket} (open)`).waitFor({ timeout: 30_000 });
    await page.goto(`${app.baseURL}/technician`);
    await page.getByText('Support Ticket Management').first().waitFor();
    await (await openTicket(page, visitTicket)).waitFor();
    await page.locator('.ticket-checklist').getByText('0/2').waitFor();
    await page.goto(`${app.baseURL}/technician`);
    await page.getByText('Support Ticket Management').first().waitFor();

    // The API stops; the browser is restarted.
    await app.kill('SIGTERM');
    await context!.close();
    page = await openBrowser();
    // Upcoming from the phone's copy: tomorrow's visit with its site and checklist.
    await page.goto(`${app.baseURL}/upcoming`);
    const visit = page.locator('.rec-visit', { hasText: 'Server room check' }).first();
    await visit.getByText('Check UPS battery').waitFor({ timeout: 30_000 });
    await visit.getByText('Harbour Dental').waitFor();
    await visit.getByText('Harbour surgery, 4 Quay Road').waitFor();
    await visit.getByText(`Ticket opened: ${visitTicket} (open)`).waitFor();
    expect(await visit.getAttribute('data-visit')).toMatch(new RegExp(`:${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}$`));
    await shot(page, 'upcoming-offline-phone');
    await page.getByRole('link', { name: 'All recurring tickets' }).click();
    await page.getByText('Recurring tickets are settings', { exact: false }).waitFor();
    await shot(page, 'recurring-offline-phone');
    await page.goto(`${app.baseURL}/technician`);
    await page.getByText('Support Ticket Management').first().waitFor();

    // Issue 52: the visit's ticket ticked off offline; Resolve refused while the required item is open.
    form = await openTicket(page, visitTicket);
    const checklist = page.locator('.ticket-checklist');
    await checklist.getByText('0/2').waitFor();
    await form.getByLabel('Status').selectOption('resolved');
    await form.getByLabel('Resolution').fill('UPS battery checked, rack dusted.');
    await form.getByRole('button', { name: 'Update Ticket' }).click();
    await page.getByText('1 required checklist item is still open').first().waitFor();
    // A tap queues the tick; the box shows it once the outbox has it (a controlled box: not check()).
    await checklist.getByLabel('Check UPS battery').click();
    await checklist.getByText('1/2').waitFor();
    await checklist.getByLabel('Dust the rack').click();
    await checklist.getByText('2/2').waitFor();
    // An item added offline gets its id on the phone: it is ticked at once, the tick queued after the add.
    await checklist.getByRole('button', { name: 'Add checklist item' }).click();
    const add = checklist.getByRole('form', { name: 'Add to checklist' });
    await add.getByLabel('New checklist item').fill('Label the UPS');
    await add.getByRole('button', { name: 'Add Item' }).click();
    await checklist.getByText('2/3').waitFor();
    await checklist.getByLabel('Label the UPS').click();
    await checklist.getByText('3/3').waitFor();
    expect(await checklist.getByRole('checkbox', { checked: true }).count()).toBe(3);
    expect(await checklist.getByText('Pending').count()).toBe(3);
    await checklist.scrollIntoViewIfNeeded();
    await shot(page, 'checklist-offline-phone');
    await form.getByRole('button', { name: 'Update Ticket' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await form.waitFor({ state: 'detached' });

    // 1. "Resolved on site": the form fills for review, then one update.
    form = await openTicket(page, dana);
    await form.getByLabel('Apply macro').selectOption({ label: 'Resolved on site' });
    await form.getByText('Review, then Update Ticket.').waitFor();
    expect(await form.getByLabel('Status').inputValue()).toBe('resolved');
    expect(await form.getByLabel('Update Comment').inputValue()).toContain('Dana');
    await form.getByText('Review, then Update Ticket.').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, 'replies-macro-review-phone');
    await form.getByRole('button', { name: 'Update Ticket' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await form.waitFor({ state: 'detached' });

    // 2. '::par' + Enter inserts the canned reply filled from Lee's ticket.
    form = await openTicket(page, lee);
    const comment = form.getByLabel('Update Comment');
    await comment.click();
    await comment.pressSequentially('::par');
    await page.getByRole('option', { name: /Parts ordered/ }).waitFor();
    await shot(page, 'replies-shortcut-phone');
    await comment.press('Enter');
    expect(await comment.inputValue()).toBe(`Hi Lee, the parts for ${lee} are ordered. ${TECH.username}`);
    await form.getByLabel('Reply to customer').check();
    await form.getByRole('button', { name: 'Update Ticket' }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await form.waitFor({ state: 'detached' });

    // 3. New Ticket from a template, offline.
    await page.getByRole('link', { name: 'New Ticket' }).click();
    const nt = page.getByRole('form', { name: 'New Ticket' });
    await nt.getByLabel(/Start from a template/).selectOption({ label: 'Printer jam' });
    expect(await nt.getByLabel('Issue Description').inputValue()).toContain('jams on every page');
    // The template's checklist, from the device's copy, shown before sending.
    expect(await nt.getByRole('list', { name: 'Checklist the ticket will get' }).getByRole('listitem').allTextContents()).toEqual(['Clear the paper path (Required)', 'Print a test page']);
    await shot(page, 'new-ticket-template-offline-phone');
    await nt.getByLabel('Name', { exact: true }).fill('Walk In');
    await nt.getByLabel('Email').fill('walk.in@customer.test');
    await nt.getByLabel('Phone').fill('555-0199');
    await nt.getByRole('button', { name: 'Create Ticket' }).click();
    await page.getByRole('status').filter({ hasText: 'Ticket will be numbered when it syncs' }).first().waitFor();
    await page.locator('.new-tickets').scrollIntoViewIfNeeded();
    await shot(page, 'new-ticket-offline-phone');
    await page.getByText('8 updates waiting to sync').first().waitFor();

    // The API comes back on the same data: the phone syncs by itself.
    app = await startApp({}, 180_000, { restart: app });
    const row = page.locator('.new-ticket-row', { hasText: 'New ticket for Walk In' });
    const number = await row.locator('.new-ticket-number').innerText({ timeout: 60_000 });
    expect(number).toMatch(/^TKT-\d{6}$/);
    await page.getByText('All updates synced').first().waitFor({ timeout: 30_000 });

    // Each landed once on the server.
    const token = await login(TECH.username, TECH.password);
    const ticket = (ref: string) => call<Ticket>(`/api/tickets/${ref}`, { token });
    const history = async (ref: string) => call<TicketUpdateEntry[]>(`/api/ticket-updates?ticketId=${(await ticket(ref)).id}`, { token });
    expect(await ticket(dana)).toMatchObject({ status: 'resolved', resolution: 'Resolved on site.' });
    const danaHistory = await history(dana);
    const macroRows = danaHistory.filter((u) => (u as { macro?: { name: string } }).macro?.name === 'Resolved on site');
    expect(macroRows.length).toBeGreaterThan(0);
    expect(danaHistory.filter((u) => u.comment?.includes('Hi Dana')).length).toBe(1);
    const time = await call<TicketTime>(`/api/tickets/${(await ticket(dana)).id}/time-entries`, { token });
    expect(time.entries.map((e) => [e.minutes, e.billable])).toEqual([[30, true]]);
    expect((await history(lee)).filter((u) => u.comment === `Hi Lee, the parts for ${lee} are ordered. ${TECH.username}`).length).toBe(1);
    const walkIn = await ticket(number);
    expect(walkIn).toMatchObject({ clientName: 'Walk In', severity: 'medium', contactMethod: 'phone' });
    expect(walkIn.checklist?.map((i) => [i.text, i.required, i.done])).toEqual([['Clear the paper path', true, false], ['Print a test page', false, false]]);
    // Issue 52: the visit's ticks and its resolve, once each; its occurrence opened once.
    const visited = await ticket(visitTicket);
    expect(visited.status).toBe('resolved');
    expect(visited.checklist?.map((i) => [i.text, i.required, i.done, i.doneBy])).toEqual([
      ['Check UPS battery', true, true, TECH.username],
      ['Dust the rack', false, true, TECH.username],
      ['Label the UPS', false, true, TECH.username],
    ]);
    const visitHistory = await history(visitTicket);
    expect(visitHistory.filter((u) => u.updateType === 'checklist' && /ticked/i.test(u.newValue ?? '')).map((u) => u.newValue)).toEqual(
      expect.arrayContaining(['Ticked "Check UPS battery"', 'Ticked "Dust the rack"', 'Ticked "Label the UPS"']),
    );
    expect(visitHistory.filter((u) => u.updateType === 'checklist' && /ticked/i.test(u.newValue ?? ''))).toHaveLength(3);
    // The item added offline landed once, by the technician.
    expect(visitHistory.filter((u) => u.updateType === 'checklist' && u.newValue === 'Added "Label the UPS"').map((u) => u.updatedByName)).toEqual([TECH.username]);
    expect(visitHistory.filter((u) => u.updateType === 'status_change' && u.newValue === 'resolved')).toHaveLength(1);
    const schedule = await call<RecurringScheduleDetail>(`/api/recurring-tickets/${scheduleId}`, { token });
    expect(schedule.history.map((h) => [h.outcome, h.ticketNumber, h.ticketStatus])).toEqual([['opened', visitTicket, 'resolved']]);

    // The customers' e-mails: Dana's reply with her first name and the live status link, Lee's
    // reply, the walk-in's confirmation, each once.
    const danaMails = await until('the reply to Dana', () => mails().filter((m) => m.includes('dana@customer.test') && m.includes('Hi Dana')), (l) => l.length > 0);
    expect(danaMails).toHaveLength(1);
    expect(danaMails[0]).toMatch(new RegExp(`${app.baseURL.replace(/[.:/]/g, '\\$&')}/status/[A-Za-z0-9_-]+`));
    expect(danaMails[0]).not.toContain('{{');
    await until('the reply to Lee', () => mails().filter((m) => m.includes('lee@customer.test') && m.includes('the parts for')), (l) => l.length === 1);
    const confirmations = await until('the walk-in confirmation', () => mails().filter((m) => m.includes('walk.in@customer.test') && m.includes(number)), (l) => l.length > 0);
    expect(confirmations).toHaveLength(1);
  }, 600_000);
});
