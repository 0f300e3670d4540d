/**
 * Slow-phone profile for the browser benches (issue 59 item 3): `BENCH_CPU_THROTTLE=4` slows the
 * page's CPU 4x with Chromium's own emulation (CDP `Emulation.setCPUThrottlingRate`, the same knob as
 * DevTools' "4x slowdown"); unset or 1 = no throttling. The CDP session stays attached for the page's
 * life (detaching it would drop the emulation), and the rate survives navigations of that page.
 */
import type { BrowserContext, Page } from 'playwright-core';

/** The slowdown factor from BENCH_CPU_THROTTLE (>= 1; 1 = none). Throws on a value that is not a number >= 1. */
export function cpuThrottleRate(env: NodeJS.ProcessEnv = process.env): number {
  const rate = Number(env.BENCH_CPU_THROTTLE ?? 1);
  if (!Number.isFinite(rate) || rate < 1) throw new Error(`BENCH_CPU_THROTTLE must be a number >= 1, not ${env.BENCH_CPU_THROTTLE}`);
  return rate;
}

/** Applies {@link cpuThrottleRate} to `page` (nothing when it is 1); returns the rate applied. */
export async function throttleCpu(context: BrowserContext, page: Page, rate = cpuThrottleRate()): Promise<number> {
  if (rate === 1) return 1;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return rate;
}

/** ", CPU 4x slower" for a printed heading, or '' without throttling. */
export function throttleLabel(rate = cpuThrottleRate()): string {
  return rate === 1 ? '' : `, CPU ${rate}x slower (BENCH_CPU_THROTTLE)`;
}
