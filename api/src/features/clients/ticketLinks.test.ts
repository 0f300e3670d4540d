/**
 * Tickets belong to a client (issue 50 item 2, 9): clientId/siteId/contactId on ticket reads and
 * PATCH, each change one work-history row naming the client, site or contact; a site or contact of
 * another client is refused with the field's message and changes nothing; another client clears
 * the old site and contact; a stale offline PATCH merges field by field; "Create client from this
 * ticket" drafts from the ticket's fields (never a free-mail domain).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MSG, type Client, type ClientDeltaPage, type ClientDraft, type Contact, type Site, type Ticket, type TicketPatchResult, type TicketUpdateEntry } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let tech = '';
let acme: Client;
let other: Client;
let site: Site;
let contact: Contact;
let otherSite: Site;
beforeAll(async () => {
  t = await startTestApp();
  tech = (await t.loginAs('technician')).token;
  const post = async <T>(path: string, body: unknown) => (await t.request<T>('POST', path, { token: tech, body })).body;
  acme = await post<Client>('/api/clients', { name: 'Acme Dental', emailDomains: ['acmedental.test'] });
  other = await post<Client>('/api/clients', { name: 'Other Co' });
  site = await post<Site>(`/api/clients/${acme.id}/sites`, { name: 'Main office' });
  contact = await post<Contact>(`/api/clients/${acme.id}/contacts`, { name: 'Dana Office', email: 'dana@acmedental.test' });
  otherSite = await post<Site>(`/api/clients/${other.id}/sites`, { name: 'Elsewhere' });
});
afterAll(() => t.close());

const patch = (id: string, body: unknown) => t.request<TicketPatchResult & { message?: string; fieldErrors?: Record<string, string[]> }>('PATCH', `/api/tickets/${id}`, { token: tech, body });
const read = async (id: string) => (await t.request<Ticket>('GET', `/api/tickets/${id}`, { token: tech })).body;

describe('PATCH /api/tickets/:id with client, site and contact', () => {
  it('links, records one history row per change with names, and reads back', async () => {
    const ticket = await t.createTicket({ customerEmail: 'someone@gmail.com' });
    expect(await read(ticket.id)).toMatchObject({ clientId: null, siteId: null, contactId: null });
    const res = await patch(ticket.id, { clientId: acme.id, siteId: site.id, contactId: contact.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.ticket).toMatchObject({ clientId: acme.id, siteId: site.id, contactId: contact.id, version: 2 });
    expect(res.body.updates.map((u: TicketUpdateEntry) => [u.updateType, u.previousValue, u.newValue])).toEqual([
      ['client_change', null, 'Acme Dental'],
      ['site_change', null, 'Main office'],
      ['contact_change', null, 'Dana Office'],
    ]);
    // Another client clears the old client's site and contact.
    const moved = await patch(ticket.id, { clientId: other.id });
    expect(moved.body.ticket).toMatchObject({ clientId: other.id, siteId: null, contactId: null });
    expect(moved.body.updates.map((u: TicketUpdateEntry) => [u.updateType, u.previousValue, u.newValue])).toEqual([
      ['client_change', 'Acme Dental', 'Other Co'],
      ['site_change', 'Main office', null],
      ['contact_change', 'Dana Office', null],
    ]);
  });

  it('refuses a site or contact of another client with the field message and changes nothing', async () => {
    const ticket = await t.createTicket();
    await patch(ticket.id, { clientId: acme.id });
    const site409 = await patch(ticket.id, { siteId: otherSite.id });
    expect(site409.status).toBe(400);
    expect(site409.body.fieldErrors).toEqual({ siteId: [CLIENT_MSG.siteOfOtherClient] });
    const contact400 = await patch(ticket.id, { clientId: other.id, contactId: contact.id });
    expect(contact400.body.fieldErrors).toEqual({ contactId: [CLIENT_MSG.contactOfOtherClient] });
    const loose = await t.createTicket();
    expect((await patch(loose.id, { siteId: site.id })).body.fieldErrors).toEqual({ siteId: [CLIENT_MSG.siteWithoutClient] });
    expect(await read(ticket.id)).toMatchObject({ clientId: acme.id, siteId: null, version: 2 });
  });

  it('merges a stale offline link with another field changed meanwhile; conflicts on the same field', async () => {
    const ticket = await t.createTicket();
    await patch(ticket.id, { status: 'in_progress' });
    const merged = await patch(ticket.id, { clientId: acme.id, baseVersion: 1 });
    expect(merged.status).toBe(200);
    expect(merged.body.ticket).toMatchObject({ status: 'in_progress', clientId: acme.id });
    const stale = await patch(ticket.id, { clientId: other.id, baseVersion: 2 });
    expect(stale.status).toBe(409);
    expect((stale.body as unknown as { conflicts: string[] }).conflicts).toEqual(['clientId']);
  });
});

describe('Create client from this ticket', () => {
  it('drafts from the business name, the company domain and the customer; never a free-mail domain', async () => {
    const ticket = await t.createTicket({ clientName: 'Robin Roe', businessName: 'Roe Bakery', customerEmail: 'Robin@RoeBakery.test', customerPhone: '(201) 555-0177' });
    const draft = (await t.request<ClientDraft>('GET', `/api/clients/from-ticket/${ticket.id}`, { token: tech })).body;
    expect(draft).toEqual({
      name: 'Roe Bakery',
      emailDomains: ['roebakery.test'],
      phone: '+12015550177',
      contact: { name: 'Robin Roe', email: 'robin@roebakery.test', phone: '+12015550177', preferredContactMethod: 'email', primary: true },
      existingClientId: null,
    });
    const free = await t.createTicket({ businessName: 'Acme dental', customerEmail: 'casey@gmail.com' });
    const freeDraft = (await t.request<ClientDraft>('GET', `/api/clients/from-ticket/${free.id}`, { token: tech })).body;
    expect(freeDraft).toMatchObject({ emailDomains: [], existingClientId: acme.id });
  });
});

describe('Vault entries belong to a client', () => {
  it('creates, lists by client and refuses an unknown client; the client can then only be archived', async () => {
    const admin = (await t.loginAs('admin')).token;
    const owner = (await t.request<Client>('POST', '/api/clients', { token: tech, body: { name: 'Vault Owner' } })).body;
    const created = await t.request('POST', '/api/vault', { token: tech, body: { businessName: 'Vault Owner - main site', clientId: owner.id } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.clientId).toBe(owner.id);
    await t.request('POST', '/api/vault', { token: tech, body: { businessName: 'Unrelated' } });
    const listed = await t.request<{ businessName: string; clientId: string }[]>('GET', `/api/vault?clientId=${owner.id}`, { token: tech });
    expect(listed.body.map((e) => [e.businessName, e.clientId])).toEqual([['Vault Owner - main site', owner.id]]);
    const unknown = await t.request('POST', '/api/vault', { token: tech, body: { businessName: 'Ghost', clientId: other.id.replace(/.$/, (c) => (c === '0' ? '1' : '0')) } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors).toEqual({ clientId: [CLIENT_MSG.notFound] });
    const del = await t.request('DELETE', `/api/clients/${owner.id}`, { token: admin });
    expect(del.status).toBe(409);
  });
});

describe("The card's newest tickets (issue 50 item 6: the phone lists them offline)", () => {
  it('carries the 10 newest tickets of the client, newest first, on the card and in the delta feed', async () => {
    const recent = (await t.request<Client>('POST', '/api/clients', { token: tech, body: { name: 'Recent Tickets Co' } })).body;
    const made: string[] = [];
    for (let i = 0; i < 11; i++) {
      const ticket = await t.createTicket({ customerEmail: `recent${i}@gmail.com`, issue: `Recent issue number ${i}` });
      expect((await patch(ticket.id, { clientId: recent.id })).status).toBe(200);
      made.push(ticket.id);
    }
    // The first one is the oldest by a day: it is the one left out.
    await t.db.execute(`update support_tickets set created_at = now() - interval '1 day' where id = '${made[0]}'` as never);
    const card = (await t.request<Client>('GET', `/api/clients/${recent.id}`, { token: tech })).body;
    expect(card.recentTickets).toHaveLength(10);
    expect(card.recentTickets!.map((x) => x.id)).not.toContain(made[0]);
    expect(card.recentTickets!.map((x) => x.id).sort()).toEqual(made.slice(1).sort());
    const times = card.recentTickets!.map((x) => x.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(card.recentTickets![0]).toMatchObject({ ticketNumber: expect.stringMatching(/^TKT-/), status: 'open', issue: expect.stringMatching(/^Recent issue number/) });
    const feed = (await t.request<ClientDeltaPage>('GET', '/api/clients?since=0&limit=200', { token: tech })).body;
    expect(feed.items.find((c) => c.id === recent.id)!.recentTickets).toEqual(card.recentTickets);
  });
});
