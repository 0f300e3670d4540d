/**
 * Paged pulls and the phone's working set: the engine keeps asking while a page says
 * `more`, saving the cursor after each page (an interrupted pass resumes there); the ticket
 * collections page with `limit` and `recentDays`; cached tickets outside the working set are
 * pruned (never one with unsent updates, nor one the technician opened); a cursor older than the
 * window restarts from `since=0` and drops what the new download no longer returns.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ticketEditDefaults, type Ticket } from '@portal/shared';
import { displayTicket, enqueueTicketUpdate, keepOpenedTicket, SYNC_PAGE_SIZE, WORKING_SET_DAYS } from '../features/tickets/offline';
import { NetworkError, type Transport } from '../lib/http';
import { registerOfflineFeatures } from '../offline-registry';
import { registerCollection, type PagedSyncCollection } from './core';
import { META, ModelServer, OTHER_ID, TECH_ID, freshDb, getMeta, pullAll } from './model-server.testkit';

beforeAll(registerOfflineFeatures);

const DAY = 86_400_000;

/** A model server with `n` tickets and a transport that records URLs and can fail after `failAfter` GETs. */
function setup(n: number) {
  const server = new ModelServer();
  const tickets = Array.from({ length: n }, () => server.createTicket());
  const { db } = freshDb();
  const urls: string[] = [];
  let failAfter = Infinity;
  const transport: Transport = (req) => {
    if (urls.length >= failAfter) return Promise.reject(new NetworkError());
    urls.push(req.url);
    return server.transport(TECH_ID)(req);
  };
  return { server, tickets, db, urls, transport, failAt: (k: number) => void (failAfter = k) };
}

const ticketPages = (urls: string[]) => urls.filter((u) => u.startsWith('/api/tickets?'));

describe('paged pull (engine)', () => {
  it('keeps pulling while a page says more, saving the cursor after each page', async () => {
    const { db, transport } = setup(0);
    const seen: (string | null)[] = [];
    const saved: (string | undefined)[] = [];
    const paged: PagedSyncCollection = {
      name: 'numbers',
      async pull(since, ctx) {
        saved.push(await getMeta<string>(ctx.db, META.cursor('numbers')));
        seen.push(since);
        const next = Number(since ?? 0) + 1;
        return { cursor: String(next), more: next < 3 };
      },
      clear: async () => {},
    };
    const remove = registerCollection(paged);
    try {
      expect((await pullAll({ db, transport })).error).toBeNull();
      expect(seen).toEqual([null, '1', '2']);
      expect(saved).toEqual([undefined, '1', '2']);
      expect(await getMeta(db, META.cursor('numbers'))).toBe('3');
    } finally {
      remove();
    }
  });

  it('stops when a page says more but the cursor did not move', async () => {
    const { db, transport } = setup(0);
    let calls = 0;
    const remove = registerCollection({ name: 'stuck', pull: async () => (calls++, { cursor: '7', more: true }), clear: async () => {} });
    try {
      await pullAll({ db, transport });
      expect(calls).toBe(2); // null -> '7', then '7' -> '7': no progress, the pass ends
    } finally {
      remove();
    }
  });

  it('a prefetched page is asked before the current one is stored and answers the next get once', async () => {
    const { db, urls, transport } = setup(0);
    const log: string[] = [];
    const logged: Transport = (req) => (log.push(`GET ${req.url}`), transport(req));
    const paged: PagedSyncCollection = {
      name: 'prefetching',
      async pull(since, ctx) {
        const from = Number(since ?? 0);
        await ctx.get(`/api/technicians?page=${from}`);
        if (from < 2) ctx.prefetch?.(`/api/technicians?page=${from + 1}`);
        log.push(`store ${from}`);
        return { cursor: String(from + 1), more: from < 2 };
      },
      clear: async () => {},
    };
    const remove = registerCollection(paged);
    try {
      expect((await pullAll({ db, transport: logged })).error).toBeNull();
      const own = log.filter((l) => l.includes('page=') || l.startsWith('store'));
      expect(own).toEqual(['GET /api/technicians?page=0', 'GET /api/technicians?page=1', 'store 0', 'GET /api/technicians?page=2', 'store 1', 'store 2']);
      expect(urls.filter((u) => u.includes('page=')).length).toBe(3); // each page asked once
    } finally {
      remove();
    }
  });
});

