/**
 * The client card with the API really stopped (issue 50 "Done when"), in Chromium at 390x844 with
 * the real service worker, against an app of its own so the API can be stopped: a technician signs
 * in and syncs; the API is stopped and the browser restarted; from the assigned ticket the
 * technician opens the client card (contacts, the site's access notes, the vault index), edits the
 * contact's phone, adds a contact and a new client with no signal, and links the new contact to the
 * ticket. The API starts again on the same data: every write lands once, the ticket names the
 * contact created offline (no 400: the ticket write waits for the client's stream).
 * Then the same at 1366x768 (a desktop profile, same app): it syncs, the API stops again, the browser
 * restarts, the card opens from the assigned ticket and a phone edit lands once when the API is back.
 *
 * Assets (issue 53 "Done when"), on the same app: the asset page's label PDF has the asset's QR
 * code (decoded back to `/a/<tag>`); with the API stopped and the browser restarted, "Scan" reads
 * that QR code from Chromium's fake camera (a y4m made here from the `qrcode` library's matrix),
 * opens the asset from the phone's copy with its ticket and its vault entry (named from the vault
 * index); an edit made offline (name and site), 'Log a visit' (a time entry) and "New ticket for
 * this asset" (queued offline, linked to the asset) each land once; the asset's history (created,
 * linked) reads from the phone's copy, and an asset created offline lands once with the phone's id;
 * two assets ticked in the list print one PDF with their two QR codes, and the public form's
 * "Which device?" answered with the asset's tag links the customer's ticket to it.
 *
 * Last test, on the same app and profile (issue 54's phone close-out, docs/visits.md): with the API
 * stopped again and the browser restarted, the technician starts the ticket's timer, taps Arrived,
 * fills Work done from a canned reply with `::` (filled from the ticket), adds a part, keeps the
 * timer's minutes as the default time then edits it, adds a photo, a signature drawn with mouse
 * moves on the pad, one step at a time with Next, Review, and "Resolve the ticket"; the ticket says the report will be sent when it syncs
 * and the timer is gone. The API returns: one visit with its signature, photo and part, the ticket
 * resolved once, one PDF attached whose text holds the client, the work done, the part and the
 * signer, one time entry of the visit (none of the timer), one e-mail to the contact with the PDF, the visit shown on
 * the ticket. Screenshots of each step (SCREENSHOT_DIR/visits/, light and dark) and the desktop view.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { VISIT_PHOTOS_MAX, type Asset, type AssetDetail, type Client, type ClientPage, type Ticket, type TicketTime, type TicketUpdateEntry, type Visit } from '@portal/shared';
import { decodePdfQrCodes } from '../../api/src/features/assets/pdfQr.testkit';
import { pdfText } from '../../api/src/features/visits/pdfText.testkit';
import sharp from 'sharp';
import { startApp, type AppProcess } from '../../scripts/server-process';
import { DESKTOP, gotoPast, persistentPhoneContext, waitForServiceWorker } from './support/browser';
import { shot } from './support/screenshots';

const TECH = { username: 'owen.offline', password: 'offline-pass-1' };
const NAME = 'Lighthouse Vets';
let app: AppProcess;
let adminToken: string;
let context: BrowserContext | undefined;
const profile = mkdtempSync(join(tmpdir(), 'clients-offline-'));
const desktopProfile = mkdtempSync(join(tmpdir(), 'clients-offline-desktop-'));

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
/** Scrolls `locator` to the middle of the screen (clear of the sticky header and the toasts) for a screenshot. */
const centre = (locator: Locator) => locator.evaluate((el) => el.scrollIntoView({ block: 'center' }));
const text = (page: Page, t: string | RegExp) => page.getByText(t, { exact: typeof t === 'string' }).first();

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 45_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A y4m video (Chromium's fake camera file) of `text`'s QR code, black on white, two frames. */
function qrVideo(text: string, file: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const [w, h, n] = [640, 480, qr.modules.size];
  const scale = Math.floor(400 / (n + 8));
  const [x0, y0] = [Math.floor((w - n * scale) / 2), Math.floor((h - n * scale) / 2)];
  const luma = Buffer.alloc(w * h, 235);
  for (let y = 0; y < n * scale; y++) for (let x = 0; x < n * scale; x++) if (qr.modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(y0 + y) * w + x0 + x] = 16;
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, Buffer.alloc(w * h / 2, 128)]);
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${w} H${h} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
  return file;
}
const ASSET = { name: 'X-ray workstation', assetTag: 'LV-XR-01' };
const NEW_ASSET = 'Spare router';
const PSU_REPLY = { title: 'PSU replaced', body: 'Replaced the power supply of the X-ray workstation ({{ticket.number}}); it starts again.', scope: 'shared' };
const NEW_ISSUE = 'The X-ray workstation fan is loud since the power cut.';
const camera = join(profile, 'label.y4m');

