/**
 * The downloads, content and file-management screens fit 390x844 and 1366x768 in light and dark:
 * no heading or control ends beyond the right edge. Set SCREENSHOT_DIR to also save the screens
 * (and the end of the downloads list) there.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, inject } from 'vitest';
import { DESKTOP, PHONE, browserSuite, signIn } from './support/browser';

const suite = browserSuite();

describe('files screens', () => {
  it('the three screens fit 390x844 and 1366x768 in light and dark (no control beyond the right edge)', async () => {
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) mkdirSync(dir, { recursive: true });
    const shot = async (page: Page, file: string) => {
      if (dir) await page.screenshot({ path: join(dir, file) });
    };
    /** Right edges of visible headings, buttons, inputs and selects that stick out of the viewport. */
    const overflowing = (page: Page, width: number) =>
      page.evaluate((w) => {
        const out: string[] = [];
        for (const el of document.querySelectorAll('h1, h2, button, input, select, a.btn')) {
          const r = el.getBoundingClientRect();
          if (r.width > 0 && r.height > 0 && r.right > w + 1) out.push(`${el.tagName} "${(el.textContent ?? '').trim().slice(0, 30)}" ends at ${Math.round(r.right)}`);
        }
        return out;
      }, width);
    for (const [vpName, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        // One context at a time (closed at the end of the round): four open at once would load the machine.
        const context = await suite.newContext(vpName);
        const page = await context.newPage();
        await page.emulateMedia({ colorScheme: scheme });
        await signIn(page, 'admin', inject('adminPassword'));
        for (const [name, path, ready] of [
          ['downloads', '/downloads', 'Tech Support Tools'],
          ['content', '/admin/content', 'Content Management'],
          ['files', '/admin/file-management', 'File Management'],
        ] as const) {
          await page.goto(path);
          await page.getByRole('heading', { name: ready }).waitFor();
          if (name === 'content') await page.getByRole('tab', { name: /Installers/ }).click();
          await page.waitForTimeout(300);
          expect(await overflowing(page, viewport.width), `${name} ${vpName} ${scheme}`).toEqual([]);
          await shot(page, `${name}-${vpName}-${scheme}.png`);
          if (name === 'downloads' && dir) {
            // Pages scroll inside ion-content: capture the end of the list too (device and help cards).
            await page.evaluate(() => (document.querySelector('#main-content') as HTMLIonContentElement | null)?.scrollToBottom(0));
            await page.waitForTimeout(300);
            await shot(page, `${name}-end-${vpName}-${scheme}.png`);
          }
        }
        await page.goto('/admin/content');
        await page.getByRole('button', { name: 'Add Content' }).click();
        await page.getByRole('dialog', { name: 'Add Content' }).waitFor();
        await page.waitForTimeout(300);
        expect(await overflowing(page, viewport.width), `content form ${vpName} ${scheme}`).toEqual([]);
        await shot(page, `content-form-${vpName}-${scheme}.png`);
        await context.close();
      }
    }
  });
});
