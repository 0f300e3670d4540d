/**
 * Clients API over HTTP against a real database (issue 50 items 1, 8, 9): create with phone in
 * E.164, the card with contacts and sites, keyset pages and search, the delta feed with tombstones,
 * each bad input's exact message with nothing changed, roles (technician edits, admin archives and
 * deletes), offline edits with `base` (merge, conflict) and Idempotency-Key (applied once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { CLIENT_MSG, phoneInvalidMessage, type Client, type ClientDeltaPage, type ClientPage, type Contact, type Site } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let tech = '';
let admin = '';
beforeAll(async () => {
  t = await startTestApp();
  tech = (await t.loginAs('technician')).token;
  admin = (await t.loginAs('admin')).token;
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- error bodies and cards alike
const call = <T = Client & { message?: string; fieldErrors?: any; fields?: string[]; current?: any }>(method: string, path: string, body?: unknown, token = tech, headers?: Record<string, string>) => t.request<T>(method, path, { token, body, headers });
const count = async (table: string) => Number(((await t.db.execute(`select count(*)::int as n from ${table}` as never)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

async function newClient(name: string, extra: Record<string, unknown> = {}): Promise<Client> {
  const res = await call('POST', '/api/clients', { name, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('clients, contacts, sites', () => {
  it('creates a client with a contact and a site; phones stored E.164; the card has them all', async () => {
    const c = await newClient('Acme Dental', { emailDomains: ['AcmeDental.test', '@acme-dental.test'], phone: '(201) 555-0123', notes: 'Key client' });
    expect(c).toMatchObject({ name: 'Acme Dental', emailDomains: ['acmedental.test', 'acme-dental.test'], phone: '+12015550123', archived: false, openTickets: 0, contacts: [], sites: [], version: 1 });
    const contact = await call<Contact>('POST', `/api/clients/${c.id}/contacts`, { name: 'Dana Office', email: 'Dana@AcmeDental.test', phone: '201 555 0144', title: 'Office manager', preferredContactMethod: 'text', primary: true });
    expect(contact.status, contact.text).toBe(201);
    expect(contact.body).toMatchObject({ email: 'dana@acmedental.test', phone: '+12015550144', primary: true, preferredContactMethod: 'text' });
    const site = await call<Site>('POST', `/api/clients/${c.id}/sites`, { name: 'Main office', address: '1 Main St, Springfield', accessNotes: 'Alarm 1234, park at the back', latitude: 40.1, longitude: -74.2 });
    expect(site.status, site.text).toBe(201);
    const card = await call('GET', `/api/clients/${c.id}`);
    expect(card.body.contacts.map((x) => x.name)).toEqual(['Dana Office']);
    expect(card.body.sites[0]).toMatchObject({ name: 'Main office', accessNotes: 'Alarm 1234, park at the back', latitude: 40.1 });
  });

  it("keeps the id a device chose (created offline), once per Idempotency-Key; another create of that id is 409 under id", async () => {
    const [clientId, contactId, siteId] = [randomUUID(), randomUUID(), randomUUID()];
    const key = randomUUID();
    const first = await call('POST', '/api/clients', { id: clientId, name: 'Offline Made Ltd' }, tech, { 'Idempotency-Key': key });
    expect(first.status, first.text).toBe(201);
    expect(first.body.id).toBe(clientId);
    const replay = await call('POST', '/api/clients', { id: clientId, name: 'Offline Made Ltd' }, tech, { 'Idempotency-Key': key });
    expect([replay.status, replay.body.id]).toEqual([201, clientId]);
    const contact = await call<Contact>('POST', `/api/clients/${clientId}/contacts`, { id: contactId, name: 'Made Offline' });
    const site = await call<Site>('POST', `/api/clients/${clientId}/sites`, { id: siteId, name: 'Shop' });
    expect([contact.body.id, site.body.id]).toEqual([contactId, siteId]);
    const before = await Promise.all(['clients', 'client_contacts', 'client_sites'].map(count));
    for (const [path, body] of [
      ['/api/clients', { id: clientId, name: 'Another Name Co' }],
      [`/api/clients/${clientId}/contacts`, { id: contactId, name: 'Someone Else' }],
      [`/api/clients/${clientId}/sites`, { id: siteId, name: 'Other Shop' }],
    ] as const) {
      const again = await call('POST', path, body);
      expect(again.status).toBe(409);
      expect(again.body.fieldErrors.id).toEqual([CLIENT_MSG.idTaken]);
    }
    const bad = await call('POST', '/api/clients', { id: 'not-a-uuid', name: 'Bad Id Co' });
    expect([bad.status, bad.body.fieldErrors.id]).toEqual([400, ['id must be a UUID']]);
    expect(await Promise.all(['clients', 'client_contacts', 'client_sites'].map(count))).toEqual(before);
    const card = await call('GET', `/api/clients/${clientId}`);
    expect([card.body.contacts.map((c) => c.id), card.body.sites.map((c) => c.id)]).toEqual([[contactId], [siteId]]);
  });

  it('refuses bad input with the field message and changes nothing', async () => {
    const before = await count('clients');
    const dup = await call('POST', '/api/clients', { name: '  acme DENTAL ' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'conflict', message: CLIENT_MSG.nameTaken, fieldErrors: { name: [CLIENT_MSG.nameTaken] } });
    const phone = await call('POST', '/api/clients', { name: 'Phone Co', phone: '12345' });
    expect(phone.status).toBe(400);
    expect(phone.body.fieldErrors).toEqual({ phone: [phoneInvalidMessage('US')] });
    expect((await call('POST', '/api/clients', { name: '' })).body.fieldErrors).toEqual({ name: [CLIENT_MSG.nameRequired] });
    expect((await call('POST', '/api/clients', { name: 'Domains', emailDomains: ['not a domain'] })).body.fieldErrors).toEqual({ emailDomains: [CLIENT_MSG.domainInvalid] });
    expect(await count('clients')).toBe(before);

    const other = await newClient('Other Co');
    const contacts = await count('client_contacts');
    const taken = await call('POST', `/api/clients/${other.id}/contacts`, { name: 'Copy', email: 'DANA@acmedental.test' });
    expect(taken.status).toBe(409);
    expect(taken.body.fieldErrors).toEqual({ email: [CLIENT_MSG.contactEmailTaken] });
    expect((await call('POST', `/api/clients/${other.id}/contacts`, { name: 'Bad phone', phone: 'call me' })).body.fieldErrors).toEqual({ phone: [phoneInvalidMessage('US')] });
    expect(await count('client_contacts')).toBe(contacts);
    const renamed = await call('PATCH', `/api/clients/${other.id}`, { name: 'ACME dental' });
    expect(renamed.status).toBe(409);
    expect((await call('GET', `/api/clients/${other.id}`)).body.name).toBe('Other Co');
  });

  it('addresses a contact or site only under its own client (404)', async () => {
    const [a, b] = [await newClient('Owner A'), await newClient('Owner B')];
    const site = (await call<Site>('POST', `/api/clients/${a.id}/sites`, { name: 'A site' })).body;
    const res = await call('PATCH', `/api/clients/${b.id}/sites/${site.id}`, { name: 'Stolen' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(CLIENT_MSG.siteNotFound);
    expect((await call('GET', `/api/clients/${randomUUID()}`)).body.message).toBe(CLIENT_MSG.notFound);
  });
});

describe('list, search, delta', () => {
  it('pages by name with a keyset cursor and searches name and domain', async () => {
    for (const n of ['Zeta Zoo', 'Beta Bakery', 'Gamma Garage']) await newClient(n, { emailDomains: [`${n.split(' ')[0]!.toLowerCase()}.example`] });
    const names: string[] = [];
    let after: string | null = null;
    do {
      const page: { body: ClientPage } = await call<ClientPage>('GET', `/api/clients?limit=2${after ? `&after=${after}` : ''}`);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      names.push(...page.body.items.map((i) => i.name));
      after = page.body.next;
    } while (after);
    expect(names).toEqual([...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    expect(names).toContain('Zeta Zoo');
    expect((await call<ClientPage>('GET', '/api/clients?q=bake')).body.items.map((i) => i.name)).toEqual(['Beta Bakery']);
    expect((await call<ClientPage>('GET', '/api/clients?q=gamma.ex')).body.items.map((i) => i.name)).toEqual(['Gamma Garage']);
    expect((await call<ClientPage>('GET', '/api/clients?q=100%25')).body.items).toEqual([]);
  });

  it('delta feed: whole cards after the cursor, a contact change re-sends its client, deletes as ids', async () => {
    const start = (await call<ClientDeltaPage>('GET', '/api/clients?since=0&limit=200')).body;
    expect(start.more).toBe(false);
    const c = await newClient('Delta Dental');
    await call('POST', `/api/clients/${c.id}/contacts`, { name: 'Dee', phone: '+44 20 7946 0958' });
    let page = (await call<ClientDeltaPage>('GET', `/api/clients?since=${start.cursor}`)).body;
    expect(page.items.map((i) => i.name)).toEqual(['Delta Dental']);
    expect(page.items[0]!.contacts[0]!.phone).toBe('+442079460958');
    const cursor = page.cursor;
    expect((await call('DELETE', `/api/clients/${c.id}`, undefined, admin)).status).toBe(204);
    page = (await call<ClientDeltaPage>('GET', `/api/clients?since=${cursor}`)).body;
    expect(page).toMatchObject({ items: [], deleted: [c.id], more: false });
    expect((await call<ClientDeltaPage>('GET', `/api/clients?since=${page.cursor}`)).body).toMatchObject({ items: [], deleted: [], cursor: page.cursor });
  });
});

describe('roles, archive, delete', () => {
  it('technicians edit but cannot archive or delete; admins archive a client that tickets refer to', async () => {
    const c = await newClient('Archive Me');
    const ticket = await t.createTicket();
    await t.db.execute(`update support_tickets set client_id = '${c.id}' where id = '${ticket.id}'` as never);
    expect((await call('PATCH', `/api/clients/${c.id}`, { notes: 'edited' })).body.notes).toBe('edited');
    const byTech = await call('PATCH', `/api/clients/${c.id}`, { archived: true });
    expect(byTech.status).toBe(403);
    expect(byTech.body.message).toBe(CLIENT_MSG.archiveAdminOnly);
    expect((await call('DELETE', `/api/clients/${c.id}`)).status).toBe(403);
    const refused = await call('DELETE', `/api/clients/${c.id}`, undefined, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CLIENT_MSG.hasTickets);
    expect((await call('PATCH', `/api/clients/${c.id}`, { archived: true }, admin)).body.archived).toBe(true);
    expect((await call<ClientPage>('GET', '/api/clients?q=Archive%20Me')).body.items).toEqual([]);
    expect((await call<ClientPage>('GET', '/api/clients?q=Archive%20Me&archived=true')).body.items.map((i) => i.name)).toEqual(['Archive Me']);
    const user = await t.loginAs('user');
    expect((await call('GET', '/api/clients', undefined, user.token)).status).toBe(403);
    expect((await t.request('GET', '/api/clients')).status).toBe(401);
  });

  it('refuses deleting a client only a vault entry refers to (vault port vaultEntriesUseClient); deletes it once unlinked', async () => {
    const c = await newClient('Vault Only Co');
    const entry = await t.request<{ id: string }>('POST', '/api/vault', { token: tech, body: { businessName: 'Vault Only Co' } });
    expect(entry.status, entry.text).toBe(201);
    await t.db.execute(`update customer_vault set client_id = '${c.id}' where id = '${entry.body.id}'` as never);
    const refused = await call('DELETE', `/api/clients/${c.id}`, undefined, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CLIENT_MSG.hasTickets);
    await t.db.execute(`update customer_vault set client_id = null where id = '${entry.body.id}'` as never);
    expect((await call('DELETE', `/api/clients/${c.id}`, undefined, admin)).status).toBe(204);
  });
});

describe('offline edits', () => {
  it('merges a stale edit of another field, refuses one of the same field (409 with current), applies a key once', async () => {
    const c = await newClient('Merge Co');
    const contact = (await call<Contact>('POST', `/api/clients/${c.id}/contacts`, { name: 'Mo', phone: '201 555 0100', title: 'Owner' })).body;
    const path = `/api/clients/${c.id}/contacts/${contact.id}`;
    await call('PATCH', path, { title: 'CEO' });
    const merged = await call<Contact>('PATCH', path, { phone: '201 555 0199', base: { phone: '+12015550100' } });
    expect(merged.body).toMatchObject({ phone: '+12015550199', title: 'CEO' });
    const stale = await call('PATCH', path, { phone: '201 555 0111', base: { phone: '+12015550100' } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ fields: ['phone'], current: { phone: '+12015550199' } });
    const key = randomUUID();
    const first = await call<Contact>('PATCH', path, { phone: '201 555 0122' }, tech, { 'Idempotency-Key': key });
    const again = await call<Contact>('PATCH', path, { phone: '201 555 0122' }, tech, { 'Idempotency-Key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });
});
