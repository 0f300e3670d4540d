/**
 * Staff search routed by the shape of the query (docs/search.md), on the real app and database
 * (PGlite; PostgreSQL with DATABASE_URL): the shared cases (shared/src/search/cases.testkit.ts,
 * also asserted on the phone's copy), the counts beside a search, the substring fallback over a
 * site's name (only when the route finds nothing), the search rows kept at write
 * time (comments, contact changes) and filled for older tickets by the start's backfill, and the
 * SQL tokenizer against the shared one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { searchWords, type TicketCounts, type TicketListPage } from '@portal/shared';
import { SEARCH_CASE_TICKETS, SEARCH_CASES } from '@portal/shared/search-cases';
import { rowsOf } from '../../db/rows';
import { startTestApp, type TestApp } from '../../test/app';
import { seedSearchCases, type SeededSearchCases } from './searchCases.testkit';
import { backfillTicketSearch, searchIndexReady } from './searchIndex';

let app: TestApp;
let token: string;
let ids: string[] = [];
let seeded: SeededSearchCases;

beforeAll(async () => {
  app = await startTestApp();
  seeded = await seedSearchCases(app);
  ({ token, ids } = seeded);
});
afterAll(() => app.close());

/** Client names of every page of a search (limit 2: the exact number and cursors across pages). */
async function search(q: string, extra = ''): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; text: string; body: TicketListPage } = await app.request<TicketListPage>(
      'GET',
      `/api/tickets/list?limit=2&q=${encodeURIComponent(q)}${extra}${cursor ? `&cursor=${cursor}` : ''}`,
      { token },
    );
    expect(res.status, res.text).toBe(200);
    names.push(...res.body.items.map((t) => t.clientName));
    cursor = res.body.nextCursor;
  } while (cursor);
  return names;
}

describe('staff search routes (GET /api/tickets/list?q=)', () => {
  it.each(SEARCH_CASES)('%s', async (q, expected) => {
    expect(await search(q)).toEqual(expected);
    const counts = await app.request<TicketCounts>('GET', `/api/tickets/counts?q=${encodeURIComponent(q)}`, { token });
    expect(counts.status, counts.text).toBe(200);
    expect(counts.body.all).toBe(expected.length);
  });

  it('puts the exact ticket number first, before newer phone matches, across pages', async () => {
    // A phone ending in the digits of ticket 2's number, newer than ticket 2.
    app.clock.advance(1000);
    const late = await app.createTicket({ clientName: 'Late Lee', customerPhone: '555 000 0002', issue: 'The second monitor stays black' });
    try {
      expect(await search('000002')).toEqual(['Bob Brown', 'Late Lee']);
      expect(await search('000002', '&status=resolved')).toEqual([]);
    } finally {
      await app.db.execute(sql`delete from support_tickets where id = ${late.id}`);
    }
  });
});

describe("the substring fallback over site names (the site's tickets, only when the route finds none)", () => {
  it("a misspelt site name finds the tickets at that site, not its client's others; a word of another ticket wins", async () => {
    const GUS = 6;
    const admin = { token: seeded.adminToken };
    const site = await app.request<{ id: string }>('POST', `/api/clients/${seeded.clientIds.get('Northwind Traders')}/sites`, { ...admin, body: { name: 'Skylight House, 4444 Harbor Way' } });
    expect(site.status, site.text).toBe(201);
    const at = (siteId: string | null) => app.request('PATCH', `/api/tickets/${ids[GUS]}`, { ...admin, body: { siteId } });
    expect((await at(site.body.id)).status).toBe(200);
    const all = async (q: string) => (await app.request<TicketCounts>('GET', `/api/tickets/counts?q=${encodeURIComponent(q)}`, { token })).body.all;
    try {
      expect(await search('"skylight house"')).toEqual(['Gus Grant']); // its words
      // No word starts so: the fallback reads the site's name (Fay Ford, also Northwind's, has no site).
      expect(await search('kylight hous')).toEqual(['Gus Grant']);
      expect(await search('ARBOR WAY')).toEqual(['Gus Grant']);
      expect(await all('kylight hous')).toBe(1);
      // `light` is a word of Fay's issue: the route finds it, so Skylight's ticket is never searched by substring.
      expect(await search('light')).toEqual(['Fay Ford']);
      expect(await all('light')).toBe(1);
      // An exact route too: the tail of Fay's phone, also the site's street number.
      expect(await search('4444')).toEqual(['Fay Ford']);
      expect(await all('4444')).toBe(1);
      // Off the site, the ticket is no longer found by the site's name.
      expect((await at(null)).status).toBe(200);
      expect(await search('kylight hous')).toEqual([]);
    } finally {
      await at(null);
    }
  });
});