describe('ticket collections', () => {
  it(`download ${SYNC_PAGE_SIZE + 20} tickets in pages of ${SYNC_PAGE_SIZE} with the working-set window`, async () => {
    const { db, urls, transport } = setup(SYNC_PAGE_SIZE + 20);
    expect((await pullAll({ db, transport })).error).toBeNull();
    const pages = ticketPages(urls);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toBe(`/api/tickets?since=0&limit=${SYNC_PAGE_SIZE}&recentDays=${WORKING_SET_DAYS}`);
    expect(await db.tickets.count()).toBe(SYNC_PAGE_SIZE + 20);
    expect(urls.filter((u) => u.startsWith('/api/ticket-updates?'))).toHaveLength(2);
    expect(await db.ticketUpdates.count()).toBe(SYNC_PAGE_SIZE + 20);
  });

  it('resumes an interrupted first sync from the last saved page', async () => {
    const { db, urls, transport, failAt } = setup(SYNC_PAGE_SIZE + 5);
    failAt(1); // the first page arrives, then the connection drops
    expect((await pullAll({ db, transport })).error).toBeInstanceOf(NetworkError);
    expect(await db.tickets.count()).toBe(SYNC_PAGE_SIZE);
    const cursor = await getMeta<string>(db, META.cursor('tickets'));
    failAt(Infinity);
    urls.length = 0;
    expect((await pullAll({ db, transport })).error).toBeNull();
    expect(ticketPages(urls)[0]).toContain(`since=${cursor}&`);
    expect(await db.tickets.count()).toBe(SYNC_PAGE_SIZE + 5);
  });

  it('prunes closed tickets older than the window, keeping unsent updates and opened tickets', async () => {
    const { server, tickets, db, transport } = setup(4);
    const [oldClosed, withEdit, opened, stillOpen] = tickets;
    for (const t of [oldClosed, withEdit, opened]) server.patch(t.id, { status: 'closed' }, OTHER_ID, null);
    void stillOpen;
    const at = Date.parse(server.tickets.get(oldClosed.id)!.updatedAt);
    await pullAll({ db, transport, now: () => new Date(at) });
    expect(await db.tickets.count()).toBe(4);

    await pullAll({ db, transport, now: () => new Date(at + 20 * DAY) }); // synced regularly: no restart
    // 40 days later another ticket changes: the three closed ones fell out of the server's window.
    const later = new Date(at + 40 * DAY);
    (server as unknown as { clock: number }).clock = later.getTime();
    server.patch(stillOpen.id, { comment: 'still on it' }, OTHER_ID, null);
    const shown = displayTicket((await db.tickets.get(withEdit.id))!, []);
    await enqueueTicketUpdate(db, { shown, values: { ...ticketEditDefaults(shown), comment: 'not sent yet' }, user: { id: TECH_ID, username: 'tech' } });
    await keepOpenedTicket(db, { id: opened.id }, later);

    await pullAll({ db, transport, now: () => later });
    const left = (await db.tickets.toArray()).map((t: Ticket) => t.id).sort();
    expect(left).toEqual([withEdit.id, opened.id, stillOpen.id].sort());
    expect(await db.ticketUpdates.where('ticketId').equals(oldClosed.id).count()).toBe(0);
  });

  it('restarts from since=0 after more than the window without a sync and drops what the server no longer returns', async () => {
    const { server, tickets, db, urls, transport } = setup(2);
    const start = Date.parse(tickets[1].updatedAt);
    await pullAll({ db, transport, now: () => new Date(start) });
    // Gone from the feed (e.g. closed long ago, outside the window): the model forgets it.
    server.tickets.delete(tickets[0].id);
    urls.length = 0;
    await pullAll({ db, transport, now: () => new Date(start + WORKING_SET_DAYS * DAY) });
    expect(ticketPages(urls)[0]).toContain('since=0&');
    expect((await db.tickets.toArray()).map((t) => t.id)).toEqual([tickets[1].id]);
    expect(await db.records.where('collection').equals('tickets.seen').count()).toBe(0);
  });
});
