/**
 * A client, site and contact created on the phone with no signal (issue 50 item 6), against fake
 * IndexedDB and the real drain: the draft joins the cached cards at once with the id chosen on the
 * phone (pickable on a ticket), survives an app restart, is sent once with that id, and a ticket
 * write naming the new contact (outbox `after`: the client's stream) never reaches the server before
 * the contact exists, even with the streams sent concurrently and a network loss in between. A
 * refused create, discarded, leaves no draft behind.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientStream, type Client, type Contact } from '@portal/shared';
import type { HttpResponse, Transport } from '../../lib/http';
import { discard, enqueue, registerOfflineFeature, registerOutboxKind } from '../../offline';
import { drainOutbox, freshDb, memoryLock } from '../../offline/model-server.testkit';
import { clientsOffline, enqueueClientWrite, readClientCards, readClientList, readClientView } from './offline';

const USER = { id: '00000000-0000-4000-8000-0000000000a1', username: 'tech' };
const CLIENT = '5b0f3a52-1c1d-4c39-8c43-1f3d7e0a0001';
const LINK = 'test.ticketLink';

beforeAll(() => {
  registerOfflineFeature(clientsOffline);
  // Stands for the tickets feature's update naming a contact (TicketClientPicker queues it with `after`).
  registerOutboxKind<{ ticketId: string; contactId: string }, unknown, unknown>({
    kind: LINK,
    auth: 'session',
    request: (item) => ({ method: 'PATCH', url: `/api/tickets/${item.payload.ticketId}`, body: { contactId: item.payload.contactId } }),
  });
});

const res = (status: number, body: unknown): HttpResponse => ({ status, body, retryAfterMs: null });
const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

/** A clients API that knows what was created; a ticket PATCH naming an unknown contact is 400 as on the server. */
function server() {
  const clients = new Map<string, Client>();
  const requests: { method: string; url: string; body?: unknown }[] = [];
  const refused: string[] = [];
  let offline = false;
  const transport: Transport = async (req) => {
    if (offline) throw Object.assign(new Error('Network error'), { name: 'NetworkError' });
    requests.push({ method: req.method, url: req.url, body: req.body });
    await tick(); // answers overlap: the drain sends other streams meanwhile
    const body = req.body as Record<string, unknown>;
    if (req.method === 'POST' && req.url === '/api/clients') {
      const c: Client = { id: body.id as string, name: body.name as string, emailDomains: [], phone: null, notes: null, archived: false, openTickets: 0, lastTicketAt: null, lastVisitAt: null, version: 1, contacts: [], sites: [], createdAt: 'x', updatedAt: '2026-01-02T00:00:00.000Z' };
      clients.set(c.id, c);
      return res(201, c);
    }
    const contactPost = /^\/api\/clients\/([^/]+)\/contacts$/.exec(req.url);
    if (req.method === 'POST' && contactPost) {
      await tick(30); // a slow create: a write sent concurrently would arrive first
      const c = clients.get(contactPost[1]!);
      if (!c) return res(404, { message: 'Client not found', code: 'not_found' });
      if (body.email === 'taken@acme.test') return res(409, { message: 'This e-mail address is already used by another contact.', code: 'conflict' });
      const contact: Contact = { id: body.id as string, clientId: c.id, name: body.name as string, email: null, phone: '+12015550123', title: null, preferredContactMethod: null, primary: false, updatedAt: '2026-01-02T00:00:01.000Z' };
      c.contacts.push(contact);
      return res(201, contact);
    }
    if (req.method === 'PATCH' && req.url.startsWith('/api/tickets/')) {
      const known = [...clients.values()].some((c) => c.contacts.some((k) => k.id === body.contactId));
      refused.push(...(known ? [] : [req.url]));
      return known ? res(200, { ok: true }) : res(400, { message: 'Contact not found', code: 'validation_failed' });
    }
    return res(404, { message: 'Not found', code: 'not_found' });
  };
  return { transport, requests, refused, clients, setOffline: (v: boolean) => (offline = v) };
}

let dbs: { close(): void }[] = [];
afterEach(() => {
  for (const d of dbs) d.close();
  dbs = [];
});

