/**
 * Field work at phone (390x844) and desktop (1366x768) size: the customer's phone,
 * preferred contact method and one-tap links on the card and in the panel; search and the 'Mine'
 * filter working offline on the cached tickets; a customer-visible reply is e-mailed and an
 * internal note is not (read from the app's DATA_DIR/outbox-log/mail/*.eml and the delivery log).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it, inject } from 'vitest';
import type { NotificationDelivery } from '@portal/shared';
import { SIZES, api, browserSuite, signIn } from './support/browser';

const suite = browserSuite();
const newContext = suite.newContext;

interface NewTicket {
  clientName: string;
  businessName?: string;
  customerEmail?: string;
  customerPhone?: string;
  contactMethod?: 'email' | 'phone' | 'text';
  issue?: string;
}
async function createTicket(t: NewTicket): Promise<{ id: string; ticketNumber: string }> {
  return api('/api/tickets', {
    method: 'POST',
    body: { customerEmail: 'c@example.com', customerPhone: '555-0101', severity: 'medium', contactMethod: 'email', issue: `${t.clientName} reports the office network is down.`, ...t },
  });
}

/** Texts of the ticket numbers in the list, as rendered. */
const listedNumbers = (page: Page) => page.locator('.ticket-card h3').allInnerTexts();

/** Reads every .eml the app wrote to DATA_DIR/outbox-log/mail, soft line breaks of quoted-printable removed. */
function sentMails(): string[] {
  const dir = join(inject('dataDir'), 'outbox-log', 'mail');
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml'));
  } catch {
    return []; // nothing sent yet
  }
  return names.map((n) => readFileSync(join(dir, n), 'utf8').replace(/=\r?\n/g, ''));
}

