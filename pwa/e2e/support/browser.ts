/**
 * Browser helpers for the e2e tests: Debian's Chromium through playwright-core at a phone viewport
 * (390x844), plus small API helpers to arrange data through the real HTTP API.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { within } from '../../../scripts/within';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1366, height: 768 } as const;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium flags this sandboxed, offline machine needs. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Prints the uncaught errors and unhandled rejections of every page of `context` in the test's
 * output, so a step that waits in vain for a text is explained by what the page threw meanwhile.
 * @returns `context`.
 */
export function reportPageErrors(context: BrowserContext): BrowserContext {
  context.on('weberror', (e) => {
    const err = e.error();
    console.error(`[page error] ${e.page()?.url() ?? ''}: ${err.stack ?? err.message}`);
  });
  return context;
}

/**
 * Launches headless Chromium with the flags this sandboxed, offline machine needs; every context
 * it opens reports its pages' errors ({@link reportPageErrors}).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => reportPageErrors(await newContext(options));
  return browser;
}

/**
 * A phone-sized, NON-incognito Chromium profile in `userDataDir` with service workers allowed:
 * what installability checks need (Chromium never offers install in incognito, and every
 * `browser.newContext()` is incognito), and web push (incognito refuses push subscriptions).
 * `extraArgs` are added to the Chromium flags; `size` 'desktop' makes it 1366x768 without touch.
 * Closing the context closes its browser.
 */
export async function persistentPhoneContext(userDataDir: string, extraArgs: readonly string[] = [], size: 'phone' | 'desktop' = 'phone'): Promise<BrowserContext> {
  const phone = size === 'phone';
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    baseURL: inject('baseURL'),
    viewport: phone ? PHONE : DESKTOP,
    isMobile: phone,
    hasTouch: phone,
    serviceWorkers: 'allow',
  });
  return reportPageErrors(context);
}

/** A fresh phone-sized context (own storage) pointed at the app under test. */
export async function phoneContext(browser: Browser, options: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: inject('baseURL'),
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
}

export function baseURL(): string {
  return inject('baseURL');
}

/** Logs in through the API and returns the bearer token (for arranging data). */
export async function apiLogin(username: string, password: string): Promise<{ token: string; user: { id: string } }> {
  const res = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${username} failed: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ token: string; user: { id: string } }>;
}

/** Calls the API as JSON with an optional bearer token; throws on non-2xx. */
export async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Call after a submit that failed validation, before typing again. react-hook-form focuses the
 * first invalid field at once and again in a `setTimeout(0)`; a `fill` that runs before that timer
 * gets its text moved into the invalid field halfway (seen in CI: 'wrong-pass' typed into Confirm
 * New Password, so the form sent the old current password). This waits one timer turn of the page,
 * which runs after the one react-hook-form queued during the click.
 */
export async function settleForm(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/**
 * Waits until React has drawn the page: the boot placeholder of index.html (`#root > .boot`, which
 * holds the prerendered heading and intro of /support, /customer-support and /login) is gone. A
 * wait for a prerendered text alone returns before the app's first commit, which runs as a
 * transition after that paint (main.tsx), so the page's controls may not exist yet.
 */
export async function appDrawn(page: Page): Promise<void> {
  await page.locator('#root > .boot').waitFor({ state: 'detached' });
}

/**
 * Signs in through the login screen like a person would, and waits for the logged-in header and
 * for the page reload the app does after a login (SPEC.md 4: 500 ms later), so a following
 * `page.goto` is never aborted by that reload.
 */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('Enter your username').fill(username);
  await page.getByPlaceholder('Enter your password').fill(password);
  // The next 'load' after the click is the post-login reload (/login itself has loaded already).
  const reloaded = page.waitForEvent('load', { timeout: 15_000 }).catch(() => undefined);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText(`Welcome, ${username}`).first().waitFor({ state: 'attached' });
  await reloaded;
  await page.getByText(`Welcome, ${username}`).first().waitFor({ state: 'attached' });
}

/**
 * `page.goto(url)`, once more when a navigation of the page's own cut it short: the login page
 * reloads itself LOGIN_RELOAD_DELAY_MS after signing in, and a `goto` in that window fails with
 * net::ERR_ABORTED (quiet machine) or "interrupted by another navigation" (loaded machine).
 */
export async function gotoPast(page: Page, url: string): Promise<void> {
  await page.goto(url).catch(async (e: unknown) => {
    if (!/ERR_ABORTED|interrupted by another navigation/.test(String(e))) throw e;
    await page.goto(url);
  });
}

/** A fresh desktop-sized (1366x768) context pointed at the app under test, service workers blocked. */
export async function desktopContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: inject('baseURL'), viewport: DESKTOP, serviceWorkers: 'block' });
}