describe('creating offline (client.create, contact.create with ids chosen on the phone)', () => {
  it('drafts at once, survives a restart, sends once with the same ids; the ticket write waits for the contact', async () => {
    const fresh = freshDb();
    dbs.push(fresh.db);
    await enqueueClientWrite(fresh.db, { op: 'client.create', clientId: CLIENT, body: { name: 'Made Offline Ltd' } }, 'Made Offline Ltd', USER);
    await enqueueClientWrite(fresh.db, { op: 'contact.create', clientId: CLIENT, body: { name: 'Nina New', phone: '201 555 0123' } }, 'Made Offline Ltd', USER);
    // Every reader of the cached cards (the ticket pickers) sees the draft and the contact's id.
    const [draft] = await readClientCards(fresh.db);
    expect(draft).toMatchObject({ id: CLIENT, name: 'Made Offline Ltd', version: 0 });
    const contactId = draft!.contacts[0]!.id;
    expect(contactId).toMatch(/^[0-9a-f-]{36}$/);
    await enqueue(fresh.db, { kind: LINK, payload: { ticketId: 't1', contactId }, label: 'TKT-1', stream: 'ticket:t1', after: [clientStream(CLIENT)], user: USER });

    fresh.db.close();
    const db = fresh.reopen(); // the app restarted, still offline
    dbs.push(db);
    const view = await readClientView(db, CLIENT);
    expect(view?.contacts.map((c) => c.id)).toEqual([contactId]);
    expect(view?.pending.has(CLIENT) && view.pending.has(contactId)).toBe(true);

    const api = server();
    api.setOffline(false);
    // The first send of the client is lost to the network: nothing else may go before it.
    let calls = 0;
    const flaky: Transport = async (req) => (++calls === 1 ? Promise.reject(Object.assign(new Error('Network error'), { name: 'NetworkError' })) : api.transport(req));
    await drainOutbox({ db, transport: flaky, userId: USER.id, lock: memoryLock('outbox-drain') });
    await drainOutbox({ db, transport: api.transport, userId: USER.id, lock: memoryLock('outbox-drain'), force: true });
    await drainOutbox({ db, transport: api.transport, userId: USER.id, lock: memoryLock('outbox-drain'), force: true });

    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST /api/clients`, `POST /api/clients/${CLIENT}/contacts`, 'PATCH /api/tickets/t1']);
    expect(api.refused).toEqual([]);
    expect(api.requests[0]!.body).toMatchObject({ id: CLIENT, name: 'Made Offline Ltd' });
    expect(api.requests[1]!.body).toMatchObject({ id: contactId, name: 'Nina New' });
    expect(await db.outbox.count()).toBe(0);
    const card = (await readClientView(db, CLIENT))!;
    expect([card.version, card.pending.size, card.contacts.map((c) => [c.id, c.phone])]).toEqual([1, 0, [[contactId, '+12015550123']]]);
  });

  it('without `after` the same ticket write would overtake the contact and be refused (what `after` prevents)', async () => {
    const { db } = freshDb();
    dbs.push(db);
    const api = server();
    api.clients.set(CLIENT, { id: CLIENT, name: 'Acme', emailDomains: [], phone: null, notes: null, archived: false, openTickets: 0, lastTicketAt: null, lastVisitAt: null, version: 1, contacts: [], sites: [], createdAt: 'x', updatedAt: 'x' });
    await db.records.put({ collection: 'clients', id: CLIENT, data: api.clients.get(CLIENT)! });
    await enqueueClientWrite(db, { op: 'contact.create', clientId: CLIENT, body: { name: 'Late Larry' } }, 'Acme', USER);
    const contactId = (await readClientCards(db))[0]!.contacts[0]!.id;
    await enqueue(db, { kind: LINK, payload: { ticketId: 't2', contactId }, label: 'TKT-2', stream: 'ticket:t2', user: USER });
    await drainOutbox({ db, transport: api.transport, userId: USER.id, lock: memoryLock('outbox-drain') });
    expect(api.requests.map((r) => r.method)).toEqual(['POST', 'PATCH']);
    expect(api.refused).toEqual(['/api/tickets/t2']);
  });

  it('a refused create shows on the card; Discard removes the draft from the cached card', async () => {
    const { db } = freshDb();
    dbs.push(db);
    const api = server();
    api.clients.set(CLIENT, { id: CLIENT, name: 'Acme', emailDomains: [], phone: null, notes: null, archived: false, openTickets: 0, lastTicketAt: null, lastVisitAt: null, version: 1, contacts: [], sites: [], createdAt: 'x', updatedAt: 'x' });
    await db.records.put({ collection: 'clients', id: CLIENT, data: api.clients.get(CLIENT)! });
    const seq = await enqueueClientWrite(db, { op: 'contact.create', clientId: CLIENT, body: { name: 'Dup Dan', email: 'taken@acme.test' } }, 'Acme', USER);
    await drainOutbox({ db, transport: api.transport, userId: USER.id, lock: memoryLock('outbox-drain') });
    const view = (await readClientView(db, CLIENT))!;
    expect(view.attention.map((i) => i.error?.message)).toEqual(['This e-mail address is already used by another contact.']);
    expect(await discard(db, seq)).toBe(true);
    expect((await readClientCards(db))[0]!.contacts).toEqual([]);
  });
});

describe('deleting (admins; client.delete, contact.delete, site.delete)', () => {
  it('hides at once, sends one DELETE each and removes the answer from the cached cards; a refused client delete shows the message', async () => {
    const { db } = freshDb();
    dbs.push(db);
    const OTHER = '5b0f3a52-1c1d-4c39-8c43-1f3d7e0a0002';
    const base: Client = { id: CLIENT, name: 'Acme', emailDomains: [], phone: null, notes: null, archived: false, openTickets: 0, lastTicketAt: null, lastVisitAt: null, version: 1, createdAt: 'x', updatedAt: 'x',
      contacts: [{ id: 'k1', clientId: CLIENT, name: 'Dana', email: null, phone: null, title: null, preferredContactMethod: null, primary: false, updatedAt: 'x' }],
      sites: [{ id: 's1', clientId: CLIENT, name: 'Shop', address: null, accessNotes: null, latitude: null, longitude: null, updatedAt: 'x' }] };
    await db.records.put({ collection: 'clients', id: CLIENT, data: base });
    await db.records.put({ collection: 'clients', id: OTHER, data: { ...base, id: OTHER, name: 'Referenced Co', contacts: [], sites: [] } });
    await enqueueClientWrite(db, { op: 'contact.delete', clientId: CLIENT, childId: 'k1' }, 'Acme', USER);
    await enqueueClientWrite(db, { op: 'site.delete', clientId: CLIENT, childId: 's1' }, 'Acme', USER);
    await enqueueClientWrite(db, { op: 'client.delete', clientId: OTHER }, 'Referenced Co', USER);
    const shown = (await readClientView(db, CLIENT))!;
    expect([shown.contacts, shown.sites]).toEqual([[], []]);
    expect((await readClientList(db)).map((c) => c.name)).toEqual(['Acme']);

    const sent: string[] = [];
    const transport: Transport = async (req) => {
      sent.push(`${req.method} ${req.url}`);
      if (req.url === `/api/clients/${OTHER}`) return res(409, { message: 'Tickets refer to this client: archive it instead.', code: 'conflict' });
      return res(204, undefined);
    };
    await drainOutbox({ db, transport, userId: USER.id, lock: memoryLock('outbox-drain') });
    expect(sent.sort()).toEqual([`DELETE /api/clients/${CLIENT}/contacts/k1`, `DELETE /api/clients/${CLIENT}/sites/s1`, `DELETE /api/clients/${OTHER}`].sort());
    const stored = (await readClientCards(db)).find((c) => c.id === CLIENT)!;
    expect([stored.contacts, stored.sites]).toEqual([[], []]);
    const refused = (await readClientView(db, OTHER))!;
    expect(refused.attention.map((i) => i.error?.message)).toEqual(['Tickets refer to this client: archive it instead.']);
    expect((await readClientList(db)).map((c) => c.name).sort()).toEqual(['Acme', 'Referenced Co']);
  });
});