describe('search rows kept at write time', () => {
  it('finds a new comment and a changed e-mail or phone at once, and forgets the old ones', async () => {
    const res = await app.request('PATCH', `/api/tickets/${ids[1]}`, { token, body: { comment: 'Swapped the zyxel router' } });
    expect(res.status, res.text).toBe(200);
    expect(await search('zyxel')).toEqual(['Bob Brown']);
    const contact = await app.request('PATCH', `/api/tickets/${ids[1]}/contact`, { token, body: { customerEmail: 'robert@initech.io', customerPhone: '555 777 8888' } });
    expect(contact.status, contact.text).toBe(200);
    expect(await search('@initech.io')).toEqual(['Dan Dorsey', 'Bob Brown']);
    expect(await search('8888')).toEqual(['Bob Brown']);
    expect(await search('3333')).toEqual([]);
    expect(await search('bob@')).toEqual([]);
    expect(await search('zyxel')).toEqual(['Bob Brown']);
    // The resolution's words (the row trigger on UPDATE of the text columns).
    const resolved = await app.request('PATCH', `/api/tickets/${ids[1]}`, { token, body: { status: 'resolved', resolution: 'Reflashed the qnap firmware' } });
    expect(resolved.status, resolved.text).toBe(200);
    expect(await search('qnap firm')).toEqual(['Bob Brown']);
    expect(await search('"firmware reflashed"')).toEqual([]);
  });

  it('the start backfill writes the rows of older tickets in batches, the former search serving meanwhile', async () => {
    await app.db.execute(sql`delete from ticket_search`);
    let progress = 0;
    const running = backfillTicketSearch(app.db, { batch: 2, onProgress: (done) => (progress = done) });
    expect(searchIndexReady(app.db)).toBe(false);
    // Meanwhile: the substring search over number, names, e-mail, phone and issue.
    expect(await search('flickers')).toEqual(['Dan Dorsey']);
    expect(await running).toBe(SEARCH_CASE_TICKETS.length);
    expect(progress).toBe(SEARCH_CASE_TICKETS.length);
    expect(searchIndexReady(app.db)).toBe(true);
    expect(await search('paper')).toEqual(['Dan Dorsey', 'Cara Cole']);
    expect(await search('acme.com')).toEqual(['Ann Archer']);
    expect(await search('A-0042')).toEqual(['Fay Ford']);
    expect(await search('northwind')).toEqual(['Gus Grant', 'Fay Ford']);
    expect(await backfillTicketSearch(app.db)).toBe(0);
  });
});

describe('the SQL tokenizer (migration 0025 search_doc)', () => {
  it('splits and lower-cases exactly as searchWords does', async () => {
    const samples = [
      'HP-4050 won’t print — Müller’s café, jo.smith+x@Acme.com',
      'Tab\tnew\nline «quoted» ¿qué? 5×3÷2 a\u00a0b c\u2009d',
      `long ${'x'.repeat(100)} ${'y'.repeat(101)} end`,
      'ÉCOLE Ünïcode 🎉 emoji 日本語、テスト。 [brackets] {braces} back\\slash under_score',
    ];
    for (const text of samples) {
      const [row] = await rowsOf<{ words: string[] | string }>(app.db, sql`select array(select lexeme from unnest(search_doc(${text})) order by lexeme) as words`);
      const words = typeof row!.words === 'string' ? row!.words : row!.words;
      expect(words, text).toEqual([...new Set(searchWords(text))].sort(sqlOrder));
    }
  });
});

/** PostgreSQL's order of lexemes (byte order, as tsvector keeps them). */
function sqlOrder(a: string, b: string): number {
  const ea = Buffer.from(a);
  const eb = Buffer.from(b);
  return Buffer.compare(ea, eb);
}
