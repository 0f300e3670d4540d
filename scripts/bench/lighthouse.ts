/**
 * Lighthouse mobile performance (benchmark): runs the `lighthouse` npm package against pages
 * of the running app, driving Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) started
 * by playwright-core with a remote-debugging port. Lighthouse's default config is the mobile one
 * (Moto G Power emulation, simulated slow 4G throttling). Scores are 0-100.
 */
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from '../server-process';

export interface LighthouseResult {
  path: string;
  performance: number;
  /** Core metrics in ms (CLS unitless). */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** A signed-in staff member for {@link runLighthouse}: the session the PWA keeps in localStorage (lib/session). */
export interface SignedIn {
  username: string;
  password: string;
}

/**
 * Audits each path of `baseURL` in a fresh headless Chromium; one run per path. With `signedIn`,
 * the audit is a staff member's FIRST visit: the session is stored in localStorage from a page that
 * loads no app file (`/api/health`), so the HTTP cache is cold and no service worker is registered,
 * and Lighthouse's storage reset is turned off so the session survives.
 */
export async function runLighthouse(baseURL: string, paths: string[], signedIn?: SignedIn): Promise<LighthouseResult[]> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`, '--no-first-run', '--disable-background-networking'],
  });
  try {
    if (signedIn) {
      const res = await fetch(`${baseURL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(signedIn) });
      if (!res.ok) throw new Error(`login for lighthouse: ${res.status}`);
      const session = (await res.json()) as { user: unknown; token: string };
      const page = await browser.newPage();
      await page.goto(`${baseURL}/api/health`);
      await page.evaluate((s) => {
        localStorage.setItem('user', JSON.stringify(s.user));
        localStorage.setItem('token', s.token);
      }, session);
      await page.close();
    }
    const results: LighthouseResult[] = [];
    for (const path of paths) {
      const audit = () =>
        lighthouse(`${baseURL}${path}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...(signedIn ? { disableStorageReset: true } : {}) });
      let run = await audit();
      // An audit without a score (a runtime error such as NO_NAVSTART or NO_FCP, seen now and then
      // with this Chromium on the loaded machine) is run again, up to twice, instead of printing 0 and NaN.
      for (let retry = 1; retry <= 2 && run && run.lhr.categories.performance?.score == null; retry++) {
        console.log(`lighthouse ${path}: no score (${run.lhr.runtimeError?.code ?? 'unknown error'}), running it again`);
        run = await audit();
      }
      if (!run) throw new Error(`lighthouse returned nothing for ${path}`);
      const { categories, audits } = run.lhr;
      if (process.env.BENCH_LIGHTHOUSE_BREAKDOWN === '1') printBreakdown(path, audits as unknown as Record<string, AuditItems | undefined>);
      const metric = (id: string) => Math.round((audits[id]?.numericValue ?? NaN) * 1000) / 1000;
      results.push({
        path,
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        fcp: Math.round(metric('first-contentful-paint')),
        lcp: Math.round(metric('largest-contentful-paint')),
        tbt: Math.round(metric('total-blocking-time')),
        cls: metric('cumulative-layout-shift'),
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}

interface AuditItems {
  details?: { items?: Array<Record<string, unknown>> };
}

/**
 * BENCH_LIGHTHOUSE_BREAKDOWN=1 (issue 59 "find where the main thread goes"): prints, per audited
 * page, Lighthouse's main-thread work by category (`mainthread-work-breakdown`: script evaluation,
 * parse/compile, style and layout, ...) and the five scripts with the most main-thread time
 * (`bootup-time`: total, of which evaluation and parse/compile), in ms of the observed (unthrottled)
 * trace as Lighthouse reports them, and its long tasks (`long-tasks`: start, duration and the script
 * each is attributed to).
 */
export function printBreakdown(path: string, audits: Record<string, AuditItems | undefined>): void {
  const ms = (v: unknown) => `${Math.round(Number(v ?? 0))}`;
  const groups = (audits['mainthread-work-breakdown']?.details?.items ?? []).map((i) => `${String(i.groupLabel ?? i.group)} ${ms(i.duration)}`);
  console.log(`main thread ${path}: ${groups.join(', ')} (ms)`);
  const scripts = (audits['bootup-time']?.details?.items ?? []).slice(0, 5);
  for (const s of scripts) {
    const url = String(s.url ?? '').replace(/^https?:\/\/[^/]+/, '');
    console.log(`  ${url}: ${ms(s.total)} ms (evaluation ${ms(s.scripting)}, parse/compile ${ms(s.scriptParseCompile)})`);
  }
  const tasks = (audits['long-tasks']?.details?.items ?? []).map((t) => `${String(t.url ?? '').replace(/^.*\//, '')} @${ms(t.startTime)}+${ms(t.duration)}`);
  if (tasks.length > 0) console.log(`  long tasks (simulated, start+duration ms, script): ${tasks.join(', ')}`);
}
