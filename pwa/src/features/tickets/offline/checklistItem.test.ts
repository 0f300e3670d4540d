/**
 * The `ticket.checklistItem` kind (issue 52 item 1; docs/recurring-tickets.md): an item added
 * offline gets its id on the device, shows at once (pending), a tick of it queued right after is
 * sent after the add in the ticket's stream, and the add lands once through a lost answer (the
 * server answers an id it already has with that item); an edit of text and Required is its own item.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChecklistItem } from '@portal/shared';
import { registerOfflineFeature } from '../../../offline/core';
import { ModelServer, NetworkError, TECH_ID, drainOutbox, freshDb, pullAll, type Transport } from '../../../offline/model-server.testkit';
import { enqueueChecklistAdd, enqueueChecklistEdit, enqueueChecklistTick, readDisplayedTicket, ticketsOffline } from '.';

beforeAll(() => void registerOfflineFeature(ticketsOffline));

const tech = { id: TECH_ID, username: 'tech' };

/** A ticket's checklist on a model server: POST adds by id (once), PATCH edits or ticks; each applied once per Idempotency-Key. */
class ItemServer {
  items: ChecklistItem[] = [];
  log: string[] = [];
  keys = new Set<string>();
  handle(req: Parameters<Transport>[0]) {
    const key = req.headers?.['Idempotency-Key'] ?? '';
    const body = req.body as Partial<ChecklistItem>;
    const fresh = !this.keys.has(key);
    this.keys.add(key);
    if (req.method === 'POST') {
      let item = this.items.find((i) => i.id === body.id);
      if (!item) {
        item = { id: body.id!, text: body.text!, required: body.required!, done: false, doneBy: null, doneAt: null };
        this.items.push(item);
        this.log.push(`add ${item.text}`);
      }
      return { status: 201, retryAfterMs: null, body: item };
    }
    const item = this.items.find((i) => i.id === req.url.split('/').pop());
    if (!item) return { status: 404, retryAfterMs: null, body: { message: 'Checklist item not found' } };
    if (fresh) {
      if (body.done !== undefined) Object.assign(item, { done: body.done, doneBy: 'tech', doneAt: '2024-03-05T15:00:00.000Z' });
      if (body.text !== undefined) Object.assign(item, { text: body.text, required: body.required });
      this.log.push(body.done !== undefined ? `tick ${item.text}` : `edit ${item.text} ${item.required}`);
    }
    return { status: 200, retryAfterMs: null, body: item };
  }
}

describe('ticket.checklistItem', () => {
  it('adds an item offline with its id made on the device, ticks it at once, and lands the add once before the tick', async () => {
    const server = new ModelServer();
    const ticket = server.createTicket();
    const { db } = freshDb();
    await pullAll({ db, transport: server.transport(TECH_ID) });

    const itemId = await enqueueChecklistAdd(db, ticket, { text: ' Replace toner ', required: true }, tech);
    expect(itemId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    let shown = (await readDisplayedTicket(db, ticket.id))!;
    expect(shown.checklist).toEqual([{ id: itemId, text: 'Replace toner', required: true, done: false, doneBy: null, doneAt: null, pending: true }]);
    await enqueueChecklistTick(db, ticket, { id: itemId, text: 'Replace toner' }, true, tech);
    shown = (await readDisplayedTicket(db, ticket.id))!;
    expect(shown.checklist![0]).toMatchObject({ done: true, doneBy: 'tech', pending: true });
    expect(shown.sync.pending).toBe(2);

    const items = new ItemServer();
    const sent: string[] = [];
    let attempts = 0;
    const transport: Transport = async (req) => {
      attempts++;
      sent.push(`${req.method} ${req.url.replace(ticket.id, 'T').replace(itemId, 'I')}`);
      const answer = items.handle(req);
      if (attempts === 1) throw new NetworkError(); // the add applied, its answer lost
      return answer;
    };
    for (let i = 0; i < 3; i++) await drainOutbox({ db, transport, userId: TECH_ID, force: true });

    expect(await db.outbox.count()).toBe(0);
    expect(sent).toEqual(['POST /api/tickets/T/checklist', 'POST /api/tickets/T/checklist', 'PATCH /api/tickets/T/checklist/I']);
    expect(items.log).toEqual(['add Replace toner', 'tick Replace toner']); // once each, the add first
    const cached = (await db.tickets.get(ticket.id))!;
    expect(cached.checklist).toEqual([{ id: itemId, text: 'Replace toner', required: true, done: true, doneBy: 'tech', doneAt: '2024-03-05T15:00:00.000Z' }]);
  });

  it("edits an item's text and Required as its own queued item, shown at once; an edit of an item no longer there is ignored on screen", async () => {
    const server = new ModelServer();
    const ticket = server.createTicket();
    const { db } = freshDb();
    await pullAll({ db, transport: server.transport(TECH_ID) });
    const existing: ChecklistItem = { id: '00000000-0000-4000-9000-000000000001', text: 'Check UPS', required: false, done: true, doneBy: 'sam', doneAt: '2024-03-05T14:00:00.000Z' };
    await db.tickets.update(ticket.id, { checklist: [existing] });
    await enqueueChecklistEdit(db, ticket, existing, { text: 'Check UPS battery', required: true }, tech);
    await enqueueChecklistEdit(db, ticket, { id: '00000000-0000-4000-9000-000000000009', text: 'Gone' }, { text: 'Gone too', required: false }, tech);
    const shown = (await readDisplayedTicket(db, ticket.id))!;
    expect(shown.checklist).toEqual([{ ...existing, text: 'Check UPS battery', required: true, pending: true }]); // the tick by sam stays

    const items = new ItemServer();
    items.items.push({ ...existing });
    const bodies: unknown[] = [];
    const transport: Transport = async (req) => (bodies.push(req.body), items.handle(req));
    await drainOutbox({ db, transport, userId: TECH_ID, force: true });
    expect(bodies[0]).toEqual({ text: 'Check UPS battery', required: true }); // no `done`: an edit never unticks
    expect(items.log).toEqual(['edit Check UPS battery true']);
    expect((await db.tickets.get(ticket.id))!.checklist![0]).toMatchObject({ text: 'Check UPS battery', required: true, done: true, doneBy: 'sam' });
    expect((await db.outbox.toArray()).map((i) => [i.state, i.error?.message])).toEqual([['failed', 'Checklist item not found']]);
  });
});
