/**
 * Staff two-factor authentication in Chromium (README "Two-factor authentication"), at 390x844 and
 * 1366x768. This file starts its OWN app on `localhost` (passkeys need a host name, not an IP; the
 * shared app keeps policy `none` for the other files): an admin turns the policy to "Admins and
 * technicians" on /admin/settings; a technician is then sent to the Security page after the
 * password, sets up an authenticator app (the code is computed here from the "Setup key"), sees the
 * recovery codes once, signs in again through "Two-Factor Authentication" (a wrong code first), and
 * confirms a vault reveal in the "Confirm it's you" dialog with a recovery code, the View staying
 * open underneath, then signs in with another recovery code and is told how many are left. Another technician enrols a passkey with Chromium's virtual authenticator (CDP
 * `WebAuthn.addVirtualAuthenticator`) and signs in with "Use a passkey". SCREENSHOT_DIR saves light
 * and dark screenshots; every screen is checked for horizontal overflow in both.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppProcess } from '../../scripts/server-process';
import { DESKTOP, PHONE, launchBrowser } from './support/browser';

const TECHS = {
  phone: { username: 'tara.totp', password: 'totp-pass-1' },
  desktop: { username: 'theo.totp', password: 'totp-pass-2' },
  passkey: { username: 'pia.passkey', password: 'passkey-pass-1' },
};
const WIFI = 'Lantern-Wifi-pw!';
const BUSINESS = 'Lantern Bakery';

let app: AppProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** The authenticator app: the code of `key` shifted by `steps` 30-second steps (the server accepts one step of drift). */
const totp = (key: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + steps * 30_000 });

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${app.baseURL}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function open(size: keyof typeof TECHS | 'admin'): Promise<void> {
  const viewport = size === 'phone' ? PHONE : DESKTOP;
  context = await browser.newContext({ baseURL: app.baseURL, viewport, isMobile: size === 'phone', hasTouch: size === 'phone', serviceWorkers: 'block' });
  page = await context.newPage();
}

