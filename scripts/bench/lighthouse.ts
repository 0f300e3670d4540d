/**
 * Lighthouse mobile performance (issue 3 benchmark): runs the `lighthouse` npm package against pages
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

/** Audits each path of `baseURL` in a fresh headless Chromium; one run per path. */
export async function runLighthouse(baseURL: string, paths: string[]): Promise<LighthouseResult[]> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`, '--no-first-run', '--disable-background-networking'],
  });
  try {
    const results: LighthouseResult[] = [];
    for (const path of paths) {
      const audit = () => lighthouse(`${baseURL}${path}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      let run = await audit();
      // An audit without a score (a runtime error such as NO_NAVSTART or NO_FCP, seen now and then
      // with this Chromium on the loaded machine) is run again, up to twice, instead of printing 0 and NaN.
      for (let retry = 1; retry <= 2 && run && run.lhr.categories.performance?.score == null; retry++) {
        console.log(`lighthouse ${path}: no score (${run.lhr.runtimeError?.code ?? 'unknown error'}), running it again`);
        run = await audit();
      }
      if (!run) throw new Error(`lighthouse returned nothing for ${path}`);
      const { categories, audits } = run.lhr;
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
