/**
 * The `ticket.checklistTick` kind (issue 52; docs/recurring-tickets.md): each tick queued offline is
 * its own item in the ticket's stream, sent with its Idempotency-Key and the time it was ticked,
 * applied once through a failed attempt and a lost answer, before the ticket's later update (a
 * Resolve) is sent; the server merges one item's ticks by time (shared mergeChecklistTick). Until
 * sent, the ticket shows the ticks (pending); a PATCH answer never drops the cached checklist.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mergeChecklistTick, ticketEditDefaults, type ChecklistItem } from '@portal/shared';
import { registerOfflineFeature } from '../../../offline/core';
import { ModelServer, NetworkError, TECH_ID, drainOutbox, freshDb, pullAll, type Transport } from '../../../offline/model-server.testkit';
import { displayTicket, enqueueChecklistTick, enqueueTicketUpdate, readDisplayedTicket, storeServerTicket, ticketsOffline } from '.';

beforeAll(() => void registerOfflineFeature(ticketsOffline));

const tech = { id: TECH_ID, username: 'tech' };
const item = (id: string, text: string, required = false): ChecklistItem => ({ id: `00000000-0000-4000-9000-00000000000${id}`, text, required, done: false, doneBy: null, doneAt: null });

/** Checklist items on a model server: ticks by Idempotency-Key (once), merged by time. */
class ChecklistServer {
  items = new Map<string, ChecklistItem & { changedAt: Date }>();
  applied = new Map<string, number>();
  log: string[] = [];
  constructor(
    list: ChecklistItem[],
    private readonly now: Date,
  ) {
    for (const i of list) this.items.set(i.id, { ...i, changedAt: new Date(0) });
  }
  handle(req: Parameters<Transport>[0]) {
    const itemId = req.url.split('/').pop()!;
    const key = req.headers?.['Idempotency-Key'] ?? '';
    const body = req.body as { done: boolean; at: string };
    const it = this.items.get(itemId)!;
    if (!this.applied.has(key)) {
      this.applied.set(key, 1);
      this.log.push(`tick ${it.text} ${body.done}`);
      const merge = mergeChecklistTick(it, body, this.now);
      if (merge.apply) Object.assign(it, { done: body.done, changedAt: merge.at, doneBy: body.done ? 'tech' : null, doneAt: body.done ? merge.at.toISOString() : null });
    }
    const { changedAt: _c, ...shown } = it;
    return { status: 200, retryAfterMs: null, body: shown };
  }
}

describe('ticket.checklistTick', () => {
  it('lands each tick once, in the ticket stream before a later Resolve, and stores who ticked', async () => {
    const server = new ModelServer();
    const ticket = server.createTicket();
    const { db } = freshDb();
    await pullAll({ db, transport: server.transport(TECH_ID) });
    const list = [item('1', 'Check backups', true), item('2', 'Patch server', true), item('3', 'Clean fans')];
    await db.tickets.update(ticket.id, { checklist: list });
    const checklist = new ChecklistServer(list, new Date('2030-01-01T00:00:00Z'));

    // Offline: tick two items, then resolve.
    await enqueueChecklistTick(db, ticket, list[0]!, true, tech, new Date('2024-03-05T15:00:00Z'));
    await enqueueChecklistTick(db, ticket, list[1]!, true, tech, new Date('2024-03-05T15:01:00Z'));
    const shown = (await readDisplayedTicket(db, ticket.id))!;
    expect(shown.checklist!.map((i) => [i.done, (i as { pending?: boolean }).pending])).toEqual([[true, true], [true, true], [false, undefined]]);
    expect(shown.sync.pending).toBe(2);
    await enqueueTicketUpdate(db, { shown, values: { ...ticketEditDefaults(shown), status: 'resolved', resolution: 'Done' }, user: tech });

    let attempts = 0;
    const order: string[] = [];
    const transport: Transport = async (req) => {
      attempts++;
      if (attempts === 1) throw new NetworkError(); // no signal
      if (req.url.includes('/checklist/')) {
        const answer = checklistServerAnswer(checklist, req, order);
        if (attempts === 3) throw new NetworkError(); // applied, answer lost
        return answer;
      }
      order.push('resolve');
      return server.transport(TECH_ID)(req);
    };
    for (let i = 0; i < 4; i++) await drainOutbox({ db, transport, userId: TECH_ID, force: true });

    expect(await db.outbox.count()).toBe(0);
    expect(checklist.log).toEqual(['tick Check backups true', 'tick Patch server true']); // once each
    expect(order.indexOf('resolve')).toBe(order.length - 1); // the ticks first
    const cached = (await db.tickets.get(ticket.id))!;
    expect(cached.status).toBe('resolved');
    // The PATCH answer carries no checklist: the cached one stays, with the server's who and when.
    expect(cached.checklist!.map((i) => [i.text, i.done, i.doneBy])).toEqual([
      ['Check backups', true, 'tech'],
      ['Patch server', true, 'tech'],
      ['Clean fans', false, null],
    ]);
    expect(cached.checklist![0]!.doneAt).toBe('2024-03-05T15:00:00.000Z');
  });

  it('shows the later of a tick and an untick of one item, and keeps a cached checklist when a ticket without one is stored', async () => {
    const server = new ModelServer();
    const ticket = server.createTicket();
    const { db } = freshDb();
    await pullAll({ db, transport: server.transport(TECH_ID) });
    const list = [item('1', 'Check backups')];
    await db.tickets.update(ticket.id, { checklist: list });
    await enqueueChecklistTick(db, ticket, list[0]!, true, tech, new Date('2024-03-05T15:00:00Z'));
    await enqueueChecklistTick(db, ticket, list[0]!, false, tech, new Date('2024-03-05T15:02:00Z'));
    const shown = displayTicket((await db.tickets.get(ticket.id))!, await db.outbox.toArray());
    expect(shown.checklist![0]).toMatchObject({ done: false, doneBy: null, pending: true });
    const { checklist: _drop, ...bare } = (await db.tickets.get(ticket.id))!;
    await storeServerTicket(db, { ...bare, version: bare.version + 1 });
    expect((await db.tickets.get(ticket.id))!.checklist).toEqual(list);
  });
});

function checklistServerAnswer(server: ChecklistServer, req: Parameters<Transport>[0], order: string[]) {
  order.push('tick');
  expect(req.method).toBe('PATCH');
  expect(req.body).toMatchObject({ done: true, at: expect.stringMatching(/^2024-03-05T15:0[01]:00.000Z$/) });
  return server.handle(req);
}

describe('mergeChecklistTick (the server and the phone)', () => {
  const now = new Date('2024-03-05T16:00:00Z');
  it('applies a change not older than the last one, whatever order they arrive in', () => {
    const item = { changedAt: new Date('2024-03-05T15:01:00Z') };
    expect(mergeChecklistTick(item, { at: '2024-03-05T15:00:00Z' }, now).apply).toBe(false); // older: done stays
    expect(mergeChecklistTick(item, { at: '2024-03-05T15:01:00Z' }, now).apply).toBe(true);
    expect(mergeChecklistTick(item, { at: '2024-03-05T15:02:00Z' }, now)).toEqual({ apply: true, at: new Date('2024-03-05T15:02:00Z') });
  });
  it("counts a phone clock ahead of the server as the server's now, and no `at` as now", () => {
    const item = { changedAt: new Date('2024-03-05T15:00:00Z') };
    expect(mergeChecklistTick(item, { at: '2031-01-01T00:00:00Z' }, now).at).toEqual(now);
    expect(mergeChecklistTick(item, {}, now)).toEqual({ apply: true, at: now });
  });
});
