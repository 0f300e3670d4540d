/**
 * The phone's search (searchIndex.ts) over the tickets and history the real sync stores: the shared
 * cases (shared/src/search/cases.testkit.ts, the same answers the API test asserts on PGlite and
 * PostgreSQL, so a query finds the same tickets online and offline), rows kept by the sync and the
 * working-set prune, and rows built for tickets cached before the index existed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_CASE_TICKETS, SEARCH_CASES } from '@portal/shared/search-cases';
import { registerOfflineFeature } from '../../../offline/core';
import type { OfflineDb } from '../../../offline/core';
import { ModelServer, TECH_ID, freshDb, pullAll } from '../../../offline/model-server.testkit';
import { ticketsOffline } from '.';
import { ensureSearchIndex, searchCachedTickets } from './searchIndex';

beforeAll(() => void registerOfflineFeature(ticketsOffline));

/**
 * A model server holding the shared case tickets (their comments, tags, client and asset ids), and
 * a phone synced from it; the client cards and assets the clients and assets features would cache
 * arrive after the tickets (as they do: those collections are pulled later), and the first search
 * writes the rows of their tickets again (ensureSearchIndex, as the ticket screen calls it).
 */
async function syncedPhone(): Promise<{ db: OfflineDb; server: ModelServer }> {
  const server = new ModelServer();
  const records: { collection: string; id: string; data: unknown }[] = [];
  const clientIds = new Map<string, string>();
  for (const spec of SEARCH_CASE_TICKETS) {
    const created = server.createTicket();
    const { comments, client, tags, assets, contact, site, ...fields } = spec;
    // The card carries the ticket's contact and site, as GET /api/clients/:id sends them.
    const contactId = contact ? crypto.randomUUID() : null;
    const siteId = site ? crypto.randomUUID() : null;
    if (client && !clientIds.has(client)) {
      clientIds.set(client, crypto.randomUUID());
      const contacts = contact ? [{ id: contactId, clientId: clientIds.get(client), ...contact }] : [];
      const sites = site ? [{ id: siteId, clientId: clientIds.get(client), name: site }] : [];
      records.push({ collection: 'clients', id: clientIds.get(client)!, data: { id: clientIds.get(client), name: client, contacts, sites } });
    }
    const assetIds = (assets ?? []).map((a) => {
      const id = crypto.randomUUID();
      records.push({ collection: 'assets', id, data: { id, clientId: clientIds.get(client!), ...a } });
      return id;
    });
    const links = { clientId: client ? clientIds.get(client)! : null, contactId, siteId, tags: [...(tags ?? [])].sort(), assetIds };
    Object.assign(server.tickets.get(created.id)!, fields, { businessName: fields.businessName || null }, links);
    for (const comment of comments) expect(server.patch(created.id, { comment }, TECH_ID, null).status).toBe(200);
  }
  const { db } = freshDb();
  await pullAll({ db, transport: server.transport(TECH_ID) });
  await db.records.bulkPut(records);
  await ensureSearchIndex(db);
  return { db, server };
}

async function names(db: OfflineDb, q: string): Promise<string[]> {
  const ids = await searchCachedTickets(db, q);
  const tickets = await db.tickets.bulkGet(ids);
  return tickets.map((t) => t!.clientName);
}

describe("search on the phone's copy", () => {
  let db: OfflineDb;
  beforeAll(async () => {
    db = (await syncedPhone()).db;
  });

  it('indexes every synced ticket', async () => {
    expect(await db.ticketSearch.count()).toBe(SEARCH_CASE_TICKETS.length);
  });

  it.each(SEARCH_CASES)('%s', async (q, expected) => {
    expect(await names(db, q)).toEqual(expected);
  });
});

