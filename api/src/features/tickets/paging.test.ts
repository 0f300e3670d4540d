/**
 * Paged delta sync (limit, cursor, more, recentDays), the status-tab counts, one ticket by id or
 * number, and the bounded legacy list. The keyset staff list is in staffList.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG, formatTicketNumber } from '@portal/shared';
import type { DeltaPage, Ticket, TicketCounts, TicketListPage, TicketUpdateEntry } from '@portal/shared';
import { startTestApp, type TestApp, type TestUser } from '../../test/app';
import { rebuildTicketCounts } from './port';

let t: TestApp;
let staff: TestUser & { token: string };
let other: TestUser & { token: string };

beforeAll(async () => {
  t = await startTestApp();
  staff = await t.loginAs('technician');
  other = await t.loginAs('technician');
});
afterAll(() => t.close());

const get = <T>(path: string, token = staff.token) => t.request<T>('GET', path, { token });
const patch = (id: string, body: object, token = staff.token) => t.request('PATCH', `/api/tickets/${id}`, { token, body });

/** Follows a delta feed from `since` until `more` is false; returns every page. */
async function drainFeed<T>(path: string, since: string, limit: number): Promise<DeltaPage<T>[]> {
  const pages: DeltaPage<T>[] = [];
  let cursor = since;
  for (let i = 0; i < 1000; i++) {
    const res = await get<DeltaPage<T>>(`${path}${path.includes('?') ? '&' : '?'}since=${cursor}&limit=${limit}`);
    expect(res.status, res.text).toBe(200);
    pages.push(res.body);
    cursor = res.body.cursor;
    if (!res.body.more) return pages;
  }
  throw new Error('feed never ended');
}

