/**
 * Pull side (DESIGN.md 4 / 5): delta cursors, no regression of a newer local ticket, the
 * collection registry (a later feature plugs in its own data), and the sign-out rule (cached data
 * cleared for a new owner, the outbox kept).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ticketEditDefaults } from '@portal/shared';
import { SYNC_PAGE_SIZE, WORKING_SET_DAYS, displayTicket, enqueueTicketUpdate } from '../features/tickets/offline';
import type { Transport } from '../lib/http';
import { registerOfflineFeatures } from '../offline-registry';
import { clearRecords, registerCollection, replaceRecords } from './core';
import { META, ModelServer, OTHER_ID, TECH_ID, freshDb, getMeta, pullAll, setCacheOwner } from './model-server.testkit';

beforeAll(registerOfflineFeatures); // the ticket collections, as the page registers them

function setup() {
  const server = new ModelServer();
  const [a, b] = [server.createTicket(), server.createTicket()];
  const { db } = freshDb();
  const urls: string[] = [];
  const transport: Transport = (req) => {
    urls.push(req.url);
    return server.transport(TECH_ID)(req);
  };
  return { server, a, b, db, urls, transport };
}

describe('pullAll', () => {
  it('fetches everything once, then only what changed after the cursor', async () => {
    const { server, a, db, urls, transport } = setup();
    expect((await pullAll({ db, transport })).error).toBeNull();
    expect(await db.tickets.count()).toBe(2);
    expect(await db.ticketUpdates.count()).toBe(2);
    expect(await db.technicians.count()).toBe(2);
    expect(await getMeta<string>(db, META.lastSync)).toMatch(/^\d{4}-/);
    const cursor = await getMeta<string>(db, META.cursor('tickets'));

    server.patch(a.id, { status: 'closed', comment: 'done' }, OTHER_ID, null);
    urls.length = 0;
    await pullAll({ db, transport });
    expect(urls).toContain(`/api/tickets?since=${cursor}&limit=${SYNC_PAGE_SIZE}&recentDays=${WORKING_SET_DAYS}`);
    expect(await db.tickets.get(a.id)).toMatchObject({ status: 'closed', version: 2 });
    expect(await db.ticketUpdates.count()).toBe(4);
  });

  it('never replaces a newer local ticket with an older one, and keeps pending edits visible', async () => {
    const { a, db, transport } = setup();
    await pullAll({ db, transport });
    await db.tickets.put({ ...a, status: 'resolved', version: 5 }); // e.g. a PATCH answer newer than the feed
    await db.meta.delete(META.cursor('tickets'));
    await pullAll({ db, transport });
    expect(await db.tickets.get(a.id)).toMatchObject({ status: 'resolved', version: 5 });

    const shown = displayTicket((await db.tickets.get(a.id))!, []);
    await enqueueTicketUpdate(db, { shown, values: { ...ticketEditDefaults(shown), status: 'closed' }, user: null });
    await pullAll({ db, transport });
    expect(displayTicket((await db.tickets.get(a.id))!, await db.outbox.toArray()).status).toBe('closed');
  });

  it('pulls a collection a later feature registers, into the generic records table', async () => {
    const { db, transport } = setup();
    const remove = registerCollection({
      name: 'vault-index',
      async pull(_since, ctx) {
        const techs = await ctx.get<{ id: string; username: string }[]>('/api/technicians');
        await replaceRecords(db, 'vault-index', techs.map((t) => ({ id: t.id, data: { name: t.username } })));
        return null;
      },
      clear: (d) => clearRecords(d, 'vault-index'),
    });
    try {
      await pullAll({ db, transport });
      expect((await db.records.where('collection').equals('vault-index').toArray()).map((r) => r.data)).toEqual([{ name: 'tech' }, { name: 'other' }]);
    } finally {
      remove();
    }
  });
});

describe('setCacheOwner (sign-out rule)', () => {
  it('clears cached data and cursors when the user changes, and never touches the outbox', async () => {
    const { a, db, transport } = setup();
    expect(await setCacheOwner(db, TECH_ID)).toBe(true);
    await pullAll({ db, transport });
    const shown = displayTicket(a, []);
    await enqueueTicketUpdate(db, { shown, values: { ...ticketEditDefaults(shown), comment: 'keep me' }, user: { id: TECH_ID, username: 'tech' } });
    expect(await setCacheOwner(db, TECH_ID)).toBe(false); // same user: nothing cleared
    expect(await db.tickets.count()).toBe(2);

    expect(await setCacheOwner(db, null)).toBe(true); // signed out
    expect(await db.tickets.count()).toBe(0);
    expect(await db.ticketUpdates.count()).toBe(0);
    expect(await db.technicians.count()).toBe(0);
    expect(await getMeta(db, META.cursor('tickets'))).toBeUndefined();
    expect(await getMeta(db, META.lastSync)).toBeUndefined();
    expect(await db.outbox.count()).toBe(1);
  });
});
