/**
 * Light and dark screenshots for looking at a screen as a user would: `SCREENSHOT_DIR=<folder>`
 * keeps `<name>-light.png` and `<name>-dark.png` there (`name` may start with a folder); without it
 * nothing is written. The page is
 * left in the light scheme.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Saves `name` in both colour schemes (viewport only unless `fullPage`). */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  // A name may hold a folder ('visits/close-out-work-phone').
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // animations 'disabled': a colour transition started by the scheme switch is shown finished.
    await page.screenshot({ path: path.join(dir, `${name}-${scheme}.png`), fullPage: options.fullPage ?? false, animations: 'disabled' });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