describe('delta sync pages (GET /api/tickets?since=, /api/ticket-updates?since=)', () => {
  it('pages by limit with a more flag, every change exactly once, new changes after the cursor', async () => {
    const start = (await get<DeltaPage<Ticket>>('/api/tickets?since=0&limit=1000')).body.cursor;
    const created = [];
    for (let i = 0; i < 7; i++) created.push(await t.createTicket({ clientName: `Feed ${i}` }));
    const first = await get<DeltaPage<Ticket>>(`/api/tickets?since=${start}&limit=3`);
    expect(first.body.items.map((x) => x.clientName)).toEqual(['Feed 0', 'Feed 1', 'Feed 2']);
    expect(first.body.more).toBe(true);

    // A change made while the client pages: the updated ticket comes again, later in the feed.
    await patch(created[0]!.id, { status: 'in_progress' });
    const rest = await drainFeed<Ticket>('/api/tickets', first.body.cursor, 3);
    const names = rest.flatMap((p) => p.items.map((x) => `${x.clientName}:${x.status}`));
    expect(names).toEqual(['Feed 3:open', 'Feed 4:open', 'Feed 5:open', 'Feed 6:open', 'Feed 0:in_progress']);
    expect(rest.at(-1)!.more).toBe(false);
    expect(rest.slice(0, -1).every((p) => p.more)).toBe(true);

    // The work-history feed pages the same way: 7 'created' rows and one status change.
    const history = await drainFeed<TicketUpdateEntry>('/api/ticket-updates', start, 2);
    const rows = history.flatMap((p) => p.items);
    expect(rows.map((r) => r.updateType)).toEqual([...Array(7).fill('created'), 'status_change']);
    expect(new Set(rows.map((r) => r.id)).size).toBe(8);
    expect(history.slice(0, -1).every((p) => p.items.length === 2 && p.more)).toBe(true);
  });

  it('keeps the old shape: no limit -> at most 500 rows, more false when everything fitted', async () => {
    const res = await get<DeltaPage<Ticket>>('/api/tickets?since=0');
    expect(res.body).toEqual({ items: expect.any(Array), cursor: expect.any(String), more: false });
  });

  it('refuses a limit outside 1..1000 and a bad recentDays', async () => {
    for (const q of ['limit=0', 'limit=1001', 'limit=x', 'recentDays=0', 'recentDays=1.5']) {
      const res = await get<{ code: string }>(`/api/tickets?since=0&${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    expect((await get('/api/ticket-updates?since=0&limit=1001')).status).toBe(400);
  });

  it('recentDays: tickets not closed plus tickets changed in the window, with their history', async () => {
    // A database of its own: the clock moves back here, and the window starts at the first
    // sync_seq changed in it (sequence order is commit order, which follows real time).
    const app = await startTestApp();
    try {
      const tech = await app.loginAs('technician');
      const feed = async <T>(path: string, limit: number) => {
        const items: T[] = [];
        let cursor = '0';
        for (;;) {
          const res = await app.request<DeltaPage<T>>('GET', `${path}&since=${cursor}&limit=${limit}`, { token: tech.token });
          expect(res.status, res.text).toBe(200);
          items.push(...res.body.items);
          cursor = res.body.cursor;
          if (!res.body.more) return items;
        }
      };
      const p = (id: string, body: object) => app.request('PATCH', `/api/tickets/${id}`, { token: tech.token, body });
      const now = app.clock.current;
      app.clock.current = new Date(now.getTime() - 60 * 86_400_000);
      const oldClosed = await app.createTicket({ clientName: 'Old closed' });
      await p(oldClosed.id, { status: 'closed', comment: 'done long ago' });
      const oldOpen = await app.createTicket({ clientName: 'Old open' });
      await p(oldOpen.id, { comment: 'still waiting' });
      app.clock.current = new Date(now.getTime() - 5 * 86_400_000);
      const recentClosed = await app.createTicket({ clientName: 'Recent closed' });
      await p(recentClosed.id, { status: 'closed' });
      app.clock.current = now;
      const fresh = await app.createTicket({ clientName: 'Fresh' });

      const names = (await feed<Ticket>('/api/tickets?recentDays=30', 1)).map((x) => x.clientName);
      expect(names).toEqual(['Old open', 'Recent closed', 'Fresh']);
      const all = (await feed<Ticket>('/api/tickets?recentDays=3650', 100)).map((x) => x.clientName);
      expect(all).toEqual(['Old closed', 'Old open', 'Recent closed', 'Fresh']);

      const history = await feed<TicketUpdateEntry>('/api/ticket-updates?recentDays=30', 2);
      expect(new Set(history.map((h) => h.ticketId))).toEqual(new Set([oldOpen.id, recentClosed.id, fresh.id]));
      expect(history.filter((h) => h.ticketId === oldOpen.id).map((h) => h.updateType)).toEqual(['created', 'comment']);
      expect(history.filter((h) => h.ticketId === recentClosed.id).map((h) => h.updateType)).toEqual(['created', 'status_change']);
    } finally {
      await app.close();
    }
  });
});

describe('status-tab counts (GET /api/tickets/counts)', () => {
  /** Counts computed from every ticket of the delta feed, to compare with the endpoint. */
  async function expected(filter: (x: Ticket) => boolean): Promise<TicketCounts> {
    const all = (await get<DeltaPage<Ticket>>('/api/tickets?since=0&limit=1000')).body.items.filter(filter);
    const counts: TicketCounts = { all: all.length, open: 0, in_progress: 0, resolved: 0, closed: 0 };
    for (const x of all) counts[x.status] += 1;
    return counts;
  }

  it('follows creates, status changes, assignment and user deletion; assignee filters; rebuilt the same', async () => {
    const a = await t.createTicket();
    const b = await t.createTicket();
    await patch(a.id, { status: 'resolved', assignedTo: staff.id });
    await patch(b.id, { assignedTo: other.id, status: 'in_progress' });
    expect((await get<TicketCounts>('/api/tickets/counts')).body).toEqual(await expected(() => true));
    expect((await get<TicketCounts>('/api/tickets/counts?assignee=mine')).body).toEqual(await expected((x) => x.assignedTo === staff.id));
    expect((await get<TicketCounts>('/api/tickets/counts?assignee=unassigned')).body).toEqual(await expected((x) => x.assignedTo === null));
    expect((await get<TicketCounts>(`/api/tickets/counts?assignee=${other.id}`)).body).toEqual(await expected((x) => x.assignedTo === other.id));

    // Deleting a technician unassigns their tickets: their counts move to unassigned.
    const admin = await t.loginAs('admin');
    const gone = await t.loginAs('technician');
    const c = await t.createTicket();
    await patch(c.id, { assignedTo: gone.id, status: 'in_progress' });
    expect((await t.request('DELETE', `/api/users/${gone.id}`, { token: admin.token })).status).toBe(204);
    expect((await get<TicketCounts>(`/api/tickets/counts?assignee=${gone.id}`)).body.all).toBe(0);
    const maintained = (await get<TicketCounts>('/api/tickets/counts')).body;
    expect((await get<TicketCounts>('/api/tickets/counts?assignee=unassigned')).body).toEqual(await expected((x) => x.assignedTo === null));

    await rebuildTicketCounts(t.db);
    expect((await get<TicketCounts>('/api/tickets/counts')).body).toEqual(maintained);
  });

  it('counts a search (q) like the list finds it, with the assignee filter', async () => {
    const tag = `Countq${Date.now()}`;
    const x = await t.createTicket({ clientName: `${tag} One` });
    const y = await t.createTicket({ clientName: `${tag} Two` });
    await t.createTicket({ clientName: 'Someone else' });
    await patch(x.id, { status: 'resolved', assignedTo: staff.id });
    expect((await get<TicketCounts>(`/api/tickets/counts?q=${tag.toLowerCase()}`)).body).toEqual({ all: 2, open: 1, in_progress: 0, resolved: 1, closed: 0 });
    expect((await get<TicketCounts>(`/api/tickets/counts?q=${tag}&assignee=mine`)).body).toEqual({ all: 1, open: 0, in_progress: 0, resolved: 1, closed: 0 });
    const listed = (await get<TicketListPage>(`/api/tickets/list?q=${tag}&status=open`)).body.items.map((i) => i.id);
    expect(listed).toEqual([y.id]);
    expect((await get<TicketCounts>(`/api/tickets/counts?q=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('refuses a bad assignee', async () => {
    expect((await get('/api/tickets/counts?assignee=x')).status).toBe(400);
  });
});

describe('ticket numbers from the one-statement create', () => {
  it('formats like formatTicketNumber past six digits', async () => {
    const app = await startTestApp();
    try {
      await app.db.execute(sql`insert into ticket_sequence (id, last_number) values ('TICKET_SEQ', 999998)`);
      const numbers = [(await app.createTicket()).ticketNumber, (await app.createTicket()).ticketNumber];
      expect(numbers).toEqual([formatTicketNumber(999_999), formatTicketNumber(1_000_000)]);
      expect(numbers[1]).toBe('TKT-1000000');
    } finally {
      await app.close();
    }
  });
});

describe('one ticket (GET /api/tickets/:ref) and the removed unpaged list', () => {
  it('finds a ticket by id and by number in any case; unknown -> 404 with SPEC.md text', async () => {
    const created = await t.createTicket({ clientName: 'By ref' });
    const byId = await get<Ticket>(`/api/tickets/${created.id}`);
    expect(byId.body).toMatchObject({ id: created.id, clientName: 'By ref' });
    const byNumber = await get<Ticket>(`/api/tickets/${created.ticketNumber.toLowerCase()}`);
    expect(byNumber.body.id).toBe(created.id);
    expect((await get('/api/tickets/TKT-999999')).status).toBe(404);
    expect((await get('/api/tickets/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('/api/tickets/whatever')).status).toBe(404);
  });

  it('answers the unpaged list with 410 gone, pointing to the paged one', async () => {
    const res = await get<{ code: string; message: string }>('/api/tickets?limit=2');
    expect(res.status).toBe(410);
    expect(res.body).toEqual({ code: 'gone', message: MSG.ticketListGone });
    expect(res.headers.get('link')).toContain('/api/tickets/list');
  });
});
