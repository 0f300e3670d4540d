/**
 * Touch and keyboard use of every screen.
 *
 * Tap targets on a phone (390x844, touch): every visible button, link, input, select, textarea,
 * [role=button] and [role=tab] of every screen measures at least 44x44 CSS px (docs/decisions.md
 * "Tap targets"). Screens: the public pages, a technician's and an admin's staff screens, the
 * phone menu, the Update Ticket sheet and a toast. Exempt, as WCAG 2.5.8 allows: a link inline in a
 * sentence (an `<a>` laid out `inline` inside a paragraph); a checkbox or radio is measured by its
 * label, which is what a finger taps. Controls behind an open dialog (inert) are not counted.
 *
 * Keyboard, at 390x844 and 1366x768: 'Skip to content' is the first Tab stop of public and staff
 * pages and moves focus to the page's main content; a dialog with a form focuses its first field;
 * on desktop Escape closes the Update Ticket panel (focus back on the ticket), and the panel stays
 * open after an update, showing the new history entry, until 'Done'.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { SIZES, api, appDrawn, browserSuite, signIn } from './support/browser';

const suite = browserSuite();
const MIN = 44;
const TECH = { username: 'tina.taps', password: 'tap-targets-1' };

/** Every too-small control of the page as 'path: tag "name" WxH'. */
async function offenders(page: Page, label: string): Promise<string[]> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const found = await page.evaluate((min) => {
    const out: string[] = [];
    const sel = 'button, a[href], input, select, textarea, [role="button"], [role="tab"]';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
      if (el.closest('[inert], [aria-hidden="true"], [hidden]')) continue;
      const input = el instanceof HTMLInputElement ? el : null;
      if (input?.type === 'hidden') continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // Inline links in running text are exempt (WCAG 2.5.8 "inline").
      if (el.tagName === 'A' && style.display === 'inline' && el.closest('p')) continue;
      let target: HTMLElement = el;
      if (input && (input.type === 'checkbox' || input.type === 'radio')) {
        const label = input.closest('label') ?? (input.id ? document.querySelector<HTMLElement>(`label[for="${input.id}"]`) : null);
        if (label) target = label;
      }
      const r = target.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.width + 0.5 < min || r.height + 0.5 < min) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? input?.placeholder ?? el.getAttribute('name') ?? '').trim().slice(0, 40);
        out.push(`${el.tagName.toLowerCase()}${input ? `[${input.type}]` : ''} "${name}" ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
    }
    return out;
  }, MIN);
  return found.map((f) => `${label}: ${f}`);
}

/** Opens `path`, waits for its heading (and the text `ready`, when given) and measures it. */
async function visit(page: Page, path: string, ready?: string): Promise<string[]> {
  await page.goto(path);
  await appDrawn(page);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  if (ready) await page.getByText(ready).first().waitFor();
  return offenders(page, path);
}

describe('tap targets on a phone', () => {
  it('every control of every phone screen is at least 44x44 px, public and staff (technician, admin)', async () => {
    const techId = (await api<{ id: string }>('/api/users', { method: 'POST', token: suite.adminToken, body: { ...TECH, role: 'technician' } })).id;
    await api('/api/tickets', {
      method: 'POST',
      body: { clientName: 'Tara Touch', customerEmail: 'tara@example.com', customerPhone: '555-0144', severity: 'high', contactMethod: 'phone', issue: 'The printer in the lobby prints blank pages.' },
    });
    expect(techId).toBeTruthy();
    const bad: string[] = [];

    // Public screens.
    let page = await (await suite.newContext('phone')).newPage();
    bad.push(...(await visit(page, '/')));
    bad.push(...(await visit(page, '/support')));
    bad.push(...(await visit(page, '/customer-support')));
    bad.push(...(await visit(page, '/survey')));
    bad.push(...(await visit(page, '/status/not-a-token')));
    bad.push(...(await visit(page, '/login', 'Sign In')));
    // A toast (a wrong password) with its close button.
    await page.getByPlaceholder('Enter your username').fill('nobody');
    await page.getByPlaceholder('Enter your password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Close notification' }).first().waitFor();
    bad.push(...(await offenders(page, '/login with a toast')));

    // A technician's screens, the Update Ticket sheet and the menu.
    page = await (await suite.newContext('phone')).newPage();
    await signIn(page, TECH.username, TECH.password);
    bad.push(...(await visit(page, '/technician', 'Tara Touch')));
    await page.getByRole('button', { name: /^TKT-/ }).first().click();
    await page.getByRole('dialog').getByText('Update Ticket').first().waitFor();
    bad.push(...(await offenders(page, '/technician Update Ticket sheet')));
    await page.keyboard.press('Escape');
    bad.push(...(await visit(page, '/scheduler')));
    bad.push(...(await visit(page, '/downloads', 'Tech Support Tools')));
    bad.push(...(await visit(page, '/survey-dashboard', 'Survey Dashboard')));
    bad.push(...(await visit(page, '/vault')));
    bad.push(...(await visit(page, '/change-password')));
    bad.push(...(await visit(page, '/account/security')));
    await page.getByRole('button', { name: 'Open menu' }).first().click();
    await page.locator('ion-menu .nav-link').first().waitFor();
    bad.push(...(await offenders(page, 'phone menu (technician)')));

    // An admin's screens.
    page = await (await suite.newContext('phone')).newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    bad.push(...(await visit(page, '/admin', 'User Management')));
    bad.push(...(await visit(page, '/admin/content', 'Content Management')));
    bad.push(...(await visit(page, '/admin/file-management', 'File Management')));
    bad.push(...(await visit(page, '/admin/settings', 'SMS and Notification Settings')));
    bad.push(...(await visit(page, '/downloads', 'Tech Support Tools')));
    bad.push(...(await visit(page, '/scheduler')));

    expect(bad, `controls smaller than ${MIN}x${MIN} px:\n${bad.join('\n')}`).toEqual([]);
  });
});

/** Tab from the top of the page: the skip link comes first and moves focus to `<main id="content">`. */
async function skipToContent(page: Page) {
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('content');
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('keyboard', () => {
  for (const size of SIZES) {
    it(`${size}: 'Skip to content' on public and staff pages; a form dialog focuses its first field`, async () => {
      const page = await (await suite.newContext(size)).newPage();
      await page.goto('/support');
      await appDrawn(page); // its heading is prerendered: visible before the skip link exists
      await skipToContent(page);
      await signIn(page, 'admin', inject('adminPassword'));
      await page.goto('/admin/content');
      await page.getByRole('heading', { name: 'Content Management' }).waitFor();
      await skipToContent(page);
      await page.getByRole('button', { name: 'Add Content' }).click();
      await page.getByRole('dialog').waitFor();
      expect(await focusedId(page)).toBe('content-title');
      await page.keyboard.press('Escape');
      await page.goto('/admin');
      await page.getByRole('button', { name: 'Add User' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    });
  }

  it('desktop: the Update Ticket panel stays open after an update until Done; Escape closes it', async () => {
    const { ticketNumber } = await api<{ ticketNumber: string }>('/api/tickets', {
      method: 'POST',
      body: { clientName: 'Kim Keys', customerEmail: 'kim@example.com', customerPhone: '555-0145', severity: 'medium', contactMethod: 'email', issue: 'The keyboard at the front desk types double letters.' },
    });
    const page = await (await suite.newContext('desktop')).newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/technician');
    await page.getByLabel('Search tickets').fill(ticketNumber);
    const number = page.getByRole('button', { name: ticketNumber, exact: true });
    await number.click();
    const panel = page.getByRole('complementary', { name: 'Update Ticket' });
    const form = panel.getByRole('form', { name: `Update ticket ${ticketNumber}` });
    await form.getByLabel('Update Comment').fill('Replaced the keyboard.');
    await form.getByRole('button', { name: 'Update Ticket' }).click();
    await page.getByText('Ticket Updated', { exact: true }).first().waitFor();
    await panel.locator('.history-list').getByText('Replaced the keyboard.').waitFor();
    expect(await form.isVisible()).toBe(true);
    await panel.getByRole('button', { name: 'Done' }).click();
    await panel.getByText('Select a ticket to update').waitFor();

    await number.click();
    await form.getByLabel('Update Comment').focus();
    await page.keyboard.press('Escape');
    await panel.getByText('Select a ticket to update').waitFor();
    expect(await focusedId(page)).toBe(await number.getAttribute('id'));
  });
});