describe('search rows kept with the cache', () => {
  it('a comment synced later is found; tickets cached before the index get rows on the first search', async () => {
    const { db, server } = await syncedPhone();
    const bob = [...server.tickets.values()].find((t) => t.clientName === 'Bob Brown')!;
    expect(server.patch(bob.id, { comment: 'Swapped the zyxel router' }, TECH_ID, null).status).toBe(200);
    await pullAll({ db, transport: server.transport(TECH_ID) });
    expect(await names(db, 'zyxel')).toEqual(['Bob Brown']);

    // As after the upgrade to the index: tickets without rows, and a row whose ticket is gone.
    await db.ticketSearch.clear();
    await db.ticketSearch.put({ id: 'gone', createdAt: '2024-01-01T00:00:00.000Z', email: 'x@y.z', domainRev: 'z.y', phoneRev: '', words: ['zyxel'], text: 'zyxel', assetTags: [] });
    expect(await ensureSearchIndex(db)).toBe(SEARCH_CASE_TICKETS.length);
    expect(await db.ticketSearch.get('gone')).toBeUndefined();
    expect(await names(db, 'zyxel')).toEqual(['Bob Brown']);
    expect(await ensureSearchIndex(db)).toBe(0);
  });

  it("a client renamed or an asset's tag changed in the cached copies is found by its new words at the next search", async () => {
    const { db } = await syncedPhone();
    const cards = await db.records.where('collection').equals('clients').toArray();
    const northwind = cards.find((r) => (r.data as { name: string }).name === 'Northwind Traders')!;
    await db.records.put({ ...northwind, data: { ...(northwind.data as object), name: 'Southwind Supply' } });
    const assets = await db.records.where('collection').equals('assets').toArray();
    const copier = assets.find((a) => (a.data as { assetTag: string }).assetTag === 'A-0042')!;
    await db.records.put({ ...copier, data: { ...(copier.data as object), assetTag: 'A-0043' } });
    expect(await ensureSearchIndex(db)).toBe(2);
    expect(await names(db, 'southwind')).toEqual(['Gus Grant', 'Fay Ford']);
    expect(await names(db, 'northwind')).toEqual([]);
    expect(await names(db, 'A-0043')).toEqual(['Fay Ford']);
    expect(await names(db, 'A-0042')).toEqual([]);
    expect(await ensureSearchIndex(db)).toBe(0);
  });

  it("a sync page's rows carry the words of the client cards already cached, and none of the others (keys read first)", async () => {
    const server = new ModelServer();
    const { db } = freshDb();
    const cards: { collection: string; id: string; data: unknown }[] = [];
    const word = (i: number) => `quokka${String.fromCharCode(97 + Math.floor(i / 26), 97 + (i % 26))}`;
    for (let i = 0; i < 60; i++) {
      const clientId = crypto.randomUUID();
      Object.assign(server.tickets.get(server.createTicket().id)!, { clientId });
      if (i % 2 === 0) cards.push({ collection: 'clients', id: clientId, data: { id: clientId, name: `${word(i)} Ltd`, contacts: [], sites: [] } });
    }
    await db.records.bulkPut(cards);
    await pullAll({ db, transport: server.transport(TECH_ID) });
    expect(await db.ticketSearch.count()).toBe(60);
    for (const i of [0, 2, 58]) expect(await searchCachedTickets(db, word(i))).toHaveLength(1);
    expect(await searchCachedTickets(db, word(1))).toEqual([]);
    expect(await db.ticketSearch.where('words').startsWith('quokka').count()).toBe(30);
  });

  it('a contact or site renamed on the cached client card is found by its new words at the next search', async () => {
    const { db } = await syncedPhone();
    const card = (await db.records.where('collection').equals('clients').toArray()).find((r) => (r.data as { name: string }).name === 'Umbrella Corp')!;
    const data = card.data as { contacts: { name: string; email: string }[]; sites: { name: string }[] };
    expect(await names(db, 'ravindran')).toEqual(['Hal Hart']);
    await db.records.put({ ...card, data: { ...data, contacts: [{ ...data.contacts[0]!, name: 'Priya Nair', email: 'pn@parasol.io' }], sites: [{ ...data.sites[0]!, name: 'Harbour Yard' }] } });
    expect(await ensureSearchIndex(db)).toBe(1);
    expect(await names(db, 'nair parasol')).toEqual(['Hal Hart']);
    expect(await names(db, '"harbour yard"')).toEqual(['Hal Hart']);
    expect(await names(db, 'ravindran')).toEqual([]);
    expect(await names(db, 'riverside')).toEqual([]);
    expect(await ensureSearchIndex(db)).toBe(0);
  });
});
