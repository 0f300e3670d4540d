/**
 * The PWA is installable in Chromium (manifest + service worker, no installability
 * errors from CDP `Page.getInstallabilityErrors`), its precached shell answers deep links with no
 * network, and a new deployment waits behind "A new version is available" until the user reloads.
 */
import { cpSync, mkdtempSync, appendFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppProcess } from '../../scripts/server-process';
import { PHONE, baseURL, launchBrowser, persistentPhoneContext, waitForServiceWorker } from './support/browser';

let browser: Browser;
let context: BrowserContext | undefined;
let profile: string | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());
afterEach(async () => {
  await context?.close();
  context = undefined;
  if (profile) rmSync(profile, { recursive: true, force: true });
  profile = undefined;
});

/** Waits until the page is controlled by an activated service worker. */
describe('installable app', () => {
  it('serves a complete web app manifest', async () => {
    const res = await fetch(`${baseURL()}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'IT Support Portal', short_name: 'IT Support', start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.map((i) => `${i.sizes}:${i.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
    for (const icon of manifest.icons) expect((await fetch(`${baseURL()}${icon.src}`)).headers.get('content-type')).toBe('image/png');
  });

  it('has no installability errors in Chromium and its shell opens deep links offline', async () => {
    profile = mkdtempSync(join(tmpdir(), 'portal-profile-'));
    context = await persistentPhoneContext(profile);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);

    await context.setOffline(true);
    await page.goto('/support');
    await expect(page.getByRole('heading', { name: 'Submit a Support Request' }).waitFor()).resolves.toBeUndefined();
    await page.goto('/no-such-page');
    await expect(page.getByText('Page Not Found').first().waitFor()).resolves.toBeUndefined();
  });
});

describe('an install that fails', () => {
  it('is retried by the app until the worker controls the page, with no reload', async () => {
    context = await browser.newContext({ baseURL: baseURL(), viewport: PHONE, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });
    // The first precache request of the manifest fails, as on a phone losing signal mid-install.
    let failed = 0;
    await context.route('**/manifest.webmanifest*', async (route) => {
      if (failed === 0 && route.request().serviceWorker()) {
        failed += 1;
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });
    const page = await context.newPage();
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await page.goto('/support');
    await waitForServiceWorker(page);
    expect(failed).toBe(1);
    expect(loads).toHaveLength(1);
  });
});

describe('a new deployment', () => {
  let app: AppProcess | undefined;
  let dist: string | undefined;
  afterEach(async () => {
    await app?.stop();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('waits behind "A new version is available" and activates only on Reload', async () => {
    dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    cpSync(resolve(process.env.PWA_DIST ?? resolve(import.meta.dirname, '../dist')), dist, { recursive: true });
    app = await startApp({ PWA_DIST: dist });
    context = await browser.newContext({ baseURL: app.baseURL, viewport: PHONE, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto('/support');
    await waitForServiceWorker(page);
    await page.reload(); // a returning user: the page starts under the installed version
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Half-typed request');

    // "Deploy" a new build: a changed service worker script is a new version to the browser.
    appendFileSync(join(dist, 'sw.js'), '\n// next deployment\n');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const prompt = page.getByText('A new version is available');
    await prompt.waitFor();
    // The new version waits: the open page keeps the old one and nothing typed is lost.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('Half-typed request');

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
    await waitForServiceWorker(page);
    const after = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(reg?.waiting), active: reg?.active?.state };
    });
    expect(after).toEqual({ waiting: false, active: 'activated' });
    await expect(page.getByRole('heading', { name: 'Submit a Support Request' }).waitFor()).resolves.toBeUndefined();
  });
});
