/**
 * The public form's "Which device?" over HTTP against a real database (issue 53 item 2,
 * docs/assets.md "Which device?"; PGlite and, with DATABASE_URL, PostgreSQL). The form is anonymous,
 * so nothing of a client's assets is listed to it: the customer types free text, kept on the ticket
 * (`device`, staff reads); when the ticket is matched to a client (a contact's e-mail or the client's
 * domain), that client's asset whose tag, else whose only name, equals the text ignoring case is
 * linked, with its `asset_link` row (by nobody: the customer's form) and the asset's history. Another
 * client's asset, an ambiguous name or an unmatched sender links nothing; a text too long is 400
 * under `device` and creates nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, AssetDetail, Client, Ticket, TicketUpdateEntry } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let tech: { token: string };
let vets: Client;
let printer: Asset;
beforeAll(async () => {
  t = await startTestApp();
  tech = await t.loginAs('technician');
  vets = (await t.request<Client>('POST', '/api/clients', { token: tech.token, body: { name: 'Harbour Vets', emailDomains: ['harbour-vets.test'] } })).body;
  const other = (await t.request<Client>('POST', '/api/clients', { token: tech.token, body: { name: 'Quay Dental' } })).body;
  await t.request('POST', `/api/clients/${vets.id}/contacts`, { token: tech.token, body: { name: 'Ada Front', email: 'ada@harbour-vets.test' } });
  const asset = (clientId: string, name: string, assetTag?: string) =>
    t.request<Asset>('POST', '/api/assets', { token: tech.token, body: { clientId, type: 'printer', name, ...(assetTag ? { assetTag } : {}) } }).then((r) => r.body);
  printer = await asset(vets.id, 'Front desk printer', 'HV-PR-1');
  await asset(vets.id, 'Laptop');
  await asset(vets.id, 'laptop');
  await asset(other.id, 'Router');
});
afterAll(() => t.close());

const ticketCount = async () => Number(((await t.db.execute('select count(*)::int as n from support_tickets' as never)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const ticketOf = async (number: string) => (await t.request<Ticket & { assetIds: string[] }>('GET', `/api/tickets/${number}`, { token: tech.token })).body;
const linkRows = async (id: string) =>
  (await t.request<TicketUpdateEntry[]>('GET', `/api/ticket-updates?ticketId=${id}`, { token: tech.token })).body.filter((u) => u.updateType === 'asset_link').map((u) => [u.newValue, u.updatedBy]);

describe('"Which device?" on the public form', () => {
  it("links the matched client's asset by tag (ignoring case), records it in both histories, and keeps the text", async () => {
    const made = await t.createTicket({ customerEmail: 'ada@harbour-vets.test', device: ' hv-pr-1 ' });
    const ticket = await ticketOf(made.ticketNumber);
    expect([ticket.clientId, ticket.device, ticket.assetIds, ticket.version]).toEqual([vets.id, 'hv-pr-1', [printer.id], 1]);
    expect(await linkRows(ticket.id)).toEqual([['HV-PR-1 Front desk printer', null]]);
    const page = (await t.request<AssetDetail>('GET', `/api/assets/${printer.id}`, { token: tech.token })).body;
    expect(page.tickets.map((x) => x.ticketNumber)).toEqual([made.ticketNumber]);
    expect(page.history!.slice(0, 1).map((h) => [h.kind, h.to, h.actor])).toEqual([['ticket_linked', made.ticketNumber, null]]);
  });

  it("links by the one asset with that name, matched by the client's domain", async () => {
    const made = await t.createTicket({ customerEmail: 'new.person@harbour-vets.test', device: 'FRONT DESK PRINTER' });
    const ticket = await ticketOf(made.ticketNumber);
    expect([ticket.clientId, ticket.contactId, ticket.assetIds]).toEqual([vets.id, null, [printer.id]]);
  });

  it("links nothing for a name two assets share, another client's asset, or a sender matching no client; the text stays", async () => {
    for (const [email, device, clientId] of [
      ['ada@harbour-vets.test', 'Laptop', vets.id],
      ['ada@harbour-vets.test', 'Router', vets.id],
      ['someone@gmail.com', 'HV-PR-1', null],
    ] as const) {
      const ticket = await ticketOf((await t.createTicket({ customerEmail: email, device })).ticketNumber);
      expect([ticket.clientId, ticket.device, ticket.assetIds]).toEqual([clientId, device, []]);
      expect(await linkRows(ticket.id)).toEqual([]);
    }
    const plain = await ticketOf((await t.createTicket({ customerEmail: 'ada@harbour-vets.test' })).ticketNumber);
    expect([plain.device, plain.assetIds]).toEqual([null, []]);
  });

  it('refuses a text over 100 characters under device and creates nothing', async () => {
    const before = await ticketCount();
    const res = await t.request<{ fieldErrors?: Record<string, string[]> }>('POST', '/api/tickets', {
      body: { clientName: 'Ada Front', customerEmail: 'ada@harbour-vets.test', customerPhone: '555-0101', severity: 'low', contactMethod: 'email', issue: 'The printer is jammed again.', device: 'x'.repeat(101) },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fieldErrors ?? {})).toEqual(['device']);
    expect(await ticketCount()).toBe(before);
  });
});