/** Checks nothing sticks out of the page horizontally in light and dark (a row scrolling sideways keeps its own); saves screenshots when SCREENSHOT_DIR is set. */
async function looksRight(name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()!.width;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const overflowing = await page.evaluate((w) => {
      const out: string[] = [];
      // A row that scrolls sideways (the phone's status tabs) holds its overflow: not the page's.
      const scrolls = (el: Element) => {
        for (let p = el.parentElement; p; p = p.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true;
        return false;
      };
      for (const el of document.querySelectorAll('h1, h2, button, input, p, li')) {
        if (scrolls(el)) continue;
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.height > 0 && r.right > w + 1) out.push(`${el.tagName} "${(el.textContent ?? '').trim().slice(0, 30)}" ends at ${Math.round(r.right)}`);
      }
      return out;
    }, width);
    expect(overflowing, `${name} ${colorScheme}`).toEqual([]);
    if (dir) await page.screenshot({ path: join(dir, `twofa-${name}-${width}-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Opens /login and types the password step (`submit` then clicks Sign In). */
async function fillPassword(user: { username: string; password: string }): Promise<() => Promise<void>> {
  await page.goto('/login');
  await page.getByPlaceholder('Enter your username').fill(user.username);
  await page.getByPlaceholder('Enter your password').fill(user.password);
  return () => page.getByRole('button', { name: 'Sign In' }).click();
}

/** The password step through the login screen. */
async function password(user: { username: string; password: string }): Promise<void> {
  await (await fillPassword(user))();
}

/**
 * Runs `action` (the step that completes a sign-in) and waits for the page reload the app does
 * after a login (SPEC.md 4), so nothing shown afterwards is wiped by it. Start it after /login loaded.
 */
async function afterSignIn(action: () => Promise<void>, username: string): Promise<void> {
  const reloaded = page.waitForEvent('load', { timeout: 15_000 }).catch(() => undefined);
  await action();
  await page.getByText(`Welcome, ${username}`).first().waitFor({ state: 'attached' });
  await reloaded;
  await page.getByText(`Welcome, ${username}`).first().waitFor({ state: 'attached' });
}

beforeAll(async () => {
  app = await startApp({}, 60_000, { host: 'localhost' });
  browser = await launchBrowser();
  const admin = await api<{ token: string }>('/api/auth/login', { method: 'POST', body: { username: 'admin', password: app.adminPassword } });
  for (const t of Object.values(TECHS)) await api('/api/users', { method: 'POST', token: admin.token, body: { ...t, role: 'technician' } });
  await api('/api/vault', { method: 'POST', token: admin.token, body: { businessName: BUSINESS, wifiSsid: 'Lantern', wifiPassword: WIFI } });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});
afterEach(async () => context?.close());

describe('two-factor authentication', () => {
  it('an admin requires it of admins and technicians on /admin/settings', async () => {
    await open('admin');
    await afterSignIn(await fillPassword({ username: 'admin', password: app.adminPassword }), 'admin');
    await page.goto('/admin/settings');
    const section = page.getByRole('region', { name: 'Two-Factor Authentication' });
    await expect.poll(() => section.getByLabel('Not required').isChecked()).toBe(true);
    await section.getByLabel('Admins and technicians').check();
    await section.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Two-Factor Authentication: Admins and technicians.').waitFor();
    await section.scrollIntoViewIfNeeded();
    await looksRight('admin-settings');
    // In force at once: the admin has no second factor, so a new sign-in may only enrol.
    const again = await api<{ twoFactorEnrolmentRequired?: boolean }>('/api/auth/login', { method: 'POST', body: { username: 'admin', password: app.adminPassword } });
    expect(again.twoFactorEnrolmentRequired).toBe(true);
  });

  for (const size of ['phone', 'desktop'] as const) {
    it(`a technician enrols an authenticator app, signs in with a code and confirms a reveal (${size})`, async () => {
      const tech = TECHS[size];
      await open(size);
      // The password alone leads to the Security page, and nothing else opens.
      await afterSignIn(await fillPassword(tech), tech.username);
      await page.getByRole('heading', { name: 'Two-Factor Authentication', level: 1 }).waitFor();
      await page.getByText('Set up two-factor authentication before you continue.', { exact: false }).waitFor();
      await page.goto('/vault');
      await page.getByRole('heading', { name: 'Two-Factor Authentication', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Set up authenticator app' }).click();
      const key = await page.getByLabel('Setup key').inputValue();
      expect(key).toMatch(/^[A-Z2-7]{32}$/);
      await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      await looksRight(`setup-${size}`);
      await page.getByLabel('Authentication code').fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('That code is not valid. Try again.').waitFor();
      await page.getByLabel('Authentication code').fill(totp(key, -1));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('heading', { name: 'Recovery codes' }).waitFor();
      const codes = await page.getByRole('list', { name: 'New recovery codes' }).getByRole('listitem').allTextContents();
      expect(codes).toHaveLength(10);
      await looksRight(`recovery-codes-${size}`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((u) => u.pathname === '/');

      // Sign in again: the second step, a wrong code, then the app's code.
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await password(tech);
      await page.getByRole('heading', { name: 'Two-Factor Authentication' }).waitFor();
      await page.getByLabel('Authentication code').fill('123456');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('That code is not valid. Try again.').waitFor();
      await looksRight(`second-step-${size}`);
      await afterSignIn(async () => {
        await page.getByLabel('Authentication code').fill(totp(key));
        await page.getByRole('button', { name: 'Verify' }).click();
      }, tech.username);

      // The vault: the sign-in is fresh, so the server would reveal; the first answer is made
      // stale (403 step_up_required, as after 15 minutes) to bring up "Confirm it's you".
      let staled = false;
      await page.route('**/api/vault/*/reveal', async (route) => {
        if (staled) return route.continue();
        staled = true;
        await route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: "Confirm it's you to continue.", code: 'step_up_required' }) });
      });
      await page.goto('/vault');
      await page.getByRole('button', { name: `View ${BUSINESS}` }).click();
      const view = page.getByRole('dialog').filter({ hasText: BUSINESS });
      await view.getByRole('button', { name: 'Show WiFi Password' }).click();
      const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
      await confirm.getByLabel('Authentication code').waitFor();
      await looksRight(`step-up-${size}`);
      await confirm.getByLabel('Authentication code').fill('ZZZZZ-ZZZZZ');
      await confirm.getByRole('button', { name: 'Verify' }).click();
      await confirm.getByText('That code is not valid. Try again.').waitFor();
      await confirm.getByLabel('Authentication code').fill(codes[0]!);
      await confirm.getByRole('button', { name: 'Verify' }).click();
      await confirm.waitFor({ state: 'detached' });
      await view.getByText(WIFI, { exact: true }).waitFor();

      // One recovery code is spent: the Security page says 9 left.
      await page.goto('/account/security');
      await page.getByRole('heading', { name: 'Recovery codes' }).waitFor();
      await page.getByText('9 left').waitFor();
      await looksRight(`security-${size}`);

      // A sign-in with a recovery code says how many are left, still after the sign-in's reload (issue 56 item 12).
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('button', { name: 'Login' }).waitFor();
      await password(tech);
      await page.getByRole('heading', { name: 'Two-Factor Authentication' }).waitFor();
      await afterSignIn(async () => {
        await page.getByLabel('Authentication code').fill(codes[1]!);
        await page.getByRole('button', { name: 'Verify' }).click();
      }, tech.username);
      await page.getByText('Signed in with a recovery code').waitFor();
      await page.getByText('8 recovery codes left. Each code works once. Make new ones under Recovery codes on the Security page.').waitFor();
      await looksRight(`recovery-sign-in-${size}`);
    });
  }

  it('a technician enrols a passkey (virtual authenticator) and signs in with it', async () => {
    const tech = TECHS.passkey;
    await open('passkey');
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'usb', hasResidentKey: false, hasUserVerification: false, automaticPresenceSimulation: true },
    });
    await afterSignIn(await fillPassword(tech), tech.username);
    await page.getByRole('heading', { name: 'Two-Factor Authentication', level: 1 }).waitFor();
    await page.getByLabel('Passkey name').fill('Desk key');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('heading', { name: 'Recovery codes' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/account/security');
    await page.getByText('Desk key').waitFor();
    await looksRight('passkeys-desktop');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await password(tech);
    await page.getByRole('heading', { name: 'Two-Factor Authentication' }).waitFor();
    await afterSignIn(() => page.getByRole('button', { name: 'Use a passkey' }).click(), tech.username);
    // The one credential the authenticator holds signed twice (registration, then the sign-in).
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.signCount).toBeGreaterThanOrEqual(1);
  });
});
