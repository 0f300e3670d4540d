/**
 * The Customer Vault in Chromium ("Done when"), at a phone viewport (390x844, cards and
 * full-screen sheets) and a desktop one (1366x768, table and dialogs): a technician creates an
 * entry with endpoints (validation toast first), searches it, views it with every secret masked,
 * reveals and hides the Wi-Fi password (QR code while shown, one audit row on the server), edits it
 * (a new router password, the others kept); an admin deletes it after the confirmation. Offline:
 * after a reload with no network the list and search work from the offline index, the View says
 * which values need a connection, an edit and a new customer are queued without secrets and sync
 * once back online. IndexedDB is read store by store: it never holds a secret.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, inject } from 'vitest';
import { MSG, type VaultAuditEntry, type VaultIndexEntry } from '@portal/shared';
import { PHONE, api, apiLogin, baseURL, dumpIndexedDb, launchBrowser, settleForm, signIn, waitForServiceWorker } from './support/browser';

const TECH = { username: 'vera.vault', password: 'vault-pass-1' };
const DESKTOP = { width: 1366, height: 768 } as const;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let adminToken: string;

const text = (t: string | RegExp) => page.getByText(t, { exact: typeof t === 'string' }).first();

/** Waits until the page is controlled by the activated service worker (offline reloads need it). */
const dialog = () => page.getByRole('dialog');

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await apiLogin('admin', inject('adminPassword'))).token;
  await api('/api/users', { method: 'POST', token: adminToken, body: { ...TECH, role: 'technician' } });
});
afterAll(async () => browser?.close());
afterEach(async () => context?.close());

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('/vault on a %s', (name, viewport) => {
  const business = `Harbor Dental ${name}`;
  const secrets = { wifi: `Tide;Pool,${name}!`, router: `router-${name}-1`, router2: `router-${name}-2`, nas: `nas-${name}-pw`, isp: `ISP-${name}-4411` };

  it('create with endpoints, search, view masked, reveal and hide, edit; admin deletes with the confirmation', async () => {
    context = await browser.newContext({ baseURL: baseURL(), viewport, isMobile: name === 'phone', hasTouch: name === 'phone', serviceWorkers: 'block' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    page = await context.newPage();
    await signIn(page, TECH.username, TECH.password);
    await page.goto('/vault');
    await page.getByRole('heading', { name: 'Customer Vault', level: 1 }).waitFor();
    await page.getByPlaceholder('Search by business name, contact name, or email...').waitFor();
    const existing = await api<VaultIndexEntry[]>('/api/vault', { token: adminToken });
    if (existing.length === 0) await text('No customer information stored yet.').waitFor();

    // Add Customer: validation first (SPEC.md 5), then a full entry with endpoints.
    await page.getByRole('button', { name: 'Add Customer' }).click();
    const form = page.getByRole('form', { name: 'Add Customer' });
    await form.getByRole('button', { name: 'Create' }).click();
    await text('Validation Error').waitFor();
    await form.getByText(MSG.vaultBusinessNameRequired).waitFor();
    await settleForm(page);
    await form.getByLabel('Business Name').fill(business);
    await form.getByLabel('Contact Name').fill('Hana Harbor');
    await form.getByLabel('Contact Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText(MSG.emailInvalid).waitFor();
    await settleForm(page);
    await form.getByLabel('Contact Email').fill(`hana.${name}@harbor.test`);
    await form.getByLabel('Contact Phone').fill('+1 (555) 010-3000');
    await form.getByLabel('Address').fill('1 Pier Rd, Bayside');
    await form.getByLabel('WiFi SSID').fill('Harbor-Guest');
    await form.getByRole('textbox', { name: /^WiFi Password/ }).fill(secrets.wifi);
    await form.getByRole('textbox', { name: /^Router Password/ }).fill(secrets.router);
    await form.getByLabel('ISP Provider').fill('Bay Fiber');
    await form.getByRole('textbox', { name: /^ISP Account Number/ }).fill(secrets.isp);
    for (let i = 0; i < 3; i += 1) await form.getByRole('button', { name: 'Add Endpoint' }).click();
    await form.getByRole('group', { name: 'Endpoint 1' }).getByLabel('Name', { exact: true }).fill('NAS');
    await form.getByRole('group', { name: 'Endpoint 1' }).getByLabel('URL').fill('https://nas.harbor.test:5001');
    await form.getByRole('group', { name: 'Endpoint 1' }).getByLabel(/^Password/).fill(secrets.nas);
    await form.getByRole('group', { name: 'Endpoint 2' }).getByLabel('Name', { exact: true }).fill('Old printer');
    await form.getByRole('group', { name: 'Endpoint 3' }).getByLabel('Name', { exact: true }).fill('Router admin');
    await form.getByRole('group', { name: 'Endpoint 3' }).getByLabel('URL').fill('192.168.1.1');
    await form.getByRole('button', { name: 'Remove endpoint 2' }).click();
    await form.getByRole('button', { name: 'Create' }).click();
    await text('Customer information has been added.').waitFor();
    await form.waitFor({ state: 'detached' });

    // Search (SPEC.md 2 placeholder: business, contact, e-mail).
    const search = page.getByPlaceholder('Search by business name, contact name, or email...');
    await search.fill(`hana.${name}@`);
    await page.getByRole('button', { name: `View ${business}` }).waitFor();
    await search.fill('zz-nobody-zz');
    await text('No customers found matching your search.').waitFor();
    await search.fill(business.toUpperCase());
    await page.getByRole('button', { name: `View ${business}` }).waitFor();
    expect(await page.getByRole('button', { name: /^View / }).count()).toBe(1);

    // View: the six sections, every secret masked.
    await page.getByRole('button', { name: `View ${business}` }).click();
    const view = dialog();
    await view.getByRole('heading', { name: business }).waitFor();
    for (const section of ['Contact Information', 'Domain & Hosting', 'Network Information', 'ISP & Phone', 'Endpoints & Access Points', 'Notes']) {
      await view.getByRole('heading', { name: section, exact: true }).waitFor();
    }
    await view.getByRole('button', { name: 'Show WiFi Password' }).waitFor();
    const html = await page.content();
    for (const s of Object.values(secrets)) expect(html).not.toContain(s);
    expect(await view.getByRole('link', { name: 'Call +1 (555) 010-3000' }).getAttribute('href')).toBe('tel:+15550103000');
    expect(await view.getByRole('link', { name: 'Text +1 (555) 010-3000' }).getAttribute('href')).toBe('sms:+15550103000');
    expect(await view.getByRole('link', { name: `hana.${name}@harbor.test` }).getAttribute('href')).toBe(`mailto:hana.${name}@harbor.test`);
    expect(await view.getByRole('link', { name: /1 Pier Rd, Bayside/ }).getAttribute('href')).toContain('google.com/maps/search/?api=1&query=1%20Pier%20Rd');
    const nasLink = view.getByRole('link', { name: 'https://nas.harbor.test:5001' });
    expect(await nasLink.getAttribute('target')).toBe('_blank');
    expect(await nasLink.getAttribute('rel')).toContain('noopener');
    expect(await view.getByRole('link', { name: '192.168.1.1' }).getAttribute('href')).toBe('http://192.168.1.1');
    expect(await view.getByRole('listitem', { name: 'Old printer' }).count()).toBe(0);

    // Reveal the Wi-Fi password: value + QR code; copy; hide again. One audit row on the server.
    const entryId = (await api<VaultIndexEntry[]>(`/api/vault?q=${encodeURIComponent(business)}`, { token: adminToken }))[0]!.id;
    await view.getByRole('button', { name: 'Show WiFi Password' }).click();
    await view.getByText(secrets.wifi, { exact: true }).waitFor();
    await view.getByRole('img', { name: 'Wi-Fi QR code for Harbor-Guest' }).waitFor();
    await view.getByRole('button', { name: 'Copy WiFi Password' }).click();
    await text('WiFi Password copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secrets.wifi);
    await view.getByRole('button', { name: 'Hide WiFi Password' }).click();
    await view.getByText(secrets.wifi, { exact: true }).waitFor({ state: 'detached' });
    expect(await view.getByRole('img', { name: /Wi-Fi QR code/ }).count()).toBe(0);
    let audit = await api<VaultAuditEntry[]>(`/api/vault/audit?entryId=${entryId}`, { token: adminToken });
    expect(audit.map((a) => [a.field, a.username])).toEqual([['wifiPassword', TECH.username]]);

    // An endpoint password; closing the dialog hides whatever was shown.
    await view.getByRole('button', { name: 'Show NAS password' }).click();
    await view.getByText(secrets.nas, { exact: true }).waitFor();
    await view.getByRole('button', { name: 'Close', exact: true }).last().click();
    await view.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(secrets.nas);
    audit = await api<VaultAuditEntry[]>(`/api/vault/audit?entryId=${entryId}`, { token: adminToken });
    expect(audit).toHaveLength(2);

    // Edit: a new router password; blank secrets keep theirs.
    await page.getByRole('button', { name: `Edit ${business}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${business}` });
    await edit.getByLabel('Contact Name').fill('Hana H. Harbor');
    await edit.getByRole('textbox', { name: /^Router Password/ }).fill(secrets.router2);
    await edit.getByRole('button', { name: 'Update' }).click();
    await text('Customer information has been updated.').waitFor();
    await edit.waitFor({ state: 'detached' });
    await page.getByText('Hana H. Harbor').first().waitFor();
    const reveal = (field: string) => api<{ value: string }>(`/api/vault/${entryId}/reveal`, { method: 'POST', token: adminToken, body: { field } });
    expect((await reveal('routerPassword')).value).toBe(secrets.router2);
    expect((await reveal('wifiPassword')).value).toBe(secrets.wifi);
    expect((await reveal('ispAccountNumber')).value).toBe(secrets.isp);

    // Technicians do not get a delete button (the API refuses them too).
    expect(await page.getByRole('button', { name: `Delete ${business}` }).count()).toBe(0);
    // Nothing secret ever reached IndexedDB.
    const idb = await dumpIndexedDb(page);
    for (const s of Object.values(secrets)) expect(idb).not.toContain(s);

    // Admin: delete asks first; Cancel keeps it, Delete removes it.
    await page.getByRole('button', { name: 'Logout' }).first().click().catch(() => undefined);
    await context.close();
    context = await browser.newContext({ baseURL: baseURL(), viewport, isMobile: name === 'phone', hasTouch: name === 'phone', serviceWorkers: 'block' });
    page = await context.newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/vault');
    await page.getByRole('button', { name: `Delete ${business}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Are you sure?' }).waitFor();
    await confirm.getByText("This will permanently delete this customer's information from the vault. This action cannot be undone.").waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await api<VaultIndexEntry[]>(`/api/vault?q=${encodeURIComponent(business)}`, { token: adminToken })).length).toBe(1);
    await page.getByRole('button', { name: `Delete ${business}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await text('Customer vault entry has been deleted.').waitFor();
    await page.getByRole('button', { name: `View ${business}` }).waitFor({ state: 'detached' });
    expect((await api<VaultIndexEntry[]>(`/api/vault?q=${encodeURIComponent(business)}`, { token: adminToken })).length).toBe(0);
  });

  it('offline: list and search after a reload with no network; edits and new customers queue without secrets and sync back', async () => {
    const offlineSecrets = { wifi: `offline-wifi-${name}-S3cret`, router: `offline-router-${name}-S3cret`, isp: `offline-isp-${name}-77`, nas: `offline-nas-${name}-pw` };
    const bakery = `Corner Bakery ${name}`;
    const florist = `Rose Florist ${name}`;
    const created = await api<{ id: string }>('/api/vault', {
      method: 'POST',
      token: adminToken,
      body: {
        businessName: bakery,
        contactName: 'Bea Baker',
        contactEmail: `bea.${name}@bakery.test`,
        contactPhone: '555-0142',
        address: '5 Flour Ln',
        ispProvider: 'Metro Net',
        domainUsername: `bakery-dns-${name}`,
        notes: `Back door code with Bea (${name})`,
        wifiSsid: 'Bakery-WiFi',
        wifiPassword: offlineSecrets.wifi,
        routerPassword: offlineSecrets.router,
        ispAccountNumber: offlineSecrets.isp,
        endpoints: [{ name: 'Oven controller', url: 'http://10.0.0.9', username: 'oven', password: offlineSecrets.nas }],
      },
    });
    await api('/api/vault', { method: 'POST', token: adminToken, body: { businessName: florist, contactName: 'Ross Florist' } });

    context = await browser.newContext({ baseURL: baseURL(), viewport, isMobile: name === 'phone', hasTouch: name === 'phone', serviceWorkers: 'allow' });
    page = await context.newPage();
    await signIn(page, TECH.username, TECH.password);
    await page.goto('/vault');
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: `View ${bakery}` }).waitFor();
    await text(/^Last synced /).waitFor();
    // Seen online once: the View has fetched the full entry (memory only) and can reveal.
    await page.getByRole('button', { name: `View ${bakery}` }).click();
    await dialog().getByRole('button', { name: 'Show WiFi Password' }).waitFor();
    await dialog().getByRole('button', { name: 'Close', exact: true }).last().click();

    // A reload with no network at all: the list comes from IndexedDB.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Customer Vault', level: 1 }).waitFor();
    await text('Offline').waitFor();
    await page.getByRole('button', { name: `View ${bakery}` }).waitFor();
    await page.getByRole('button', { name: `View ${florist}` }).waitFor();
    const search = page.getByPlaceholder('Search by business name, contact name, or email...');
    await search.fill(`bea.${name}@`);
    await page.getByRole('button', { name: `View ${florist}` }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `View ${bakery}` }).waitFor();
    await search.fill('ross');
    await page.getByRole('button', { name: `View ${florist}` }).waitFor();
    await search.fill('no-such-customer');
    await text('No customers found matching your search.').waitFor();
    await search.fill('');

    // The View offline: index fields shown, every other value says it needs a connection.
    await page.getByRole('button', { name: `View ${bakery}` }).click();
    const view = dialog();
    await view.getByRole('heading', { name: bakery }).waitFor();
    await view.getByText('5 Flour Ln').waitFor();
    await view.getByRole('link', { name: 'http://10.0.0.9' }).waitFor();
    expect(await view.getByRole('button', { name: /^Show / }).count()).toBe(0);
    expect(await view.getByText('Needs a connection', { exact: true }).count()).toBeGreaterThanOrEqual(4);
    await view.getByRole('button', { name: 'Close', exact: true }).last().click();

    // Edit offline: secrets refused with the reason; the change is queued and shown as waiting.
    await page.getByRole('button', { name: `Edit ${bakery}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${bakery}` });
    expect(await edit.getByRole('textbox', { name: /^WiFi Password/ }).isDisabled()).toBe(true);
    await edit.getByText('Passwords and account numbers can only be saved online: they are never stored on this device.').first().waitFor();
    await edit.getByLabel('Contact Phone').fill('555-0199');
    await edit.getByRole('button', { name: 'Update' }).click();
    await text(`${bakery} will be saved when you are back online.`).waitFor();
    await text('Waiting to sync').waitFor();

    // Add Customer offline.
    await page.getByRole('button', { name: 'Add Customer' }).click();
    const add = page.getByRole('form', { name: 'Add Customer' });
    await add.getByLabel('Business Name').fill(`Queued Cafe ${name}`);
    await add.getByLabel('Contact Email').fill(`cafe.${name}@queued.test`);
    await add.getByRole('button', { name: 'Create' }).click();
    await text(`Queued Cafe ${name} will be saved when you are back online.`).waitFor();
    await page.getByRole('button', { name: `View Queued Cafe ${name}` }).waitFor();
    await text('2 updates waiting to sync').waitFor();

    // IndexedDB: the index is there, no secret anywhere (every store read).
    const idb = await dumpIndexedDb(page);
    expect(idb).toContain(bakery);
    expect(idb).toContain('555-0199');
    for (const s of Object.values(offlineSecrets)) expect(idb).not.toContain(s);
    expect(idb).not.toContain(`bakery-dns-${name}`); // usernames and notes are not in the offline index either
    expect(idb).not.toContain('Back door code');

    // Back online: both writes are sent once; secrets untouched on the server.
    await context.setOffline(false);
    await text('All updates synced').waitFor();
    await page.getByText('Waiting to sync', { exact: true }).first().waitFor({ state: 'detached' });
    const [bakeryNow] = await api<VaultIndexEntry[]>(`/api/vault?q=${encodeURIComponent(bakery)}`, { token: adminToken });
    expect(bakeryNow).toMatchObject({ id: created.id, contactPhone: '555-0199', hasWifiPassword: true, hasRouterPassword: true, version: 2 });
    expect((await api<VaultIndexEntry[]>(`/api/vault?q=${encodeURIComponent(`Queued Cafe ${name}`)}`, { token: adminToken })).length).toBe(1);
    const reveal = (field: string) => api<{ value: string }>(`/api/vault/${created.id}/reveal`, { method: 'POST', token: adminToken, body: { field } });
    expect((await reveal('wifiPassword')).value).toBe(offlineSecrets.wifi);
    expect((await reveal('ispAccountNumber')).value).toBe(offlineSecrets.isp);
  }, 150_000);
});
