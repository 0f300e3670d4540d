/**
 * The keyset staff list (GET /api/tickets/list): paging, filters, search, bad filters, and the JSON
 * the database builds for it (the same as presentTicket's). Each describe has a database of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Ticket, TicketListPage } from '@portal/shared';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';
import { SEARCH_CANDIDATE_CAP } from './searchRepository';

describe('staff list (GET /api/tickets/list)', () => {
  let app: TestApp;
  let tech: TestUser & { token: string };
  let mate: TestUser & { token: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // A database of its own, so the expected pages are exact.
    app = await startTestApp();
    tech = await app.loginAs('technician');
    mate = await app.loginAs('technician');
    const specs = [
      { name: 'Alpha', business: 'Zenith Ltd', email: 'alpha@example.com', phone: '+1 555 0101', issue: 'Printer jam in room 4' },
      { name: 'Bravo', business: null, email: 'bravo@example.org', phone: '+1 555 0102', issue: 'VPN drops every hour' },
      { name: 'Charlie', business: 'Globex', email: 'charlie@example.com', phone: '+44 20 7946 0000', issue: 'Disk 100% full_now' },
      { name: 'Delta', business: 'Zenith Ltd', email: 'delta@example.com', phone: '+1 555 0104', issue: 'New laptop setup needed' },
      { name: 'Echo', business: 'Initech', email: 'echo@example.com', phone: '+1 555 0105', issue: 'E-mail not syncing on phone' },
    ];
    for (const sp of specs) {
      app.clock.advance(1000);
      const created = await app.createTicket({
        clientName: sp.name,
        businessName: sp.business ?? '',
        customerEmail: sp.email,
        customerPhone: sp.phone,
        issue: sp.issue,
      });
      ids[sp.name] = created.id;
    }
    const p = (id: string, body: object) => app.request('PATCH', `/api/tickets/${id}`, { token: tech.token, body });
    await p(ids.Alpha!, { assignedTo: tech.id, status: 'in_progress' });
    await p(ids.Bravo!, { assignedTo: mate.id });
    await p(ids.Charlie!, { status: 'closed' });
    await p(ids.Delta!, { assignedTo: tech.id, status: 'resolved' });
  });
  afterAll(() => app.close());

  const names = (pages: TicketListPage[]) => pages.flatMap((p) => p.items.map((x) => x.clientName));
  const list = async (query: string, token = tech.token) => {
    const pages: TicketListPage[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; text: string; body: TicketListPage } = await app.request<TicketListPage>(
        'GET',
        `/api/tickets/list?${query}${cursor ? `&cursor=${cursor}` : ''}`,
        { token },
      );
      expect(res.status, res.text).toBe(200);
      pages.push(res.body);
      cursor = res.body.nextCursor;
    } while (cursor);
    return pages;
  };

  it('pages newest first by limit with nextCursor and more', async () => {
    const pages = await list('limit=2');
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1]);
    expect(pages.map((p) => p.more)).toEqual([true, true, false]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(names(pages)).toEqual(['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']);
  });

  it('is stable under inserts: tickets created while paging never shift or repeat later pages', async () => {
    const first = (await app.request<TicketListPage>('GET', '/api/tickets/list?limit=2', { token: tech.token })).body;
    app.clock.advance(1000);
    const late = await app.createTicket({ clientName: 'Foxtrot' });
    const second = (await app.request<TicketListPage>('GET', `/api/tickets/list?limit=2&cursor=${first.nextCursor}`, { token: tech.token })).body;
    expect(second.items.map((x) => x.clientName)).toEqual(['Charlie', 'Bravo']);
    const fresh = await list('limit=10');
    expect(names(fresh)[0]).toBe('Foxtrot');
    // Same created_at for several tickets: the id breaks the tie, nothing lost or repeated.
    const sameTime = [];
    for (let i = 0; i < 5; i++) sameTime.push((await app.createTicket({ clientName: `Tie ${i}` })).id);
    const pages = await list('limit=3');
    const all = pages.flatMap((p) => p.items.map((x) => x.id));
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining([...sameTime, late.id, ...Object.values(ids)]));
    expect(all).toHaveLength(11);
  });

  it('filters by status (one or a comma list) and by assignee: mine, unassigned, a user id', async () => {
    expect(names(await list('status=closed'))).toEqual(['Charlie']);
    expect(names(await list('status=in_progress,resolved&limit=1'))).toEqual(['Delta', 'Alpha']);
    expect(names(await list('assignee=mine'))).toEqual(['Delta', 'Alpha']);
    expect(names(await list('assignee=mine', mate.token))).toEqual(['Bravo']);
    expect(names(await list(`assignee=${mate.id}`))).toEqual(['Bravo']);
    expect(names(await list('assignee=mine&status=resolved'))).toEqual(['Delta']);
    const unassigned = names(await list('assignee=unassigned'));
    expect(unassigned).toEqual(expect.arrayContaining(['Echo', 'Charlie']));
    expect(unassigned).not.toContain('Alpha');
  });

  it('searches number, client, business, e-mail, phone tail and issue words, case-insensitively (routes: search.test.ts)', async () => {
    const number = (await app.request<Ticket>('GET', `/api/tickets/${ids.Bravo}`, { token: tech.token })).body.ticketNumber;
    expect(names(await list(`q=${number.toLowerCase()}`))).toEqual(['Bravo']);
    expect(names(await list('q=charl'))).toEqual(['Charlie']);
    expect(names(await list('q=ZENITH'))).toEqual(['Delta', 'Alpha']);
    expect(names(await list('q=example.org'))).toEqual(['Bravo']);
    expect(names(await list(`q=${encodeURIComponent('7946 0000')}`))).toEqual(['Charlie']);
    expect(names(await list(`q=${encodeURIComponent('+44 20')}`))).toEqual([]);
    expect(names(await list('q=vpn%20drops'))).toEqual(['Bravo']);
    expect(names(await list('q=100%25'))).toEqual(['Charlie']);
    expect(names(await list('q=e_m'))).toEqual(['Echo']);
    expect(names(await list('q=full_now'))).toEqual(['Charlie']);
    expect(names(await list('q=zenith&status=resolved'))).toEqual(['Delta']);
    expect(names(await list('q=zenith&limit=1'))).toEqual(['Delta', 'Alpha']);
    expect(names(await list('q=nothing-like-this'))).toEqual([]);
  });

  it('filters by tag (ignoring case), keyset pages kept, with status and search, and counts the tabs alike', async () => {
    const admin = await app.loginAs('admin');
    const tag = (id: string, add: string[]) => app.request('PATCH', `/api/tickets/${id}`, { token: admin.token, body: { tagsAdd: add } });
    for (const n of ['Alpha', 'Charlie', 'Delta']) await tag(ids[n]!, ['Onsite']);
    await tag(ids.Echo!, ['Remote']);
    const pages = await list('tag=onsite&limit=1');
    expect(pages.map((p) => p.items.length)).toEqual([1, 1, 1]);
    expect(names(pages)).toEqual(['Delta', 'Charlie', 'Alpha']);
    expect(pages[0]!.items[0]!.tags).toEqual(['Onsite']);
    expect(names(await list('tag=Onsite&status=closed'))).toEqual(['Charlie']);
    expect(names(await list('tag=ONSITE&q=zenith'))).toEqual(['Delta', 'Alpha']);
    expect(names(await list('tag=Remote'))).toEqual(['Echo']);
    expect(names(await list('tag=nobody-uses-this'))).toEqual([]);
    const counts = await app.request<Record<string, number>>('GET', '/api/tickets/counts?tag=onsite', { token: tech.token });
    expect(counts.body).toMatchObject({ all: 3, closed: 1, resolved: 1, in_progress: 1, open: 0 });
  });

  it('refuses bad filters with 400', async () => {
    for (const q of ['status=done', 'assignee=someone', 'limit=201', 'limit=0', 'cursor=abc', `q=${'x'.repeat(101)}`, `tag=${'x'.repeat(41)}`]) {
      const res = await app.request('GET', `/api/tickets/list?${q}`, { token: tech.token });
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
  });
});

describe('the staff list JSON the database builds', () => {
  it('gives every ticket exactly as presentTicket does (GET /api/tickets/:ref), escapes and microseconds included', async () => {
    const a = await startTestApp();
    try {
      const tech = await a.loginAs('technician');
      const plain = await a.createTicket({ clientName: 'Plain', businessName: '' });
      a.clock.advance(1000);
      const odd = await a.createTicket({
        clientName: 'Zoë "Quote" O\'Brien \\ back',
        businessName: 'Ünïcode & <Tags> 🎉',
        issue: 'Line one\nline two\ttabbed — “curly” and \\ and "quotes" and emoji 🖨️',
      });
      await a.request('PATCH', `/api/tickets/${odd.id}`, { token: tech.token, body: { assignedTo: tech.id, status: 'resolved', resolution: 'Fixed "it"\nfor good' } });
      // A checklist on `plain` (docs/recurring-tickets.md): the list carries its count, the single read its items.
      const first = await a.request<{ id: string }>('POST', `/api/tickets/${plain.id}/checklist`, { token: tech.token, body: { text: 'Check backups' } });
      await a.request('POST', `/api/tickets/${plain.id}/checklist`, { token: tech.token, body: { text: 'Patch server', required: true } });
      await a.request('PATCH', `/api/tickets/${plain.id}/checklist/${first.body.id}`, { token: tech.token, body: { done: true } });
      // Tags (docs/tags.md) are small: single reads AND list pages carry them, equal (sorted the same way).
      await a.request('PATCH', `/api/tickets/${plain.id}`, { token: (await a.loginAs('admin')).token, body: { tagsAdd: ['vpn', 'Printer', 'b-Side'] } });
      // Times with microseconds (rows written by SQL, like the benchmark's): JS Dates keep milliseconds.
      await a.db.execute(sql`update support_tickets set updated_at = '2026-01-02 03:04:05.678999+00', created_at = created_at + interval '0.000999 seconds' where id = ${plain.id}`);
      const page = await a.request<TicketListPage>('GET', '/api/tickets/list?limit=50', { token: tech.token });
      expect(page.status, page.text).toBe(200);
      expect(page.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(page.body.items.map((i) => i.id)).toEqual([odd.id, plain.id]);
      for (const item of page.body.items) {
        const one = await a.request<Ticket>('GET', `/api/tickets/${item.id}`, { token: tech.token });
        // The single-ticket read adds the ticket's attachments (docs/attachments.md), assets (docs/assets.md)
        // and checklist (docs/recurring-tickets.md); the list pages do not. The list pages carry only the
        // checklist's count, `checklistProgress` (cards: "1/2"), null without items. Both carry `tags`.
        const { attachments, assetIds, checklist, ...fields } = one.body as Ticket & { attachments: unknown[]; assetIds: string[]; checklist: { done: boolean }[] };
        expect({ attachments, assetIds }).toEqual({ attachments: [], assetIds: [] });
        const { checklistProgress, ...listFields } = item;
        expect(checklistProgress).toEqual(checklist.length ? { done: checklist.filter((c) => c.done).length, total: checklist.length } : null);
        expect(checklist.length).toBe(item.id === plain.id ? 2 : 0);
        expect(listFields.tags).toEqual(item.id === plain.id ? ['b-Side', 'Printer', 'vpn'] : []);
        expect(listFields).toStrictEqual(fields);
        expect(Object.keys(listFields)).toEqual(Object.keys(fields));
      }
      expect(page.body.items[1]!.updatedAt).toBe('2026-01-02T03:04:05.678Z');
      expect(page.body).toMatchObject({ nextCursor: null, more: false });
      const empty = await a.request<TicketListPage>('GET', '/api/tickets/list?q=nothing-matches-this', { token: tech.token });
      expect(empty.body).toEqual({ items: [], nextCursor: null, more: false });
    } finally {
      await a.close();
    }
  });
});

describe('searches with few and with many matches (searchRepository searchIdsCtes)', () => {
  let app: TestApp;
  let token: string;
  // More matches of 'bulk' than a search gathers before it counts as common.
  const total = SEARCH_CANDIDATE_CAP + 150;

  beforeAll(async () => {
    app = await startTestApp();
    token = (await app.loginAs('technician')).token;
    // Written by SQL, a minute apart, oldest first: 'Oldcorp' are the 60 oldest, every 7th is closed.
    await app.db.execute(sql`
      insert into support_tickets (ticket_number, client_name, business_name, customer_email, customer_phone,
        severity, contact_method, issue, status, version, created_at, updated_at)
      select 'TKT-' || lpad(g::text, 6, '0'), 'Bulk ' || g, case when g <= 60 then 'Oldcorp' end,
        'bulk' || g || '@example.com', '+1 555 0100', 'medium', 'email', 'The bulk printer jams.',
        case when g % 7 = 0 then 'closed' else 'open' end, 1,
        timestamptz '2026-01-01' + g * interval '1 minute', timestamptz '2026-01-01' + g * interval '1 minute'
      from generate_series(1, ${total}) g`);
  });
  afterAll(() => app.close());

  /** Every page of `query` (limit 50), followed by its cursor: the client numbers in order. */
  const numbers = async (query: string) => {
    const found: number[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; text: string; body: TicketListPage } = await app.request<TicketListPage>(
        'GET',
        `/api/tickets/list?limit=50&${query}${cursor ? `&cursor=${cursor}` : ''}`,
        { token },
      );
      expect(res.status, res.text).toBe(200);
      found.push(...res.body.items.map((t) => Number(t.clientName.replace('Bulk ', ''))));
      cursor = res.body.nextCursor;
    } while (cursor);
    return found;
  };
  const newestFirst = (keep: (g: number) => boolean) => Array.from({ length: total }, (_, i) => total - i).filter(keep);

  it('a term matching more tickets than the cap: every one, newest first, page after page', async () => {
    expect(await numbers('q=bulk')).toEqual(newestFirst(() => true));
    expect(await numbers('q=bulk&status=closed')).toEqual(newestFirst((g) => g % 7 === 0));
  });

  it('a rare term whose tickets are the oldest: all of them, newest first', async () => {
    expect(await numbers('q=oldcorp')).toEqual(newestFirst((g) => g <= 60));
    expect(await numbers('q=oldcorp&status=open')).toEqual(newestFirst((g) => g <= 60 && g % 7 !== 0));
    expect(await numbers(`q=${encodeURIComponent('Bulk 2049')}`)).toEqual([2049]);
  });
});
