/**
 * Tickets <-> vault entries (docs/vault.md "Tickets and vault entries") at 390x844 and 1366x768: the
 * Update Ticket panel links to the client's vault entry (matched by business name), the link opens
 * that entry on /vault, whose 'Open tickets' lists the client's open ticket and leads back to it.
 * `SCREENSHOT_DIR` keeps light and dark screenshots of both.
 */
import { describe, inject, it } from 'vitest';
import type { TicketCreated } from '@portal/shared';
import { SIZES, api, browserSuite, signIn } from './support/browser';
import { shot } from './support/screenshots';

const suite = browserSuite();

describe.each(SIZES)('tickets and vault entries (%s)', (size) => {
  it("links the ticket panel to the client's vault entry, which lists the client's open tickets", async () => {
    const business = `Linked Dental ${size}`;
    await api('/api/vault', { method: 'POST', token: suite.adminToken, body: { businessName: business, contactEmail: `office@linked-${size}.test` } });
    const ticket = await api<TicketCreated>('/api/tickets', {
      method: 'POST',
      body: { clientName: 'Dana Linked', businessName: business.toUpperCase(), customerEmail: 'dana@gmail.com', customerPhone: '555-0142', severity: 'medium', contactMethod: 'email', issue: 'Front desk printer is offline.' },
    });
    const page = await (await suite.newContext(size)).newPage();
    await signIn(page, 'admin', inject('adminPassword'));
    await page.goto(`/technician?ticket=${ticket.id}`);
    const link = page.getByRole('link', { name: `Vault entry: ${business}` });
    await link.waitFor();
    await shot(page, `ticket-vault-link-${size}`);
    await link.click();
    await page.waitForURL('**/vault?entry=*');
    await page.getByRole('heading', { name: business, level: 2 }).last().waitFor();
    const open = page.getByRole('region', { name: 'Open tickets' });
    const back = open.getByRole('link', { name: ticket.ticketNumber });
    await back.waitFor();
    await back.scrollIntoViewIfNeeded();
    await shot(page, `vault-open-tickets-${size}`);
    await back.click();
    await page.waitForURL(`**/technician?ticket=${ticket.id}`);
    await page.getByRole('link', { name: `Vault entry: ${business}` }).waitFor();
  });
});
