/**
 * The offline vault in Chromium at 390x844 ("Done when"): a technician turns on "Keep vault
 * available offline" (a short passphrase is refused); the phone says "Waiting for an administrator"
 * until an admin approves the grant (API), then receives the copy; it goes offline and reloads: locked;
 * a wrong passphrase counts, the right one unlocks; the Wi-Fi password is revealed from the
 * encrypted copy with its QR code; 5 minutes idle lock it (Playwright's clock). Back online, the
 * offline reveal lands once in the audit list (API and an admin's Reveal History), marked offline.
 * An admin revokes the device under 'Offline devices'; at the phone's next sync its copy is wiped.
 * IndexedDB is read store by store at every step: never a plaintext secret, never the bundle key.
 * The enable form and the unlock screen fit 390x844 in light and dark (SCREENSHOT_DIR saves them).
 * With a virtual WebAuthn authenticator (CDP) that has PRF, the fingerprint unlocks it offline.
 * With the server unreachable, the unlocked copy shows the usernames, SSID, static IP and notes
 * (sealed in the copy, never in clear in IndexedDB) and 'Copy' puts a username on the clipboard.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, inject } from 'vitest';
import type { VaultAuditEntry, VaultDevice, VaultDeviceGrant } from '@portal/shared';
import { DESKTOP, PHONE, api, apiLogin, baseURL, dumpIndexedDb, launchBrowser, settleForm, signIn, waitForServiceWorker } from './support/browser';
import { approveAndSync, waitForPhoneText } from './support/vault-offline';

const TECH = { username: 'olive.offline', password: 'offline-pass-1' };
const PASSPHRASE = 'basement router tea kettle';
const DEVICE = 'Olive field phone';
const BUSINESS = 'Cellar Winery';
const SECRETS = { wifi: 'Cellar;Wifi,Pass"9', router: 'cellar-router-S3cret', isp: 'CELLAR-ISP-5521', nas: 'cellar-nas-pw-77' };
/** Not secrets, but never in the offline index: in the device copy only sealed. */
const DETAILS = { router: 'cellar-admin', nas: 'nas-operator', ip: '198.51.100.23', notes: 'Router sits behind the barrel racks' };
let browser: Browser;
let contexts: BrowserContext[] = [];
let adminToken: string;
let entryId: string;

/** Reads every store and fails on any plaintext secret (or the bundle key, when known). */
async function expectNoSecretInIndexedDb(p: Page, bundleKey?: string): Promise<string> {
  const idb = await dumpIndexedDb(p);
  for (const s of Object.values(SECRETS)) expect(idb).not.toContain(s);
  expect(idb).not.toContain(JSON.stringify(SECRETS.wifi).slice(1, -1)); // the JSON-escaped form too
  if (bundleKey) expect(idb).not.toContain(bundleKey);
  expect(idb).not.toContain(PASSPHRASE);
  return idb;
}

/** Checks nothing sticks out of the page's width (default the phone's) in light and dark; saves screenshots when SCREENSHOT_DIR is set. */
async function fitsLightAndDark(p: Page, name: string, width: number = PHONE.width): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) mkdirSync(dir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await p.emulateMedia({ colorScheme });
    const overflowing = await p.evaluate((w) => {
      const out: string[] = [];
      for (const el of document.querySelectorAll('h1, h2, button, input, select, a.btn, p')) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.height > 0 && r.right > w + 1) out.push(`${el.tagName} "${(el.textContent ?? '').trim().slice(0, 30)}" ends at ${Math.round(r.right)}`);
      }
      return out;
    }, width);
    expect(overflowing, `${name} ${colorScheme}`).toEqual([]);
    if (dir) await p.screenshot({ path: join(dir, `vault-offline-${name}-${colorScheme}.png`) });
  }
  await p.emulateMedia({ colorScheme: 'light' });
}

