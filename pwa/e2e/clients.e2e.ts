/**
 * Clients in Chromium (issue 50 "Done when"), with the real service worker on a phone profile
 * (390x844) that is closed and launched again like a restarted browser:
 * - a technician creates a client with a contact and a site on /clients;
 * - a public ticket from that contact's address lands on the client and contact (API);
 * - a ticket from a free-mail address stays unmatched and is linked from the Update Ticket panel;
 * - with the server unreachable (the browser offline: the one app process of the run serves every
 *   test file, so it is not stopped) and the browser restarted, the client card of the assigned
 *   ticket shows contacts, the site's access notes and the vault index; the technician edits the
 *   contact's phone, which syncs when the server is back (sent once with its Idempotency-Key; the queue empties).
 * An admin's "Tickets without a client" lists a free-mail ticket, at both sizes; the card's Delete asks
 * first (Cancel keeps the client) and the SLA card has the client's row under "By client".
 * Screenshots of the list, the card, the ticket panel's pickers, the admin list, the delete dialog and
 * the SLA card at 390x844 and 1366x768, light and dark (SCREENSHOT_DIR).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Client, Ticket } from '@portal/shared';
import { DESKTOP, PHONE, api, apiLogin, launchBrowser, persistentPhoneContext, signIn, waitForServiceWorker } from './support/browser';
import { shot } from './support/screenshots';

const TECH = { username: 'cleo.clients', password: 'clients-pass-1' };
const run = Date.now().toString(36);
const NAME = `Harbor Dental ${run}`;
const DOMAIN = `harbor-${run}.test`;
const CONTACT_EMAIL = `dana@${DOMAIN}`;
let adminToken: string;
let techId: string;
let clientId = '';
let context: BrowserContext | undefined;
const profile = mkdtempSync(join(tmpdir(), 'clients-e2e-'));

const text = (page: Page, t: string | RegExp) => page.getByText(t, { exact: typeof t === 'string' }).first();
const publicTicket = (customerEmail: string) =>
  api<{ ticketNumber: string }>('/api/tickets', {
    method: 'POST',
    body: { clientName: 'Dana Front Desk', customerEmail, customerPhone: '555-0101', severity: 'medium', contactMethod: 'email', issue: 'The reception printer does not print.' },
  });
const ticket = (ref: string) => api<Ticket>(`/api/tickets/${ref}`, { token: adminToken });
const clientByName = async () => (await api<{ items: Client[] }>(`/api/clients?q=${encodeURIComponent(NAME)}`, { token: adminToken })).items[0]!;
const card = async (id: string) => api<Client>(`/api/clients/${id}`, { token: adminToken });
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 300));
  }
}

beforeAll(async () => {
  adminToken = (await apiLogin('admin', inject('adminPassword'))).token;
  techId = (await api<{ id: string }>('/api/users', { method: 'POST', token: adminToken, body: { ...TECH, role: 'technician' } })).id;
});
afterAll(async () => {
  await context?.close();
});

describe('clients', () => {
  it('creates a client with a contact and a site, matches and links tickets, and works offline after a restart', async () => {
    context = await persistentPhoneContext(profile);
    let page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, TECH.username, TECH.password);
    await page.goto('/clients');
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'New Client' }).click();
    const form = page.getByRole('form', { name: 'New Client' });
    await form.getByLabel('Client name').fill(NAME);
    await form.getByLabel('E-mail domains').fill(DOMAIN);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Add Contact' }).click();
    const contactForm = page.getByRole('form', { name: 'Add Contact' });
    await contactForm.getByLabel('Contact name').fill('Dana Office');
    await contactForm.getByLabel('E-mail').fill(CONTACT_EMAIL);
    await contactForm.getByLabel('Phone').fill('201-555-0123');
    await contactForm.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Add Site' }).click();
    const siteForm = page.getByRole('form', { name: 'Add Site' });
    await siteForm.getByLabel('Site name').fill('Main office');
    await siteForm.getByLabel('Address').fill('1 Harbor Way, Springfield');
    await siteForm.getByLabel('Access notes').fill('Alarm code with the front desk; park at the back');
    await siteForm.getByRole('button', { name: 'Save' }).click();
    await text(page, 'All updates synced').waitFor();
    const client = await until(clientByName, (c) => c !== undefined);
    clientId = client.id;
    let server = await until(() => card(client.id), (c) => c.contacts.length === 1 && c.sites.length === 1);
    expect(server.contacts[0]).toMatchObject({ name: 'Dana Office', email: CONTACT_EMAIL, phone: '+12015550123' });
    expect(server.sites[0]).toMatchObject({ accessNotes: 'Alarm code with the front desk; park at the back' });

    // A public ticket from the contact's address lands on the client and contact; assigned to the technician.
    const matched = await publicTicket(CONTACT_EMAIL);
    expect(await ticket(matched.ticketNumber)).toMatchObject({ clientId: client.id, contactId: server.contacts[0]!.id });
    const matchedId = (await ticket(matched.ticketNumber)).id;
    await api(`/api/tickets/${matchedId}`, { method: 'PATCH', token: adminToken, body: { assignedTo: techId } });
    await api('/api/vault', { method: 'POST', token: adminToken, body: { businessName: `${NAME} network`, contactName: 'Dana Office', clientId: client.id } });

    // A free-mail ticket stays unmatched; the technician links it from the Update Ticket panel.
    const free = await publicTicket(`harbor.owner.${run}@gmail.com`);
    const freeTicket = await ticket(free.ticketNumber);
    expect(freeTicket.clientId).toBeNull();
    // Enough clients for the pickers' search box; the search narrows the list to the client.
    for (let i = 1; i <= 12; i++) await api('/api/clients', { method: 'POST', token: adminToken, body: { name: `Picker Filler ${run} ${i}` } });
    await page.goto(`/technician?ticket=${freeTicket.id}`);
    const picker = page.getByRole('region', { name: 'Client' });
    await picker.getByLabel('Search clients').fill(`harbor ${run}`);
    await until(async () => (await picker.getByLabel('Client', { exact: true }).locator('option').allInnerTexts()).join('|'), (t) => t === `None|${NAME}`);
    expect(await picker.getByLabel('Client', { exact: true }).locator('option').allInnerTexts()).toEqual(['None', NAME]);
    await picker.getByLabel('Client', { exact: true }).selectOption({ label: NAME });
    await picker.getByLabel('Site').selectOption({ label: 'Main office' });
    await shot(page, 'ticket-client-picker-phone');
    await picker.getByRole('button', { name: 'Link' }).click();
    await until(() => ticket(free.ticketNumber), (t) => t.clientId === client.id);
    expect(await ticket(free.ticketNumber)).toMatchObject({ clientId: client.id, siteId: server.sites[0]!.id });
    // New Ticket's pickers search the same cards; a contact fills the customer's fields.
    await page.goto('/technician/new');
    const nt = page.getByRole('form', { name: 'New Ticket' });
    await nt.getByLabel('Search clients').fill(`harbor ${run}`);
    await nt.getByLabel(/^Client/).selectOption({ label: NAME });
    await nt.getByLabel(/^Contact/).selectOption({ label: 'Dana Office' });
    expect(await nt.getByLabel('Email').inputValue()).toBe(CONTACT_EMAIL);
    await shot(page, 'new-ticket-client-picker-phone');

    // Screens online at both sizes.
    await page.goto('/clients');
    await text(page, NAME).waitFor();
    await shot(page, 'clients-list-phone');
    await page.goto(`/clients?client=${client.id}`);
    await text(page, 'Dana Office').waitFor();
    await shot(page, 'client-card-phone', { fullPage: true });
    await page.setViewportSize(DESKTOP);
    await shot(page, 'client-card-desktop', { fullPage: true });
    // 'This month': the client's time and SLA shares (online).
    await page.getByText('Not billable', { exact: true }).scrollIntoViewIfNeeded();
    await shot(page, 'client-card-month-desktop');
    await page.goto('/clients');
    await text(page, NAME).waitFor();
    await shot(page, 'clients-list-desktop');

    // The browser restarts with the server unreachable: the card renders from this device.
    await context.close();
    context = await persistentPhoneContext(profile);
    await context.setOffline(true);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`/clients?client=${client.id}`);
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    await text(page, 'Offline').waitFor();
    await text(page, 'Dana Office').waitFor();
    await text(page, 'Alarm code with the front desk; park at the back').waitFor();
    await text(page, `${NAME} network`).waitFor();
    await page.getByRole('link', { name: matched.ticketNumber }).waitFor();
    await page.getByRole('button', { name: 'Edit Dana Office' }).click();
    const edit = page.getByRole('form', { name: 'Edit Dana Office' });
    await edit.getByLabel('Phone').fill('201-555-0199');
    await edit.getByRole('button', { name: 'Save' }).click();
    await text(page, 'Waiting to sync').waitFor();
    await text(page, '1 update waiting to sync').waitFor();
    await shot(page, 'client-card-offline-phone', { fullPage: true });

    await context.setOffline(false);
    await text(page, 'All updates synced').waitFor({ timeout: 30_000 });
    server = await until(() => card(client.id), (c) => c.contacts[0]?.phone === '+12015550199');
    expect(server.contacts[0]).toMatchObject({ phone: '+12015550199' });
  });

  it('lists tickets without a client for an admin, linked to the ticket', async () => {
    const free = await publicTicket(`nobody.${run}@gmail.com`);
    const browser = await launchBrowser();
    try {
      for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
        const ctx = await browser.newContext({ baseURL: inject('baseURL'), viewport, serviceWorkers: 'block' });
        const page = await ctx.newPage();
        await signIn(page, 'admin', inject('adminPassword'));
        await page.goto('/clients');
        await page.getByRole('link', { name: 'Tickets without a client' }).click();
        await page.getByRole('heading', { name: 'Tickets without a client', level: 1 }).waitFor();
        await page.getByRole('link', { name: free.ticketNumber }).first().waitFor();
        await shot(page, `clients-unlinked-${size}`);
        await page.goto(`/clients?client=${clientId}`);
        await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
        await page.getByRole('button', { name: `Delete ${NAME}`, exact: true }).click();
        const dialog = page.getByRole('alertdialog', { name: `Delete ${NAME}?` });
        await dialog.waitFor();
        await shot(page, `client-delete-dialog-${size}`);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
        await page.goto('/scheduler');
        const sla = page.getByRole('region', { name: 'SLA Compliance (last 30 days)' });
        await sla.getByRole('heading', { name: 'By client' }).waitFor();
        // The client's row under 'By client' (its name is also an option of the hidden Client filter).
        await sla.locator(':not(option)', { hasText: NAME }).last().waitFor();
        await sla.getByRole('heading', { name: 'By client' }).scrollIntoViewIfNeeded();
        await shot(page, `sla-by-client-${size}`);
        await ctx.close();
      }
    } finally {
      await browser.close();
    }
  });
});
