/**
 * Half-typed work survives a reload, at 390x844 and 1366x768 (docs/offline.md "Drafts"):
 * - the Update Ticket panel: a comment typed, the page reloaded, the ticket opened again says
 *   'Draft restored' with the comment; 'Update Ticket' deletes the draft;
 * - the vault's Add Customer form: the business name and notes come back, the password typed never
 *   reaches IndexedDB and is not restored; 'Create' deletes the draft;
 * - the customer's public form: what was typed comes back after a reload; 'Discard draft' empties
 *   it, and a submitted request leaves no draft.
 * Set SCREENSHOT_DIR to save the restored forms light and dark.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_METHOD_LABELS, SEVERITY_LABELS } from '@portal/shared';
import { SIZES, api, browserSuite, dumpIndexedDb, signIn } from './support/browser';

const suite = browserSuite();
const TECH = { username: 'drafty.tech', password: 'drafty-pass-1' };

beforeAll(async () => {
  await api('/api/users', { method: 'POST', token: suite.adminToken, body: { ...TECH, role: 'technician' } });
});

/** The drafts stored on this device (the `portal-drafts` database), as JSON text. */
async function storedDrafts(page: Page): Promise<string> {
  const all = JSON.parse(await dumpIndexedDb(page)) as Record<string, unknown>;
  return JSON.stringify(all['portal-drafts/drafts'] ?? []);
}

/** Waits until the drafts store holds `text` (the form saves shortly after the last keystroke). */
async function draftSaved(page: Page, text: string): Promise<void> {
  await expect.poll(() => storedDrafts(page), { timeout: 10_000 }).toContain(text);
}

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: join(dir, `drafts-${name}-${colorScheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe.each(SIZES)('drafts (%s)', (size) => {
  it('the Update Ticket panel restores a typed comment after a reload; Update Ticket clears it', async () => {
    const ticket = await api<{ id: string; ticketNumber: string }>('/api/tickets', {
      method: 'POST',
      body: { clientName: `Draft ${size}`, customerEmail: 'draft@example.com', customerPhone: '555-0103', severity: 'high', contactMethod: 'email', issue: 'The scanner drops its network share every morning.' },
    });
    const comment = `Checked the share on ${size}; the NAS sleeps at 6 am`;
    const page = await (await suite.newContext(size)).newPage();
    await signIn(page, TECH.username, TECH.password);
    await page.goto('/technician');
    const open = async () => {
      await page.getByRole('button', { name: ticket.ticketNumber, exact: true }).click();
      return page.getByRole('form', { name: `Update ticket ${ticket.ticketNumber}` });
    };
    let form = await open();
    await form.getByLabel('Update Comment').fill(comment);
    await draftSaved(page, comment);

    await page.reload();
    form = await open();
    await form.getByText('Draft restored').waitFor();
    expect(await form.getByLabel('Update Comment').inputValue()).toBe(comment);
    await form.getByLabel('Update Comment').scrollIntoViewIfNeeded();
    await shoot(page, `ticket-${size}`);

    await form.getByRole('button', { name: 'Update Ticket' }).click();
    await expect.poll(() => storedDrafts(page), { timeout: 10_000 }).not.toContain(comment);
    await page.getByText('Ticket Updated').first().waitFor();
    await page.reload();
    form = await open();
    await form.getByLabel('Update Comment').waitFor();
    expect(await form.getByLabel('Update Comment').inputValue()).toBe('');
    expect(await form.getByText('Draft restored').count()).toBe(0);
  });

  it('the vault form keeps non-secret fields only; Create clears the draft', async () => {
    const business = `Draft Bakery ${size}`;
    const password = `draft-wifi-${size}-S3cret`;
    const page = await (await suite.newContext(size)).newPage();
    await signIn(page, TECH.username, TECH.password);
    await page.goto('/vault');
    await page.getByRole('button', { name: 'Add Customer' }).click();
    let form = page.getByRole('form', { name: 'Add Customer' });
    await form.getByLabel('Business Name').fill(business);
    await form.getByLabel('WiFi Password').fill(password);
    await form.getByLabel(/^Notes/).fill('Oven controller on VLAN 20');
    await draftSaved(page, 'Oven controller on VLAN 20');
    expect(await dumpIndexedDb(page)).not.toContain(password);

    await page.reload();
    await page.getByRole('button', { name: 'Add Customer' }).click();
    form = page.getByRole('form', { name: 'Add Customer' });
    await form.getByText('Draft restored').waitFor();
    expect(await form.getByLabel('Business Name').inputValue()).toBe(business);
    expect(await form.getByLabel(/^Notes/).inputValue()).toBe('Oven controller on VLAN 20');
    expect(await form.getByLabel('WiFi Password').inputValue()).toBe('');
    await shoot(page, `vault-${size}`);

    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Customer information has been added.').first().waitFor();
    await expect.poll(() => storedDrafts(page), { timeout: 10_000 }).not.toContain(business);
    expect(await dumpIndexedDb(page)).not.toContain(password);
  });

  it("the customer's form comes back after a reload; Discard draft empties it; a submitted request leaves no draft", async () => {
    const issue = `Draft request from a ${size}: the card reader beeps and declines every card.`;
    const page = await (await suite.newContext(size)).newPage();
    await page.goto('/support');
    await page.getByLabel(/^Name/).fill('Dee Draft');
    await page.getByLabel(/^Email/).fill('dee@example.com');
    await page.getByLabel(/Issue/).fill(issue);
    await draftSaved(page, issue);

    await page.reload();
    await page.getByText('Draft restored').waitFor();
    expect(await page.getByLabel(/Issue/).inputValue()).toBe(issue);
    expect(await page.getByLabel(/^Name/).inputValue()).toBe('Dee Draft');
    await page.getByRole('button', { name: 'Discard draft' }).click();
    expect(await page.getByLabel(/Issue/).inputValue()).toBe('');
    await expect.poll(() => storedDrafts(page), { timeout: 10_000 }).not.toContain(issue);

    await page.getByLabel(/^Name/).fill('Dee Draft');
    await page.getByLabel(/^Email/).fill('dee@example.com');
    await page.getByLabel(/^Phone/).fill('+1 555 0104');
    await page.getByLabel(/Severity/).selectOption({ label: SEVERITY_LABELS.high });
    await page.getByLabel(/Contact Method/).selectOption({ label: CONTACT_METHOD_LABELS.text });
    await page.getByLabel(/Issue/).fill(issue);
    await draftSaved(page, issue);
    await page.reload();
    await page.getByText('Draft restored').waitFor();
    // The chosen option's whole text shows under its select (the select's box cuts it).
    await page.getByText(SEVERITY_LABELS.high, { exact: true }).and(page.locator('p')).waitFor();
    await shoot(page, `support-${size}`);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByTestId('ticket-number').waitFor();
    await expect.poll(() => storedDrafts(page), { timeout: 10_000 }).not.toContain(issue);
    await page.reload();
    await page.getByTestId('ticket-number').or(page.getByLabel(/Issue/)).first().waitFor();
    expect(await page.getByText('Draft restored').count()).toBe(0);
  });
});
