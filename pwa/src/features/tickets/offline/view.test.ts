/**
 * The displayed tickets ("nothing per change is O(all tickets)"): unsent updates are
 * grouped by ticket in one pass and applied in FIFO order; a ticket without unsent updates keeps
 * the same display object while only the outbox changes; the order is newest first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ticketEditDefaults } from '@portal/shared';
import { registerOfflineFeature } from '../../../offline/core';
import { ModelServer, TECH_ID, freshDb, pullAll } from '../../../offline/model-server.testkit';
import { displayTicket, displayTickets, enqueueTicketUpdate, groupUnsentByTicket, readCachedTickets, readDisplayedTickets, ticketsOffline } from '.';

beforeAll(() => void registerOfflineFeature(ticketsOffline));

describe('displayed tickets', () => {
  it('groups unsent updates once, applies them in order and keeps untouched tickets identical', async () => {
    const server = new ModelServer();
    const [a, b] = [server.createTicket(), server.createTicket()];
    const { db } = freshDb();
    await pullAll({ db, transport: server.transport(TECH_ID) });
    const user = { id: TECH_ID, username: 'tech' };
    const shownA = displayTicket((await db.tickets.get(a.id))!, []);
    await enqueueTicketUpdate(db, { shown: shownA, values: { ...ticketEditDefaults(shownA), status: 'in_progress' }, user });
    const afterFirst = displayTicket((await db.tickets.get(a.id))!, await db.outbox.toArray());
    await enqueueTicketUpdate(db, { shown: afterFirst, values: { ...ticketEditDefaults(afterFirst), status: 'resolved' }, user });

    const items = await db.outbox.toArray();
    const groups = groupUnsentByTicket(items);
    expect([...groups.keys()]).toEqual([a.id]);
    expect(groups.get(a.id)!.map((i) => i.seq)).toEqual(items.map((i) => i.seq).sort((x, y) => x - y));

    const tickets = await readCachedTickets(db);
    expect(tickets.map((t) => t.ticketNumber)).toEqual([b.ticketNumber, a.ticketNumber]); // newest first
    const first = displayTickets(tickets, groups);
    const again = displayTickets(tickets, groupUnsentByTicket([])); // the outbox changed, the tickets did not
    expect(first.find((t) => t.id === a.id)).toMatchObject({ status: 'resolved', sync: { pending: 2, conflict: 0, failed: 0 } });
    expect(again.find((t) => t.id === a.id)).toMatchObject({ status: 'open', sync: { pending: 0 } });
    expect(again.find((t) => t.id === b.id)).toBe(first.find((t) => t.id === b.id)); // same object
    expect((await readDisplayedTickets(db)).map((t) => [t.ticketNumber, t.status])).toEqual([
      [b.ticketNumber, 'open'],
      [a.ticketNumber, 'resolved'],
    ]);
  });
});
