/**
 * Staff search over a ticket's links (migration 0050, docs/search.md "Links: client, tags,
 * assets"), on the real app and database (PGlite; PostgreSQL with DATABASE_URL): renames and link
 * changes rewrite the search rows, at once for a few tickets and through the queue's batches for
 * many (a rename of a client with more than 500 tickets only queues a job), and the queue's worker
 * rewrites jobs and stale rows in batches.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TagList, TicketListPage } from '@portal/shared';
import { rowsOf } from '../../db/rows';
import { startTestApp, type TestApp } from '../../test/app';
import { seedSearchCases, type SeededSearchCases } from './searchCases.testkit';
import { drainTicketSearchQueue } from './searchQueue';

let app: TestApp;
let seeded: SeededSearchCases;
const FAY = 5;
const GUS = 6;

beforeAll(async () => {
  app = await startTestApp();
  seeded = await seedSearchCases(app);
});
afterAll(() => app.close());

/** Client names of the first page of a search (newest first). */
async function search(q: string): Promise<string[]> {
  const res = await app.request<TicketListPage>('GET', `/api/tickets/list?limit=100&q=${encodeURIComponent(q)}`, { token: seeded.token });
  expect(res.status, res.text).toBe(200);
  return res.body.items.map((t) => t.clientName);
}

async function patch(path: string, body: object): Promise<void> {
  const res = await app.request('PATCH', path, { token: seeded.adminToken, body });
  expect(res.status, res.text).toBe(200);
}

/** How many tickets a search finds (the tab counts). */
async function count(q: string): Promise<number> {
  const res = await app.request<{ all: number }>('GET', `/api/tickets/counts?q=${encodeURIComponent(q)}`, { token: seeded.token });
  expect(res.status, res.text).toBe(200);
  return res.body.all;
}

/** True when the search row of ticket `id` holds `word`. */
const hasWord = async (id: string, word: string) =>
  (await rowsOf<{ has: boolean }>(app.db, sql`select doc @@ ${`'${word}'`}::tsquery as has from ticket_search where ticket_id = ${id}`))[0]!.has;

const queued = async () => (await rowsOf<{ n: number | string }>(app.db, sql`select (select count(*) from ticket_search_jobs) + (select count(*) from ticket_search_stale) as n`))[0]!.n;

describe('links kept at write time', () => {
  it('a client, tag or asset renamed is found by its new name at once, never by the old one', async () => {
    await patch(`/api/clients/${seeded.clientIds.get('Northwind Traders')}`, { name: 'Southwind Supply' });
    expect(await search('southwind')).toEqual(['Gus Grant', 'Fay Ford']);
    expect(await search('northwind')).toEqual([]);
    const tags = await app.request<TagList>('GET', '/api/tags', { token: seeded.adminToken });
    await patch(`/api/tags/${tags.body.tags.find((t) => t.name === 'VIP')!.id}`, { name: 'Priority' });
    expect(await search('priority')).toEqual(['Fay Ford']);
    expect(await search('vip')).toEqual([]);
    await patch(`/api/assets/${seeded.assetIds.get('A-0042')}`, { assetTag: 'A-0043', name: 'Lobby copier' });
    expect(await search('A-0043')).toEqual(['Fay Ford']);
    expect(await search('lobby')).toEqual(['Fay Ford']);
    expect(await search('A-0042')).toEqual([]);
    expect(Number(await queued())).toBe(0);
  });

  it('a tag removed, assets unlinked or the client taken off the ticket are forgotten at once', async () => {
    await patch(`/api/tickets/${seeded.ids[FAY]}`, { tagsRemove: ['onsite'] });
    expect(await search('onsite')).toEqual([]);
    await patch(`/api/tickets/${seeded.ids[GUS]}`, { assetIds: [] });
    expect(await search('A-00421')).toEqual([]);
    expect(await search('7301')).toEqual([]);
    await patch(`/api/tickets/${seeded.ids[FAY]}`, { clientId: null });
    expect(await search('southwind')).toEqual(['Gus Grant']);
    expect(Number(await queued())).toBe(0);
  });
});

describe('the queue: renames of many tickets in batches after commit', () => {
  it('a rename of a client with more than 500 tickets queues one job; the worker rewrites them in batches', async () => {
    const clientId = seeded.clientIds.get('Northwind Traders')!;
    // 501 more tickets of the client (copies of Gus's ticket): the insert trigger writes their rows.
    await app.db.execute(sql`
      insert into support_tickets
      select (jsonb_populate_record(null::support_tickets, to_jsonb(t) || jsonb_build_object(
        'id', gen_random_uuid(), 'ticket_number', 'TKT-9' || lpad(g::text, 5, '0'), 'created_at', t.created_at - make_interval(secs => g)))).*
      from support_tickets t, generate_series(1, 501) g where t.id = ${seeded.ids[GUS]}`);
    expect(await count('"southwind supply"')).toBe(502);
    await app.db.execute(sql`update clients set name = 'Eastwind Partners' where id = ${clientId}`);
    expect(Number(await queued())).toBe(1);
    // Not yet: the rows keep the former name until their batch (the typo fallback reads the client's
    // name as it is now, so the new name finds them meanwhile, not by words).
    expect(await count('southwind')).toBe(502);
    expect(await hasWord(seeded.ids[GUS]!, 'eastwind')).toBe(false);
    expect(await count('eastwind')).toBe(502);
    const steps: number[] = [];
    expect(await drainTicketSearchQueue(app.db, { batch: 200, onProgress: (n) => steps.push(n) })).toBe(502);
    expect(steps).toEqual([200, 400, 502]);
    expect(await count('eastwind')).toBe(502);
    expect(await search('southwind')).toEqual([]);
    expect(Number(await queued())).toBe(0);
  });

  it('a bulk link change over more than 500 tickets queues them; rows older than migration 0050 are rewritten by the `all` job', async () => {
    const clientId = seeded.clientIds.get('Northwind Traders')!;
    await app.db.execute(sql`update support_tickets set client_id = null where client_id = ${clientId}`);
    expect(Number(await queued())).toBe(502);
    expect(await drainTicketSearchQueue(app.db)).toBe(502);
    expect(await search('eastwind')).toEqual([]);
    // As before migration 0050: documents without the links' words.
    await app.db.execute(sql`update support_tickets set client_id = ${clientId} where id = ${seeded.ids[GUS]}`);
    await app.db.execute(sql`update ticket_search set doc = search_doc('nothing'), asset_tags = '{}'`);
    await app.db.execute(sql`insert into ticket_search_jobs (kind, ref_id) values ('all', '00000000-0000-0000-0000-000000000000')`);
    expect(await hasWord(seeded.ids[GUS]!, 'eastwind')).toBe(false);
    const total = Number((await rowsOf<{ n: number | string }>(app.db, sql`select count(*) as n from support_tickets`))[0]!.n);
    expect(await drainTicketSearchQueue(app.db, { batch: 300 })).toBe(total);
    expect(await search('eastwind')).toEqual(['Gus Grant']);
    expect(await search('paper')).toEqual(['Dan Dorsey', 'Cara Cole']);
    expect(await drainTicketSearchQueue(app.db)).toBe(0);
  });
});