describe.each(SIZES)('ticket screen for field work at %s size', (size) => {
  it('shows phone, preferred contact and one-tap links; search and Mine work offline', async () => {
    const run = randomUUID().slice(0, 6);
    const username = `field-${size}-${run}`;
    const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
    const phone = `(555) ${digits.slice(0, 3)}-${digits.slice(3)}`;
    const tech = await api<{ id: string }>('/api/users', { method: 'POST', token: suite.adminToken, body: { username, password: 'field-pass-1', role: 'technician' } });
    const ursula = await createTicket({ clientName: `Ursula ${run}`, customerPhone: phone, contactMethod: 'text', issue: `Ursula ${run}: the label printer smells of ozone.` });
    const victor = await createTicket({ clientName: `Victor ${run}`, customerEmail: `victor.${run}@customer.test`, contactMethod: 'phone' });
    const wanda = await createTicket({ clientName: `Wanda ${run}`, businessName: `Zebra${run} Corp` });
    await api(`/api/tickets/${victor.id}`, { method: 'PATCH', token: suite.adminToken, body: { assignedTo: tech.id } });

    const context = await newContext(size);
    const page = await context.newPage();
    await signIn(page, username, 'field-pass-1');
    await page.goto('/technician');
    const search = page.getByLabel('Search tickets');
    await search.waitFor();
    await page.getByText(/^\d+ tickets?$/).first().waitFor();

    // The card of Ursula: phone, 'Prefers text message', and the three links (Text is preferred).
    await search.fill(ursula.ticketNumber);
    const card = page.locator('.ticket-card', { hasText: ursula.ticketNumber });
    await card.getByText(phone).waitFor();
    await card.getByText('Prefers text message').waitFor();
    expect(await card.getByRole('link', { name: /^Call / }).getAttribute('href')).toBe(`tel:555${digits}`);
    expect(await card.getByRole('link', { name: /^Text .*\(preferred\)$/ }).getAttribute('href')).toBe(`sms:555${digits}`);
    expect(await card.getByRole('link', { name: /^E-mail / }).getAttribute('href')).toMatch(/^mailto:c@example\.com\?subject=/);

    // The panel (a sheet on phones) shows the issue text and the same links.
    await page.getByRole('button', { name: ursula.ticketNumber, exact: true }).click();
    const panel = size === 'phone' ? page.getByRole('dialog') : page.getByRole('complementary', { name: 'Update Ticket' });
    await panel.getByText(`Ursula ${run}: the label printer smells of ozone.`).waitFor();
    await panel.getByRole('link', { name: /^Call / }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    // No network from here on: everything below reads the cached tickets, so the first sync must have ended.
    await page.getByText(/^Last synced /).first().waitFor({ timeout: 30_000 });
    await context.setOffline(true);
    await page.getByText('Offline', { exact: true }).first().waitFor();

    await search.fill(`zebra${run}`);
    await expect.poll(() => listedNumbers(page)).toEqual([wanda.ticketNumber]);
    await page.getByText(/^1 of \d+ tickets$/).waitFor();
    await search.fill(`555${digits}`);
    await expect.poll(() => listedNumbers(page)).toEqual([ursula.ticketNumber]);
    await search.fill(`victor.${run}@customer`);
    await expect.poll(() => listedNumbers(page)).toEqual([victor.ticketNumber]);
    await search.fill(`ozone ${run}`);
    await expect.poll(() => listedNumbers(page)).toEqual([ursula.ticketNumber]);
    await search.fill('');

    // Phones keep the assignee filter and Mine behind 'Filter and sort' (issue 56 item 5).
    if (size === 'phone') await page.getByRole('button', { name: 'Filter and sort', exact: true }).click();
    const mine = page.getByRole('button', { name: 'Mine' });
    await mine.click();
    expect(await mine.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => listedNumbers(page)).toEqual([victor.ticketNumber]);
    await page.getByText(/^1 of \d+ tickets$/).waitFor();
    await search.fill(`Ursula ${run}`);
    await page.getByText('No tickets found.').waitFor();
    await page.getByRole('button', { name: 'Clear search and filter' }).click();
    expect(await mine.getAttribute('aria-pressed')).toBe('false');
    await context.setOffline(false);
  });

  it('e-mails a reply to the customer and never an internal note; the history marks both', async () => {
    const run = randomUUID().slice(0, 8);
    const customerEmail = `reply-${size}-${run}@customer.test`;
    const ticket = await createTicket({ clientName: `Rita ${run}`, customerEmail });
    const username = `replier-${size}-${run.slice(0, 4)}`;
    await api('/api/users', { method: 'POST', token: suite.adminToken, body: { username, password: 'reply-pass-1', role: 'technician' } });

    const context = await newContext(size);
    const page = await context.newPage();
    await signIn(page, username, 'reply-pass-1');
    await page.goto('/technician');
    await page.getByLabel('Search tickets').fill(ticket.ticketNumber);
    const form = page.getByRole('form', { name: `Update ticket ${ticket.ticketNumber}` });
    const comment = async (text: string, kind: 'Internal note' | 'Reply to customer') => {
      await page.getByRole('button', { name: ticket.ticketNumber, exact: true }).click();
      await form.getByLabel('Update Comment').fill(text);
      await form.getByRole('radio', { name: kind }).check();
      await form.getByRole('button', { name: 'Update Ticket' }).click();
      await page.getByText('Ticket Updated', { exact: true }).first().waitFor();
      await page.getByRole('button', { name: 'Done' }).click(); // the panel stays open after an update until Done
      await form.waitFor({ state: 'detached' });
    };

    // The default is an internal note.
    await page.getByRole('button', { name: ticket.ticketNumber, exact: true }).click();
    expect(await form.getByRole('radio', { name: 'Internal note' }).isChecked()).toBe(true);
    await form.getByText('Only staff see internal notes. Nothing is e-mailed.').waitFor();
    await form.getByRole('radio', { name: 'Reply to customer' }).check();
    await form.getByText(`E-mailed to ${customerEmail} and kept in the work history.`).waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();

    await comment(`NOTE-${run} the customer's router password is on a sticky note`, 'Internal note');
    await comment(`REPLY-${run} we replaced the switch, please restart your PC`, 'Reply to customer');

    // Both are in the work history with their marks.
    await page.getByRole('button', { name: ticket.ticketNumber, exact: true }).click();
    const history = page.locator('.history-list');
    const note = history.locator('li', { hasText: `NOTE-${run}` });
    const reply = history.locator('li', { hasText: `REPLY-${run}` });
    await note.getByText('Internal Note').waitFor();
    await note.getByText('Staff only').waitFor();
    await reply.getByText('Reply to Customer').waitFor();
    await reply.getByText('E-mailed').waitFor();

    // The customer's mailbox (the app's .eml log): the reply arrived, the note never did.
    await expect
      .poll(() => sentMails().filter((m) => m.includes(customerEmail) && m.includes(`REPLY-${run}`)).length, { timeout: 20_000 })
      .toBe(1);
    expect(sentMails().filter((m) => m.includes(`NOTE-${run}`))).toEqual([]);
    const deliveries = await api<NotificationDelivery[]>('/api/notifications/deliveries?limit=200', { token: suite.adminToken });
    const toCustomer = deliveries.filter((d) => d.recipient === customerEmail).map((d) => d.summary);
    expect(toCustomer).toContain(`Update on ticket ${ticket.ticketNumber}: reply`);
    expect(toCustomer.filter((s) => s.startsWith('Update on ticket'))).toHaveLength(1);
  });
});