/** A new page in its own context: a phone (390x844, touch) unless `viewport` is another size. */
async function newPage(serviceWorkers: 'allow' | 'block', base = baseURL(), viewport: { width: number; height: number } = PHONE): Promise<Page> {
  const phone = viewport === PHONE;
  const context = await browser.newContext({ baseURL: base, viewport, isMobile: phone, hasTouch: phone, serviceWorkers });
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await apiLogin('admin', inject('adminPassword'))).token;
  await api('/api/users', { method: 'POST', token: adminToken, body: { ...TECH, role: 'technician' } });
  const created = await api<{ id: string }>('/api/vault', {
    method: 'POST',
    token: adminToken,
    body: {
      businessName: BUSINESS,
      contactName: 'Vin Cellar',
      wifiSsid: 'Cellar-Guest',
      wifiPassword: SECRETS.wifi,
      routerPassword: SECRETS.router,
      routerUsername: DETAILS.router,
      staticIp: DETAILS.ip,
      notes: DETAILS.notes,
      ispAccountNumber: SECRETS.isp,
      endpoints: [{ name: 'Cellar NAS', url: 'http://10.1.1.5', username: DETAILS.nas, password: SECRETS.nas }],
    },
  });
  entryId = created.id;
});
afterAll(async () => browser?.close());
afterEach(async () => {
  for (const c of contexts) await c.close();
  contexts = [];
});