describe('contacts and sites (migration 0056)', () => {
  const HAL = 7;

  it('a contact or site renamed, or taken off the ticket, is found by its new words at once', async () => {
    const clientId = seeded.clientIds.get('Umbrella Corp')!;
    expect(await search('ravindran')).toEqual(['Hal Hart']);
    await patch(`/api/clients/${clientId}/contacts/${seeded.contactIds.get('Priya Ravindran')}`, { name: 'Priya Nair', email: 'pn@parasol.io' });
    expect(await search('nair')).toEqual(['Hal Hart']);
    expect(await search('parasol')).toEqual(['Hal Hart']);
    expect(await search('ravindran')).toEqual([]);
    expect(await search('brollyworks')).toEqual([]);
    await patch(`/api/clients/${clientId}/sites/${seeded.siteIds.get('Riverside Depot')}`, { name: 'Harbour Yard' });
    expect(await search('"harbour yard" badge')).toEqual(['Hal Hart']);
    expect(await search('riverside')).toEqual([]);
    await patch(`/api/tickets/${seeded.ids[HAL]}`, { contactId: null });
    expect(await search('nair')).toEqual([]);
    expect(await search('harbour')).toEqual(['Hal Hart']);
    await patch(`/api/tickets/${seeded.ids[HAL]}`, { contactId: seeded.contactIds.get('Priya Ravindran') });
    expect(await search('nair')).toEqual(['Hal Hart']);
    expect(Number(await queued())).toBe(0);
  });

  it("rows older than migration 0056 get the contact's and site's words from the jobs the migration queues", async () => {
    await app.db.execute(sql`update ticket_search set doc = search_doc('nothing') where ticket_id = ${seeded.ids[HAL]}`);
    expect(await hasWord(seeded.ids[HAL]!, 'harbour')).toBe(false);
    const migration = fs.readFileSync(new URL('../../../drizzle/0056_search_contacts_sites.sql', import.meta.url), 'utf8');
    await app.db.execute(sql.raw(migration.split('--> statement-breakpoint').at(-1)!));
    expect((await rowsOf<{ kind: string }>(app.db, sql`select kind from ticket_search_jobs order by kind`)).map((r) => r.kind)).toEqual(['contact', 'site']);
    expect(await drainTicketSearchQueue(app.db)).toBe(2);
    expect(await hasWord(seeded.ids[HAL]!, 'harbour')).toBe(true);
    expect(await hasWord(seeded.ids[HAL]!, 'nair')).toBe(true);
  });

  it('a site of more than 500 tickets renamed queues one job; the worker rewrites them in batches', async () => {
    const siteId = seeded.siteIds.get('Riverside Depot')!;
    await app.db.execute(sql`
      insert into support_tickets
      select (jsonb_populate_record(null::support_tickets, to_jsonb(t) || jsonb_build_object(
        'id', gen_random_uuid(), 'ticket_number', 'TKT-8' || lpad(g::text, 5, '0'), 'created_at', t.created_at - make_interval(secs => g)))).*
      from support_tickets t, generate_series(1, 501) g where t.id = ${seeded.ids[HAL]}`);
    expect(await count('harbour')).toBe(502);
    await app.db.execute(sql`update client_sites set name = 'Quayside Store' where id = ${siteId}`);
    await app.db.execute(sql`update client_contacts set name = 'Priya Menon' where id = ${seeded.contactIds.get('Priya Ravindran')}`);
    expect(Number(await queued())).toBe(2);
    // Not yet: the rows keep the former names until their batch (the typo fallback reads the site's
    // and the contact's names as they are now, so the new names find them meanwhile, not by words).
    expect(await count('harbour')).toBe(502);
    expect(await hasWord(seeded.ids[HAL]!, 'quayside')).toBe(false);
    expect(await count('quayside')).toBe(502);
    expect(await count('menon')).toBe(502);
    expect(await drainTicketSearchQueue(app.db, { batch: 300 })).toBe(1004);
    expect(await count('quayside')).toBe(502);
    expect(await count('menon')).toBe(502);
    expect(await count('harbour')).toBe(0);
    expect(await count('nair')).toBe(0);
    expect(Number(await queued())).toBe(0);
  });
});
