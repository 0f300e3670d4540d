/**
 * Bundle figures (and the public-route budget): gzip sizes of the PWA's entry JS (the scripts
 * index.html loads) and of every lazy route chunk, read from the built `pwa/dist`, and
 * ({@link measureRoutes}) the JavaScript each public route loads before it is usable, measured in
 * Chromium against the 110 KB budget. Sizes in bytes, gzip level 9 (what a static server
 * or CDN would send; the app serves brotli, which is smaller).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
}

export interface BundleReport {
  /** Scripts referenced by index.html (module entry + modulepreloads): what /support downloads first. */
  entry: ChunkSize[];
  entryGzipTotal: number;
  /** Every other JS chunk in assets/, largest first (lazy screens). */
  chunks: ChunkSize[];
  css: ChunkSize[];
  serviceWorker: ChunkSize | null;
}

function size(dist: string, file: string): ChunkSize {
  const buf = readFileSync(join(dist, file));
  return { file, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
}

/** Measures `dist` (default pwa/dist). @throws when index.html is missing (run `npm run build`). */
export function measureBundle(dist: string): BundleReport {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const referenced = new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  const assets = readdirSync(join(dist, 'assets')).map((f) => `assets/${f}`);
  const entry = [...referenced].map((f) => size(dist, f));
  const chunks = assets
    .filter((f) => f.endsWith('.js') && !referenced.has(f))
    .map((f) => size(dist, f))
    .sort((a, b) => b.gzip - a.gzip);
  const css = assets.filter((f) => f.endsWith('.css')).map((f) => size(dist, f));
  const sw = statSync(join(dist, 'sw.js'), { throwIfNoEntry: false }) ? size(dist, 'sw.js') : null;
  return { entry, entryGzipTotal: entry.reduce((n, c) => n + c.gzip, 0), chunks, css, serviceWorker: sw };
}

/** A public route and the element that shows its page is usable (rendered by React, handlers attached). */
export interface PublicRoute {
  path: string;
  /** CSS selector of the element that marks the page as usable (e.g. the form's submit button). */
  usable: string;
  /** Name printed for the route (default: `path`). */
  name?: string;
  /** API answers stubbed in the browser, by URL path (JSON, status 200): e.g. a survey link's check, so the form shows. */
  api?: Record<string, unknown>;
}

/** The public routes with their "usable" element. */
export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/', usable: '.hero a.btn' },
  { path: '/support', usable: 'form[aria-label="Support request"] button[type="submit"]' },
  { path: '/customer-support', usable: 'form[aria-label="Support request"] button[type="submit"]' },
  { path: '/survey', usable: 'main h1' },
  {
    // The survey form itself: the link's check (GET /api/surveys/invitation) answers "not yet answered".
    name: '/survey (form)',
    path: '/survey?ticket=TKT-000001&token=bench',
    usable: 'form[aria-label="Customer satisfaction survey"] button[type="submit"]',
    api: { '/api/surveys/invitation': { ticketNumber: 'TKT-000001', submitted: false, expiresAt: '2099-01-01T00:00:00.000Z' } },
  },
  { path: '/login', usable: 'form[aria-labelledby="login-title"] button[type="submit"]' },
  {
    // The customer's status link (docs/status-links.md): the view answers, the reply form is usable.
    name: '/status/:token',
    path: `/status/${'B'.repeat(43)}`,
    usable: 'form[aria-label="Add a reply"] button[type="submit"]',
    api: {
      [`/api/ticket-status/${'B'.repeat(43)}`]: {
        ticketNumber: 'TKT-000001',
        status: 'in_progress',
        severity: 'medium',
        technicianFirstName: 'Maria',
        supportPhone: '(555) 123-4567',
        createdAt: '2026-01-01T00:00:00.000Z',
        timeline: [{ id: 'e1', kind: 'created', at: '2026-01-01T00:00:00.000Z', status: null, text: null }],
        canReply: true,
      },
    },
  },
];

/** The budget: JavaScript before a public page is usable, gzip bytes (110 KB, issue 58; 120 KB in issue 16). */
export const ROUTE_GOAL_GZIP = 110_000;

export interface RouteLoad {
  /** The route's name (its path unless {@link PublicRoute.name} is set). */
  path: string;
  /** ms from navigation start until the usable element was in the DOM (this machine, no throttling). */
  usableMs: number;
  /** JS files requested before the page was usable, with their gzip -9 sizes from `dist`. */
  before: ChunkSize[];
  beforeGzip: number;
  /** JS files requested after that (idle loads: offline engine, validation, service worker registration). */
  after: ChunkSize[];
  afterGzip: number;
}

/**
 * Opens each public route in a fresh Chromium page (cold cache, no service worker) of the app at
 * `baseURL` and splits the JavaScript it requests into what started before the route's usable
 * element appeared (a MutationObserver notes the time) and what came later, until the network is
 * idle plus `settleMs`. Sizes are gzip -9 of the files in `dist` (the same measure as the entry).
 * @param browserPath Chromium executable (CHROMIUM_PATH, default /usr/bin/chromium).
 */
export async function measureRoutes(baseURL: string, dist: string, routes = PUBLIC_ROUTES, settleMs = 3000): Promise<RouteLoad[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const results: RouteLoad[] = [];
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
      const page = await context.newPage();
      for (const [apiPath, body] of Object.entries(route.api ?? {})) {
        await page.route((url) => url.pathname === apiPath, (r) => r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }));
      }
      // A string, not a function: the page must not see helpers a TypeScript runner may add.
      await page.addInitScript(`(() => {
        const sel = ${JSON.stringify(route.usable)};
        const check = () => { if (window.__usableAt === undefined && document.querySelector(sel)) { window.__usableAt = performance.now(); observer.disconnect(); } };
        const observer = new MutationObserver(check);
        observer.observe(document, { childList: true, subtree: true });
      })()`);
      await page.goto(`${baseURL}${route.path}`);
      // Polled with evaluate (the app's CSP forbids the string eval of waitForFunction).
      for (const deadline = Date.now() + 30_000; (await page.evaluate('window.__usableAt')) === undefined; ) {
        if (Date.now() > deadline) throw new Error(`${route.path}: '${route.usable}' did not appear in 30 s`);
        await page.waitForTimeout(100);
      }
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(settleMs);
      const loads = (await page.evaluate(
        `(() => ({ usableAt: window.__usableAt, js: performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith('.js')).map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })) }))()`,
      )) as { usableAt: number; js: { path: string; start: number }[] };
      await context.close();
      const sized = (list: { path: string }[]) => list.map((j) => size(dist, j.path.replace(/^\//, '')));
      const before = sized(loads.js.filter((j) => j.start <= loads.usableAt));
      const after = sized(loads.js.filter((j) => j.start > loads.usableAt));
      const total = (l: ChunkSize[]) => l.reduce((n, c) => n + c.gzip, 0);
      results.push({ path: route.name ?? route.path, usableMs: Math.round(loads.usableAt), before, beforeGzip: total(before), after, afterGzip: total(after) });
    }
    return results;
  } finally {
    await browser.close();
  }
}
