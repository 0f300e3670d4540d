/**
 * A first month of real use (issue 56 item 1), through the browser at 390x844 and 1366x768: a
 * technician ticks "Waiting on customer" with a question in Update Ticket, and later unticks it; the
 * customer gets both e-mails (the question with "We need an answer from you...", then "We are working
 * on your ticket again."), and the admin's Recent Deliveries shows both as Sent with no raw error
 * (once every attempt failed with "Cannot read properties of undefined (reading 'type')"). Every job
 * kind x update type is rendered by api/src/notification-kinds.test.ts; the parking of a job failing
 * with a programming error by api/src/notify/engine.test.ts. SCREENSHOT_DIR saves Recent Deliveries.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { SIZES, api, browserSuite, signIn } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();

/** Every .eml the app wrote to DATA_DIR/outbox-log/mail, soft line breaks of quoted-printable removed. */
function sentMails(): string[] {
  const dir = join(inject('dataDir'), 'outbox-log', 'mail');
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  return names.map((n) => readFileSync(join(dir, n), 'utf8').replace(/=\r?\n/g, ''));
}

/** Opens the ticket's Update Ticket form, lets `fill` change it, and sends it. */
async function update(page: Page, ticketNumber: string, fill: (form: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('button', { name: ticketNumber, exact: true }).click();
  const form = page.getByRole('form', { name: `Update ticket ${ticketNumber}` });
  await form.waitFor();
  await fill(form);
  await form.getByRole('button', { name: 'Update Ticket' }).click();
  await page.getByText('Ticket Updated', { exact: true }).first().waitFor();
  await page.getByRole('button', { name: 'Done' }).click();
  await form.waitFor({ state: 'detached' });
}

describe.each(SIZES)('waiting on the customer at %s size (item 1)', (size) => {
  it('e-mails the question when ticked and the resumption when unticked; Recent Deliveries says Sent', async () => {
    const run = randomUUID().slice(0, 8);
    const customerEmail = `waiting-${size}-${run}@customer.test`;
    const ticket = await api<{ ticketNumber: string }>('/api/tickets', {
      method: 'POST',
      body: { clientName: `Wanda ${run}`, customerEmail, customerPhone: '555-0104', severity: 'medium', contactMethod: 'email', issue: 'The label printer prints half a label.' },
    });
    const page = await (await suite.newContext(size)).newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto('/technician');
    await page.getByLabel('Search tickets').fill(ticket.ticketNumber);

    await update(page, ticket.ticketNumber, async (form) => {
      await form.getByRole('checkbox', { name: /Waiting on customer/ }).check();
      await form.getByLabel('Update Comment').fill(`QUESTION-${run} Which printer is it?`);
      await form.getByRole('radio', { name: 'Reply to customer' }).check();
    });
    const toCustomer = () => sentMails().filter((m) => m.includes(customerEmail));
    await expect.poll(() => toCustomer().filter((m) => m.includes(`QUESTION-${run}`) && m.includes('We need an answer from you before we can go on with this ticket.')).length, { timeout: 30_000 }).toBe(1);

    await update(page, ticket.ticketNumber, (form) => form.getByRole('checkbox', { name: /Waiting on customer/ }).uncheck());
    await expect.poll(() => toCustomer().filter((m) => m.includes('We are working on your ticket again.')).length, { timeout: 30_000 }).toBe(1);

    // The admin's delivery log: both e-mails Sent, no raw programming error.
    await page.goto('/admin/settings');
    const rows = page.locator('[data-status]', { hasText: customerEmail });
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(expect.arrayContaining(['sent']));
    expect(await rows.evaluateAll((els) => els.filter((e) => e.getAttribute('data-status') !== 'sent').length)).toBe(0);
    await rows.filter({ hasText: 'waiting on customer' }).first().waitFor();
    await rows.filter({ hasText: 'no longer waiting' }).first().waitFor();
    expect(await page.locator('.settings-page').innerText()).not.toContain('Cannot read properties');
    await rows.first().scrollIntoViewIfNeeded();
    await shot(page, `first-month-waiting-deliveries-${size}`);
  });
});