describe('offline vault (a phone; the site details also on a desktop)', () => {
  it('enable, offline reload, unlock, reveal with QR, idle lock, audit once, admin revoke wipes the phone', async () => {
    const page = await newPage('allow');
    const text = (t: string | RegExp) => page.getByText(t, { exact: typeof t === 'string' }).first();
    await signIn(page, TECH.username, TECH.password);
    await page.goto('/vault');
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: `View ${BUSINESS}` }).waitFor();
    await expectNoSecretInIndexedDb(page);

    // Turn it on: a bare PIN is refused, then a passphrase.
    await page.getByRole('button', { name: 'Keep vault available offline' }).click();
    const form = page.getByRole('form', { name: 'Keep vault available offline' });
    await form.getByLabel('Device name').fill(DEVICE);
    await form.getByLabel('Offline passphrase').fill('123456');
    await form.getByLabel('Repeat passphrase').fill('123456');
    await form.getByRole('button', { name: 'Turn on offline vault' }).click();
    await form.getByText('Use at least 12 characters, for example three or four words.').waitFor();
    await settleForm(page);
    await fitsLightAndDark(page, 'enable');
    await form.getByLabel('Offline passphrase').fill(PASSPHRASE);
    await form.getByLabel('Repeat passphrase').fill(PASSPHRASE);
    const granted = page.waitForResponse((r) => r.url().endsWith('/api/vault-devices') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Turn on offline vault' }).click();
    const grant = (await (await granted).json()) as VaultDeviceGrant;
    await text('Offline vault unlocked').waitFor({ timeout: 30_000 });
    // A technician's grant waits for an administrator: nothing is copied until then.
    await text(/^Waiting for an administrator/).waitFor({ timeout: 30_000 });
    await text(/ 0 customers on this device/).waitFor();
    await approveAndSync(page, grant.device.id, adminToken);
    await text(/^Waiting for an administrator/).waitFor({ state: 'detached' });
    let idb = await expectNoSecretInIndexedDb(page, grant.bundleKey);
    expect(idb).toContain('vaultSecrets');
    expect(idb).toContain(grant.device.id);

    // No network at all, a reload: locked on start.
    await page.context().setOffline(true);
    await page.clock.install(); // time flows normally; the idle step below jumps it (applies from this load)
    await page.reload();
    await page.getByRole('heading', { name: 'Customer Vault', level: 1 }).waitFor();
    const unlockForm = page.getByRole('form', { name: 'Offline vault locked' }).first();
    await unlockForm.waitFor({ timeout: 30_000 });
    await expectNoSecretInIndexedDb(page, grant.bundleKey);
    await fitsLightAndDark(page, 'unlock');
    await unlockForm.getByLabel('Offline passphrase').fill('basement router tea kettles');
    await unlockForm.getByRole('button', { name: 'Unlock' }).click();
    await waitForPhoneText(page, 'Wrong passphrase. 9 attempts left before the offline copy is wiped.', grant.device.id, adminToken);
    await unlockForm.getByLabel('Offline passphrase').fill(PASSPHRASE);
    await unlockForm.getByRole('button', { name: 'Unlock' }).click();
    await text('Offline vault unlocked').waitFor({ timeout: 30_000 });

    // Reveal the Wi-Fi password from the encrypted copy, with its QR code.
    await page.getByRole('button', { name: `View ${BUSINESS}` }).click();
    const view = page.getByRole('dialog');
    await view.getByRole('heading', { name: BUSINESS }).waitFor();
    await view.getByRole('button', { name: 'Show WiFi Password' }).click();
    await view.getByText(SECRETS.wifi, { exact: true }).waitFor();
    await view.getByRole('img', { name: 'Wi-Fi QR code for Cellar-Guest' }).waitFor();
    await view.getByText('From this device’s copy').waitFor();
    await fitsLightAndDark(page, 'reveal');
    idb = await expectNoSecretInIndexedDb(page, grant.bundleKey);
    expect(idb).toContain('vault.offlineReveal');

    // 5 minutes without a tap: locked, the value gone.
    await view.getByRole('heading', { name: BUSINESS }).click();
    await page.clock.fastForward('05:05');
    await view.getByRole('form', { name: 'Offline vault locked' }).waitFor();
    await view.getByText(SECRETS.wifi, { exact: true }).waitFor({ state: 'detached' });
    expect(await view.getByRole('img', { name: /Wi-Fi QR code/ }).count()).toBe(0);
    await expectNoSecretInIndexedDb(page, grant.bundleKey);

    // Back online: the report is sent; it is in the audit list once, marked offline.
    await page.context().setOffline(false);
    await text('All updates synced').waitFor({ timeout: 30_000 });
    const audit = await api<VaultAuditEntry[]>(`/api/vault/audit?entryId=${entryId}`, { token: adminToken });
    const offline = audit.filter((a) => a.source === 'offline');
    expect(offline).toHaveLength(1);
    expect(offline[0]).toMatchObject({ field: 'wifiPassword', username: TECH.username, deviceName: DEVICE, deviceRevoked: false });
    // The copy sent to the phone is in the audit too: one row per entry, a reveal of all its values.
    expect(audit.filter((a) => a.source === 'device')).toEqual([expect.objectContaining({ field: 'bundle', deviceName: DEVICE, username: TECH.username })]);
    expect(audit).toHaveLength(2);

    // An admin sees it in Reveal History, then revokes the phone.
    const admin = await newPage('block');
    await signIn(admin, 'admin', inject('adminPassword'));
    await admin.goto('/vault');
    await admin.getByRole('button', { name: `View ${BUSINESS}` }).click();
    const history = admin.getByRole('list', { name: 'Reveal history' });
    await history.waitFor();
    expect(await history.getByText(new RegExp(`offline on ${DEVICE}`)).count()).toBe(1);
    expect(await history.getByText(new RegExp(`received \\d+ values? on ${DEVICE} \\(offline copy\\)`)).count()).toBe(1);
    expect(await history.getByRole('listitem').count()).toBe(2);
    await admin.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
    await admin.getByRole('button', { name: 'Offline devices' }).click();
    const devices = admin.getByRole('list', { name: 'Offline devices' });
    await devices.getByRole('listitem', { name: `${DEVICE} of ${TECH.username}` }).waitFor();
    await devices.getByRole('button', { name: `Revoke ${DEVICE}` }).click();
    await admin.getByText(`${DEVICE} (${TECH.username}) will wipe its offline vault at its next sync.`).waitFor();
    await devices.getByText(/Access ended .*: revoked by admin\./).waitFor();
    const listed = await api<VaultDevice[]>('/api/vault-devices', { token: adminToken });
    expect(listed.find((d) => d.id === grant.device.id)).toMatchObject({ revokedReason: 'admin', username: TECH.username });

    // The phone's next sync: wiped, and it says why.
    await page.reload();
    await text('The offline vault was removed from this device: its offline access was ended (revoked by an administrator, a password change or a change of role).').waitFor({
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Keep vault available offline' }).waitFor();
    idb = await expectNoSecretInIndexedDb(page, grant.bundleKey);
    expect(idb).not.toContain(grant.device.id);
    expect(idb).not.toContain('"collection":"vaultSecrets"');
  }, 240_000);

  it('a fingerprint (WebAuthn PRF on a virtual authenticator) wraps the bundle key too and unlocks the offline vault', async () => {
    // WebAuthn needs a domain: the same server through localhost instead of 127.0.0.1.
    const page = await newPage('allow', baseURL().replace('127.0.0.1', 'localhost'));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', ctap2Version: 'ctap2_1', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true, hasPrf: true },
    });
    await signIn(page, TECH.username, TECH.password);
    await page.goto('/vault');
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Keep vault available offline' }).click();
    const form = page.getByRole('form', { name: 'Keep vault available offline' });
    await form.getByLabel('Device name').fill('Olive fingerprint phone');
    await form.getByLabel('Offline passphrase').fill(PASSPHRASE);
    await form.getByLabel('Repeat passphrase').fill(PASSPHRASE);
    await form.getByLabel('Also unlock with fingerprint or face').check();
    const granted = page.waitForResponse((r) => r.url().endsWith('/api/vault-devices') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Turn on offline vault' }).click();
    const grant = (await (await granted).json()) as VaultDeviceGrant;
    await page.getByText('Offline vault unlocked', { exact: true }).waitFor({ timeout: 30_000 });
    await approveAndSync(page, grant.device.id, adminToken);

    await page.context().setOffline(true);
    await page.reload();
    const unlockForm = page.getByRole('form', { name: 'Offline vault locked' }).first();
    await unlockForm.getByRole('button', { name: 'Unlock with fingerprint' }).click();
    await page.getByText('Offline vault unlocked', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: `View ${BUSINESS}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Show Router Password' }).click();
    await page.getByRole('dialog').getByText(SECRETS.router, { exact: true }).waitFor();
    await expectNoSecretInIndexedDb(page);
  }, 180_000);

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('%s: with the server stopped, the unlocked copy shows usernames, SSID, static IP and notes, and Copy copies a username', async (size, viewport) => {
    const user = { username: `otto.usernames.${size}`, password: 'usernames-pass-1' };
    await api('/api/users', { method: 'POST', token: adminToken, body: { ...user, role: 'technician' } });
    // No service worker: the page's own requests meet the stopped server (the shell still loads).
    const page = await newPage('block', baseURL(), viewport);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, user.username, user.password);
    await page.goto('/vault');
    await page.getByRole('button', { name: 'Keep vault available offline' }).click();
    const form = page.getByRole('form', { name: 'Keep vault available offline' });
    await form.getByLabel('Device name').fill(`Otto site ${size}`);
    await form.getByLabel('Offline passphrase').fill(PASSPHRASE);
    await form.getByLabel('Repeat passphrase').fill(PASSPHRASE);
    const granted = page.waitForResponse((r) => r.url().endsWith('/api/vault-devices') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Turn on offline vault' }).click();
    const grant = (await (await granted).json()) as VaultDeviceGrant;
    await page.getByText('Offline vault unlocked', { exact: true }).waitFor({ timeout: 30_000 });
    await approveAndSync(page, grant.device.id, adminToken);
    const idb = await expectNoSecretInIndexedDb(page, grant.bundleKey);
    for (const d of Object.values(DETAILS)) expect(idb).not.toContain(d);

    // The server stops answering (every API request refused); the app reloads from its cache.
    await page.context().route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.reload();
    const unlockForm = page.getByRole('form', { name: 'Offline vault locked' }).first();
    await unlockForm.getByLabel('Offline passphrase').fill(PASSPHRASE);
    await unlockForm.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText('Offline vault unlocked', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: `View ${BUSINESS}` }).click();
    const view = page.getByRole('dialog');
    await view.getByText(DETAILS.router, { exact: true }).waitFor({ timeout: 30_000 });
    for (const shown of [DETAILS.nas, DETAILS.ip, DETAILS.notes, 'Cellar-Guest']) await view.getByText(shown, { exact: true }).waitFor();
    expect(await view.getByText('Needs a connection').count()).toBe(0);
    await view.getByRole('button', { name: 'Copy Router Username' }).click();
    await page.getByText('Router Username copied to the clipboard.').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(DETAILS.router);
    await view.getByRole('button', { name: 'Copy Cellar NAS username' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(DETAILS.nas);
    await fitsLightAndDark(page, `details-${size}`, viewport.width);
    // Shown from the copy: showing them stores nothing in clear.
    await expectNoSecretInIndexedDb(page, grant.bundleKey);
    expect(await dumpIndexedDb(page)).not.toContain(DETAILS.router);
  }, 180_000);
});