/**
 * Waits until a service worker controls the page: what offline reloads need. First the worker must
 * be active (`navigator.serviceWorker.ready`, at most `ms`, default 30 s, failing with a message
 * that says so); an install that lost a precache request is retried by the app itself
 * (pwa/src/app/installRetry.ts), as a phone needs. The active worker claims open pages
 * (pwa/src/sw/sw.ts), but `clients.claim()` skips a page whose navigation was still in flight when
 * the worker activated (Service Workers spec, Clients.claim(): clients not yet execution ready are
 * left alone); such a page stays uncontrolled until its next load. So when no claim comes within
 * 5 s the page is reloaded once, as a person coming back would; that load is always controlled.
 */
export async function waitForServiceWorker(page: Page, ms = 30_000): Promise<void> {
  const active = () =>
    page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
  // The page may be between documents (a reload the app does after a login): ask the next one.
  await within(ms, 'waiting for the service worker to be active', active().catch(active));
  const controlled = () => page.evaluate(() => Boolean(navigator.serviceWorker.controller)).catch(() => false);
  const claimedWithin = async (wait: number) => {
    for (const end = Date.now() + wait; Date.now() < end; await page.waitForTimeout(100)) {
      if (await controlled()) return true;
    }
    return controlled();
  };
  if (await claimedWithin(5_000)) return;
  await page.reload();
  if (!(await claimedWithin(10_000))) throw new Error('the service worker is active but does not control the page after a reload');
}

/**
 * Every value of every object store of every IndexedDB database of the page, as one JSON text
 * (the vault tests search it for secrets that must never be stored in plaintext). Fails after
 * 30 s, or at once when a database cannot be opened (blocked by a pending deletion or upgrade).
 */
export async function dumpIndexedDb(p: Page): Promise<string> {
  return within(
    30_000,
    'reading IndexedDB',
    p.evaluate(async () => {
      const out: Record<string, unknown> = {};
      for (const info of await indexedDB.databases()) {
        if (!info.name) continue;
        const db = await new Promise<IDBDatabase>((ok, fail) => {
          const req = indexedDB.open(info.name!);
          req.onsuccess = () => ok(req.result);
          req.onerror = () => fail(req.error);
          req.onblocked = () => fail(new Error(`IndexedDB ${info.name} is blocked`));
        });
        for (const store of Array.from(db.objectStoreNames)) {
          out[`${info.name}/${store}`] = await new Promise((ok, fail) => {
            const req = db.transaction(store, 'readonly').objectStore(store).getAll();
            req.onsuccess = () => ok(req.result);
            req.onerror = () => fail(req.error);
          });
        }
        db.close();
      }
      return JSON.stringify(out);
    }),
  );
}

/** The two screen sizes the browser tests check (PHONE and DESKTOP). */
export const SIZES = ['phone', 'desktop'] as const;
export type Size = (typeof SIZES)[number];

/** What {@link browserSuite} sets up for a test file (filled in by its beforeAll). */
export interface BrowserSuite {
  browser: Browser;
  /** The seeded admin's API token, to arrange data through the HTTP API. */
  adminToken: string;
  /** Closes `context` after the current test; returns it. */
  track(context: BrowserContext): BrowserContext;
  /** A new phone (390x844) or desktop (1366x768) context, closed after the current test. */
  newContext(size: Size): Promise<BrowserContext>;
}

/** How long {@link closeContext} waits for a context to close (ms). */
const CONTEXT_CLOSE_MS = 20_000;

/**
 * Closes `context` after a test, waiting at most 20 s: on a loaded CI machine Chromium has once
 * taken over 90 s to close a context (failing the test's hook though the test passed). A context
 * still closing then is left to the browser's own close at the end of the file.
 */
export async function closeContext(context: BrowserContext | undefined): Promise<void> {
  if (!context) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), CONTEXT_CLOSE_MS);
  });
  const outcome = await Promise.race([context.close().then(() => 'closed' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') console.warn(`a browser context took over ${CONTEXT_CLOSE_MS} ms to close; left to the browser's close`);
}

/**
 * Per-file browser fixture: launches Chromium and signs the admin in through the API before the
 * file's tests, closes every context a test opened (`track`, `newContext`) after it, and the
 * browser after the file. Use its fields inside tests only.
 */
export function browserSuite(): BrowserSuite {
  const contexts: BrowserContext[] = [];
  const suite = {
    track(context: BrowserContext) {
      contexts.push(context);
      return context;
    },
    async newContext(size: Size) {
      return suite.track(size === 'phone' ? await phoneContext(suite.browser) : await desktopContext(suite.browser));
    },
  } as BrowserSuite;
  beforeAll(async () => {
    suite.browser = await launchBrowser();
    suite.adminToken = (await apiLogin('admin', inject('adminPassword'))).token;
  });
  afterAll(async () => suite.browser?.close());
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map(closeContext));
  });
  return suite;
}