const CAMERA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${camera}`];

async function openBrowser(size: 'phone' | 'desktop' = 'phone'): Promise<Page> {
  context = await persistentPhoneContext(size === 'phone' ? profile : desktopProfile, size === 'phone' ? CAMERA_ARGS : [], size);
  return context.pages()[0] ?? context.newPage();
}

/** Signs the technician in and waits for the service worker and a complete sync. */
async function signInAndSync(page: Page): Promise<void> {
  await page.goto(`${app.baseURL}/login`);
  await page.getByPlaceholder('Enter your username').fill(TECH.username);
  await page.getByPlaceholder('Enter your password').fill(TECH.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText(`Welcome, ${TECH.username}`).first().waitFor({ state: 'attached' });
  await gotoPast(page, `${app.baseURL}/technician`);
  await waitForServiceWorker(page);
  await page.getByText(/^Last synced /).first().waitFor();
}

let client: Client;
let ticketNumber: string;
let asset: Asset;
let site: { id: string };
let ticketId: string;

beforeAll(async () => {
  app = await startApp({}, 180_000);
  adminToken = await login('admin', app.adminPassword);
  const tech = await call<{ id: string }>('/api/users', { method: 'POST', token: adminToken, body: { ...TECH, role: 'technician' } });
  client = await call<Client>('/api/clients', { method: 'POST', token: adminToken, body: { name: NAME, emailDomains: ['lighthouse-vets.test'] } });
  await call(`/api/clients/${client.id}/contacts`, { method: 'POST', token: adminToken, body: { name: 'Pia Reception', email: 'pia@lighthouse-vets.test', phone: '201-555-0123', primary: true } });
  site = await call<{ id: string }>(`/api/clients/${client.id}/sites`, { method: 'POST', token: adminToken, body: { name: 'Harbour clinic', address: '2 Quay Road', accessNotes: 'Side door after 18:00; alarm code at reception' } });
  const vault = await call<{ id: string }>('/api/vault', { method: 'POST', token: adminToken, body: { businessName: `${NAME} clinic network`, contactName: 'Pia Reception', clientId: client.id } });
  const body = { clientName: 'Pia Reception', customerEmail: 'pia@lighthouse-vets.test', customerPhone: '555-0101', severity: 'high', contactMethod: 'email', issue: 'The X-ray workstation does not start.' };
  ticketNumber = (await call<{ ticketNumber: string }>('/api/tickets', { method: 'POST', body })).ticketNumber;
  const ticket = await call<Ticket>(`/api/tickets/${ticketNumber}`, { token: adminToken });
  expect(ticket.clientId).toBe(client.id);
  ticketId = ticket.id;
  asset = await call<Asset>('/api/assets', { method: 'POST', token: adminToken, body: { clientId: client.id, type: 'workstation', ...ASSET, model: 'OptiPlex 7010', vaultEntryIds: [vault.id] } });
  await call(`/api/tickets/${ticket.id}`, { method: 'PATCH', token: adminToken, body: { assignedTo: tech.id, assetIds: [asset.id] } });
  qrVideo(`${app.baseURL}/a/${ASSET.assetTag}`, camera);
  // The close-out's Work done takes it with `::psu`, its variable filled from the ticket on the phone.
  await call('/api/canned-replies', { method: 'POST', token: adminToken, body: PSU_REPLY });
}, 240_000);

afterAll(async () => {
  await context?.close();
  await app?.stop();
  rmSync(profile, { recursive: true, force: true });
  rmSync(desktopProfile, { recursive: true, force: true });
});

describe('the client card with the API stopped and the browser restarted', () => {
  it('opens the card of an assigned ticket, edits and adds offline; each write lands once when the API is back', async () => {
    let page = await openBrowser();
    await signInAndSync(page);
    await page.goto(`${app.baseURL}/clients?client=${client.id}`);
    await text(page, `${NAME} clinic network`).waitFor();

    // The API stops; the browser is restarted.
    await app.kill('SIGTERM');
    await context!.close();
    page = await openBrowser();
    await page.goto(`${app.baseURL}/technician`);
    await page.getByRole('button', { name: ticketNumber, exact: true }).click();
    await page.getByRole('form', { name: `Update ticket ${ticketNumber}` }).waitFor();
    await page.getByRole('region', { name: 'Client' }).getByRole('link', { name: 'Open client card' }).click();
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    await text(page, 'Pia Reception').waitFor();
    await text(page, 'Side door after 18:00; alarm code at reception').waitFor();
    await text(page, `${NAME} clinic network`).waitFor();
    await page.getByRole('link', { name: ticketNumber }).waitFor();
    await text(page, "This month's time and SLA figures show when online.").waitFor();

    // Edit the contact's phone and add a contact, with no server.
    await page.getByRole('button', { name: 'Edit Pia Reception' }).click();
    const edit = page.getByRole('form', { name: 'Edit Pia Reception' });
    await edit.getByLabel('Phone').fill('201-555-0199');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const add = page.getByRole('form', { name: 'Add Contact' });
    await add.getByLabel('Contact name').fill('Omar Offline');
    await add.getByLabel('Phone').fill('201-555-0177');
    await add.getByRole('button', { name: 'Save' }).click();
    await text(page, 'Omar Offline').waitFor();
    await text(page, '2 updates waiting to sync').waitFor();
    await shot(page, 'client-card-api-stopped-phone', { fullPage: true });

    // Link the new contact to the ticket before it syncs.
    await page.goto(`${app.baseURL}/technician`);
    await page.getByRole('button', { name: ticketNumber, exact: true }).click();
    const picker = page.getByRole('region', { name: 'Client' });
    await picker.getByLabel('Contact', { exact: true }).selectOption({ label: 'Omar Offline' });
    await picker.getByRole('button', { name: 'Link' }).click();
    await text(page, '3 updates waiting to sync').waitFor();

    // A new client, with no server.
    await page.goto(`${app.baseURL}/clients`);
    await page.getByRole('button', { name: 'New Client' }).click();
    const newClient = page.getByRole('form', { name: 'New Client' });
    await newClient.getByLabel('Client name').fill('Made On The Road Ltd');
    await newClient.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Made On The Road Ltd', level: 1 }).waitFor();
    await text(page, '4 updates waiting to sync').waitFor();
    await shot(page, 'client-new-offline-phone');

    // The API comes back on the same data: the phone syncs by itself.
    app = await startApp({}, 180_000, { restart: app });
    await page.getByText('All updates synced').first().waitFor({ timeout: 90_000 });

    const token = await login(TECH.username, TECH.password);
    const server = await until('the edits', () => call<Client>(`/api/clients/${client.id}`, { token }), (c) => c.contacts.length === 2);
    const pia = server.contacts.find((c) => c.name === 'Pia Reception')!;
    const omar = server.contacts.filter((c) => c.name === 'Omar Offline');
    expect(pia.phone).toBe('+12015550199');
    expect(omar).toHaveLength(1);
    expect(omar[0]!.phone).toBe('+12015550177');
    const ticket = await call<Ticket>(`/api/tickets/${ticketNumber}`, { token });
    expect([ticket.clientId, ticket.contactId]).toEqual([client.id, omar[0]!.id]);
    const made = await call<ClientPage>(`/api/clients?q=${encodeURIComponent('Made On The Road')}`, { token });
    expect(made.items.map((c) => c.name)).toEqual(['Made On The Road Ltd']);

    // 1366x768: a desktop browser syncs; the API stops again and the browser restarts.
    await context!.close();
    page = await openBrowser('desktop');
    await signInAndSync(page);
    await app.kill('SIGTERM');
    await context!.close();
    page = await openBrowser('desktop');
    await page.goto(`${app.baseURL}/technician?ticket=${ticket.id}`);
    await page.getByRole('form', { name: `Update ticket ${ticketNumber}` }).waitFor();
    await page.getByRole('region', { name: 'Client' }).getByRole('link', { name: 'Open client card' }).click();
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    await text(page, 'Omar Offline').waitFor();
    await text(page, 'Side door after 18:00; alarm code at reception').waitFor();
    await text(page, `${NAME} clinic network`).waitFor();
    await page.getByRole('link', { name: ticketNumber }).waitFor();
    await page.getByRole('button', { name: 'Edit Pia Reception' }).click();
    const desk = page.getByRole('form', { name: 'Edit Pia Reception' });
    await desk.getByLabel('Phone').fill('201-555-0144');
    await desk.getByRole('button', { name: 'Save' }).click();
    await text(page, '1 update waiting to sync').waitFor();
    await shot(page, 'client-card-api-stopped-desktop', { fullPage: true });
    app = await startApp({}, 180_000, { restart: app });
    await page.getByText('All updates synced').first().waitFor({ timeout: 90_000 });
    const after = await until('the desktop edit', () => call<Client>(`/api/clients/${client.id}`, { token }), (c) => c.contacts.some((k) => k.phone === '+12015550144'));
    expect(after.contacts.map((k) => [k.name, k.phone]).sort()).toEqual([
      ['Omar Offline', '+12015550177'],
      ['Pia Reception', '+12015550144'],
    ]);
  }, 900_000);

  it('prints the label, scans it with the API stopped and the browser restarted, edits the asset and opens a ticket for it offline; each lands once', async () => {
    await context?.close();
    let page = await openBrowser();
    await page.goto(`${app.baseURL}/assets`);
    await page.getByRole('link', { name: ASSET.assetTag }).first().click();
    await page.getByRole('heading', { name: `${ASSET.assetTag} · ${ASSET.name}` }).waitFor();
    const href = await page.getByRole('link', { name: 'Download label (PDF)' }).getAttribute('href');
    const pdf = await fetch(`${app.baseURL}${href}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(decodePdfQrCodes(Buffer.from(await pdf.arrayBuffer()))).toEqual([`${app.baseURL}/a/${ASSET.assetTag}`]);
    await page.getByText(/^Last synced /).first().waitFor();

    await app.kill('SIGTERM');
    await context!.close();
    page = await openBrowser();
    await page.goto(`${app.baseURL}/assets/scan`);
    await page.getByRole('heading', { name: `${ASSET.assetTag} · ${ASSET.name}` }).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe(`/a/${ASSET.assetTag}`);
    await page.getByRole('region', { name: 'Tickets' }).getByRole('link', { name: ticketNumber }).waitFor();
    await text(page, 'OptiPlex 7010').waitFor();
    // Its history from the phone's copy: created, and linked to the ticket.
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText(`Linked to ticket ${ticketNumber}`).waitFor();
    await history.getByText(`Created ${ASSET.assetTag} ${ASSET.name}`).waitFor();
    await shot(page, 'asset-scanned-offline-phone', { fullPage: true });
    await history.scrollIntoViewIfNeeded();
    await shot(page, 'asset-history-offline-phone');

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill('X-ray workstation (room 2)');
    await page.getByLabel('Site', { exact: true }).selectOption({ label: 'Harbour clinic' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: `${ASSET.assetTag} · X-ray workstation (room 2) Waiting to sync` }).waitFor();
    await text(page, '1 update waiting to sync').waitFor();
    await page.locator('.asset-fields').getByText('Harbour clinic').waitFor();
    // Its vault entry, named from the phone's vault index, links to the vault screen (which reveals).
    const vaultLink = page.getByRole('region', { name: 'Vault entries' }).getByRole('link', { name: `${NAME} clinic network` });
    expect(await vaultLink.getAttribute('href')).toMatch(/^\/vault\?entry=/);
    // 'Log a visit': 40 minutes on the asset's ticket, queued as a time entry.
    await page.getByRole('button', { name: 'Log a visit' }).click();
    const visit = page.getByRole('form', { name: 'Log a visit' });
    expect(await visit.getByLabel('Ticket').inputValue()).toBe(ticketId);
    await visit.getByLabel('Minutes').fill('40');
    await visit.getByLabel('Time note').fill('Cleaned the fan, checked the UPS');
    await visit.scrollIntoViewIfNeeded();
    await shot(page, 'asset-log-visit-offline-phone');
    await visit.getByRole('button', { name: 'Add Time' }).click();
    await text(page, `40 min on ${ticketNumber} will be recorded when you are back online.`).waitFor();
    await text(page, '2 updates waiting to sync').waitFor();

    // A new asset made with no server: its id is chosen on the phone, shown at once as waiting.
    await page.goto(`${app.baseURL}/assets?new=1`);
    await page.getByLabel('Client').selectOption(client.id);
    await page.getByLabel('Name', { exact: true }).fill(NEW_ASSET);
    await page.getByLabel('Type').selectOption('network');
    await page.getByLabel('Serial number').fill('SR-2044');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: `New asset · ${NEW_ASSET} Waiting to sync` }).waitFor();
    const draftId = new URL(page.url()).searchParams.get('asset');
    await text(page, '3 updates waiting to sync').waitFor();
    await shot(page, 'asset-new-offline-phone', { fullPage: true });
    await page.goto(`${app.baseURL}/a/${ASSET.assetTag}`);
    await page.getByRole('heading', { name: `${ASSET.assetTag} · X-ray workstation (room 2) Waiting to sync` }).waitFor();

    // "New ticket for this asset", still with no server: its client and the asset are picked; queued.
    await page.getByRole('link', { name: 'New ticket for this asset' }).click();
    const nt = page.getByRole('form', { name: 'New Ticket' });
    const tick = nt.getByRole('checkbox', { name: new RegExp(ASSET.assetTag) });
    await tick.waitFor();
    expect(await tick.isChecked()).toBe(true);
    await nt.getByLabel('Name', { exact: true }).fill('Pia Reception');
    await nt.getByLabel('Email').fill('pia@lighthouse-vets.test');
    await nt.getByLabel('Phone').fill('201-555-0123');
    await nt.getByLabel('Severity').selectOption('medium');
    await nt.getByLabel('Preferred Contact Method').selectOption('email');
    await nt.getByLabel('Issue Description').fill(NEW_ISSUE);
    await shot(page, 'asset-new-ticket-offline-phone', { fullPage: true });
    await nt.getByRole('button', { name: 'Create Ticket' }).click();
    await page.getByRole('status').filter({ hasText: 'Ticket will be numbered when it syncs' }).first().waitFor();
    await text(page, '4 updates waiting to sync').waitFor();

    app = await startApp({}, 180_000, { restart: app });
    await page.getByText('All updates synced').first().waitFor({ timeout: 90_000 });
    const token = await login(TECH.username, TECH.password);
    const saved = await until('the asset edit', () => call<Asset>(`/api/assets/${asset.id}`, { token }), (a) => a.name !== ASSET.name);
    expect([saved.name, saved.siteId, saved.version]).toEqual(['X-ray workstation (room 2)', site.id, 2]);
    // The visit's time entry was recorded once on the ticket.
    const time = await call<{ totalMinutes: number; entries: { minutes: number; note: string | null }[] }>(`/api/tickets/${ticketId}/time-entries`, { token });
    expect(time.entries.map((e) => [e.minutes, e.note])).toEqual([[40, 'Cleaned the fan, checked the UPS']]);
    // The new ticket landed once, linked to the asset (its asset_link row in the history).
    const detail = await until('the new ticket', () => call<AssetDetail>(`/api/assets/${asset.id}`, { token }), (a) => a.tickets.some((t) => t.issue === NEW_ISSUE));
    const made = detail.tickets.filter((t) => t.issue === NEW_ISSUE);
    expect(made).toHaveLength(1);
    const madeTicket = await call<Ticket & { assetIds: string[] }>(`/api/tickets/${made[0]!.ticketNumber}`, { token });
    expect([madeTicket.clientId, madeTicket.assetIds]).toEqual([client.id, [asset.id]]);
    const madeHistory = await call<{ updateType: string; newValue: string | null }[]>(`/api/ticket-updates?ticketId=${madeTicket.id}`, { token });
    const links = madeHistory.filter((u) => u.updateType === 'asset_link');
    expect(links).toHaveLength(1);
    expect(links[0]!.newValue).toMatch(new RegExp(`^${ASSET.assetTag} X-ray workstation`));
    // The asset made offline landed once, with the phone's id and a tag from the server.
    const spare = await call<{ items: Asset[] }>(`/api/assets?q=${encodeURIComponent(NEW_ASSET)}`, { token });
    expect(spare.items.map((a) => [a.id, a.type, a.serialNumber])).toEqual([[draftId, 'network', 'SR-2044']]);
    expect(spare.items[0]!.assetTag).toMatch(/^A-\d{4}$/);
    await page.goto(`${app.baseURL}/assets`);
    await page.getByRole('link', { name: ASSET.assetTag }).first().waitFor();
    // Labels chosen one by one: the two ticked assets' PDF has their two QR codes.
    await page.getByRole('checkbox', { name: `Choose ${ASSET.assetTag} for labels` }).first().check();
    await page.getByRole('checkbox', { name: `Choose ${spare.items[0]!.assetTag} for labels` }).first().check();
    const chosenHref = await page.getByRole('link', { name: 'Print labels (2)' }).getAttribute('href');
    const chosenPdf = await fetch(`${app.baseURL}${chosenHref}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(decodePdfQrCodes(Buffer.from(await chosenPdf.arrayBuffer())).sort()).toEqual([`${app.baseURL}/a/${ASSET.assetTag}`, `${app.baseURL}/a/${spare.items[0]!.assetTag}`].sort());
    await shot(page, 'assets-list-phone');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'assets-list-desktop');
    await page.getByRole('link', { name: ASSET.assetTag }).first().click();
    await page.getByRole('heading', { name: `${ASSET.assetTag} · X-ray workstation (room 2)` }).waitFor();
    await page.getByRole('region', { name: 'History' }).getByText(`Name: ${ASSET.name} → X-ray workstation (room 2)`).waitFor();
    await shot(page, 'asset-page-desktop', { fullPage: true });
    await page.getByRole('region', { name: 'History' }).scrollIntoViewIfNeeded();
    await shot(page, 'asset-history-desktop');

    // The public form's "Which device?": the customer types the label's tag (any case); the ticket,
    // matched to the client by the contact's e-mail, is linked to that asset and keeps the text.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.baseURL}/support`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Pia Reception');
    await page.getByLabel(/^Email/).fill('pia@lighthouse-vets.test');
    await page.getByLabel(/^Phone/).fill('201-555-0123');
    await page.getByLabel(/Severity/).selectOption('low');
    await page.getByLabel(/Contact Method/).selectOption('email');
    await page.getByLabel(/Issue Description/).fill('The X-ray workstation beeps three times at start.');
    await page.getByLabel(/Which device\?/).fill('lv-xr-01');
    await page.getByLabel(/Which device\?/).scrollIntoViewIfNeeded();
    await shot(page, 'support-which-device-phone');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    const number = (await page.getByTestId('ticket-number').textContent())!.trim();
    const fromForm = await call<Ticket & { assetIds: string[] }>(`/api/tickets/${number}`, { token });
    expect([fromForm.clientId, fromForm.device, fromForm.assetIds]).toEqual([client.id, 'lv-xr-01', [asset.id]]);
  }, 600_000);

  it('closes out the ticket with a drawn signature and a photo with the API stopped; it lands once when the API is back', async () => {
    await context?.close();
    let page = await openBrowser('phone'); // the phone of the first test, still signed in
    await page.goto(`${app.baseURL}/technician`);
    await page.getByText(/^Last synced /).first().waitFor(); // brings the canned reply PSU_REPLY to the phone
    await app.kill('SIGTERM');
    await context!.close();
    page = await openBrowser();
    await page.goto(`${app.baseURL}/technician`);
    await page.getByRole('button', { name: ticketNumber, exact: true }).click();
    await page.getByRole('button', { name: 'Start Timer', exact: true }).click();
    await page.getByRole('button', { name: /^Stop Timer/ }).waitFor();
    await page.getByRole('button', { name: 'Arrived', exact: true }).click();
    await text(page, /^Arrived \d/).waitFor();
    await page.getByRole('link', { name: 'Close out', exact: true }).click();
    const form = page.getByRole('form', { name: `Close out ${ticketNumber}` });
    // Work done from a canned reply with `::`, its variables filled from the ticket, offline.
    const work = form.getByLabel('Work done');
    await work.click();
    await work.pressSequentially('::psu');
    await page.getByRole('option', { name: /PSU replaced/ }).waitFor();
    await shot(page, 'visits/close-out-work-phone');
    await work.press('Enter');
    expect(await work.inputValue()).toBe(`Replaced the power supply of the X-ray workstation (${ticketNumber}); it starts again.`);
    // One step at a time on the phone (docs/visits.md "Phone flow"): Next to each.
    const next = async (step: string) => {
      await form.getByRole('button', { name: 'Next', exact: true }).click();
      await form.getByText(step).waitFor();
    };
    await next('Step 2 of 6: Parts');
    await form.getByRole('button', { name: 'Add part' }).click();
    await form.getByLabel('Part', { exact: true }).fill('ATX power supply 550 W');
    await form.getByLabel(/^Unit price/).fill('64.90');
    await centre(form.getByRole('heading', { name: 'Parts and materials' }));
    await shot(page, 'visits/close-out-parts-phone');
    // Time spent defaults to the ticket's running timer (whole minutes, at least 1), still editable.
    await next('Step 3 of 6: Time');
    const minutes = form.getByLabel(/^Time spent/);
    expect(await minutes.inputValue()).toBe('1');
    await form.getByText(/^From the ticket's timer \(started .+\)\. The timer stops when you close out\.$/).waitFor();
    await centre(minutes);
    await shot(page, 'visits/close-out-time-phone');
    await minutes.fill('45');
    await next('Step 4 of 6: Photos');
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#22aa55' } }).png().toBuffer();
    await form.getByTestId('attachment-camera').setInputFiles([{ name: 'psu.png', mimeType: 'image/png', buffer: photo }]);
    await form.getByText(`1 of ${VISIT_PHOTOS_MAX}`).waitFor();
    // The picked photo's preview (a blob: URL, allowed by the CSP's img-src) shows.
    const preview = form.getByRole('img', { name: 'psu.jpg' });
    await until('the photo preview', () => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), (ok) => ok, 15_000);
    await centre(form.getByRole('heading', { name: 'Photos' }));
    await shot(page, 'visits/close-out-photos-phone');
    await next('Step 5 of 6: Signature');
    await form.getByLabel("Customer's name").fill('Pia Reception');
    const pad = form.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + box.height * 0.7);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 22, box.y + box.height * (0.7 - 0.4 * Math.abs(Math.sin(i / 2))), { steps: 3 });
    await page.mouse.up();
    await text(page, 'Signed.').waitFor();
    await shot(page, 'visits/close-out-signature-phone');
    await page.setViewportSize({ width: 844, height: 390 }); // landscape: the pad keeps the strokes
    await text(page, 'Signed.').waitFor();
    await shot(page, 'visits/close-out-signature-landscape');
    await page.setViewportSize({ width: 390, height: 844 });
    await next('Step 6 of 6: Review');
    for (const shown of ['1 x ATX power supply 550 W', '45 · Billable', 'Signed by Pia Reception']) await form.getByText(shown).waitFor();
    await shot(page, 'visits/close-out-review-phone');
    await form.getByRole('button', { name: 'Close out', exact: true }).scrollIntoViewIfNeeded();
    await shot(page, 'visits/close-out-finish-phone');
    await form.getByRole('button', { name: 'Close out', exact: true }).click();
    await text(page, 'Closed out on this device: the report will be sent when it syncs.').waitFor();
    await centre(page.getByRole('region', { name: 'On-site visit' }).getByText('Closed out on this device: the report will be sent when it syncs.'));
    await shot(page, 'visits/pending-phone');
    // The close-out recorded the time: the timer is gone, so it cannot record it a second time.
    await page.getByRole('button', { name: 'Start Timer', exact: true }).waitFor();

    app = await startApp({}, 180_000, { restart: app });
    await page.getByText('All updates synced').first().waitFor({ timeout: 90_000 });
    const token = await login(TECH.username, TECH.password);
    const ticket = await call<Ticket>(`/api/tickets/${ticketNumber}`, { token });
    const visits = await call<Visit[]>(`/api/tickets/${ticket.id}/visits`, { token });
    expect(visits).toHaveLength(1);
    expect(visits[0]).toMatchObject({ signerName: 'Pia Reception', minutes: 45, resolve: true, parts: [{ description: 'ATX power supply 550 W', quantity: 1, unitPrice: 64.9 }] });
    expect(visits[0]!.signatureUploadId).toMatch(/^[0-9a-f]{32}$/);
    expect(visits[0]!.photoUploadIds).toHaveLength(1);
    expect(ticket.status).toBe('resolved');
    // Once: one status change to Resolved, one PDF attached, one time entry (the visit's 45 minutes, no timer entry).
    const history = await call<TicketUpdateEntry[]>(`/api/ticket-updates?ticketId=${ticket.id}`, { token });
    expect(history.filter((e) => e.updateType === 'status_change' && e.newValue === 'resolved')).toHaveLength(1);
    expect(history.flatMap((e) => e.attachments ?? []).filter((a) => a.contentType === 'application/pdf')).toHaveLength(1);
    // 40: the asset page's 'Log a visit' (second test); 45: this visit. No entry of the timer.
    expect((await call<TicketTime>(`/api/tickets/${ticket.id}/time-entries`, { token })).entries.map((e) => e.minutes).sort((x, y) => x - y)).toEqual([40, 45]);
    const pdf = await fetch(`${app.baseURL}/api/visits/${visits[0]!.id}/report.pdf`, { headers: { authorization: `Bearer ${token}` } });
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const reportText = pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const expected of [NAME, `Replaced the power supply of the X-ray workstation (${ticketNumber}); it starts again.`, '1 x ATX power supply 550 W @ 64.90 = 64.90', 'Signed by Pia Reception']) expect(reportText).toContain(expected);
    // One e-mail to the contact with the report attached.
    const reportMails = await until('the report e-mail', async () => mails().filter((m) => m.includes(`Service report for ticket ${ticketNumber}`)), (l) => l.length > 0);
    await new Promise((r) => setTimeout(r, 3000));
    expect(mails().filter((m) => m.includes(`Service report for ticket ${ticketNumber}`))).toHaveLength(1);
    expect(reportMails[0]).toContain('pia@lighthouse-vets.test');
    expect(reportMails[0]).toMatch(/Content-Type: application\/pdf/i);
    await page.getByRole('link', { name: 'Service report (PDF)' }).waitFor();
    await text(page, 'Signed by Pia Reception').waitFor();
    await page.getByRole('link', { name: 'Service report (PDF)' }).scrollIntoViewIfNeeded();
    await shot(page, 'visits/landed-phone');
    // The staff view on the desktop: the ticket's visits with the report and Resend report.
    await page.setViewportSize(DESKTOP);
    await page.getByRole('link', { name: 'Service report (PDF)' }).scrollIntoViewIfNeeded();
    await shot(page, 'visits/ticket-visits-desktop');
  }, 600_000);
});
