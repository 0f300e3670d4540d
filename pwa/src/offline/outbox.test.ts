/**
 * The outbox state machine (DESIGN.md 5):
 * enqueue, pending, sending, done, retry with backoff, concurrency and restart recovery, against
 * the model API. FIFO per ticket, conflicts and failures: outbox.fifo.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ticketEditDefaults } from '@portal/shared';
import { displayTicket, enqueueTicketUpdate, type TicketUpdateItem } from '../features/tickets/offline';
import type { Transport } from '../lib/http';
import { registerOfflineFeatures } from '../offline-registry';
import { ModelServer, TECH_ID, drainOutbox, freshDb } from './model-server.testkit';
import { edit, items, seed, setup, tech } from './outbox.testkit';

beforeAll(registerOfflineFeatures); // the ticket kinds, as the page and the service worker register them

describe('enqueue (DESIGN.md 5)', () => {
  it('stores only the changed fields, the seen base version and a UUID key, and shows the edit at once', async () => {
    const { db, made } = setup(1);
    await seed(db, made);
    const seq = await edit(db, made[0].id, { status: 'in_progress', comment: '  On site  ' });
    const [item] = (await items(db)) as TicketUpdateItem[];
    expect(item).toMatchObject({ seq, state: 'pending', attempts: 0, payload: { patch: { status: 'in_progress', comment: 'On site', baseVersion: 1 }, seen: { status: 'open' } } });
    expect(item.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const shown = displayTicket((await db.tickets.get(made[0].id))!, [item]);
    expect(shown).toMatchObject({ status: 'in_progress', version: 1, sync: { pending: 1, conflict: 0, failed: 0 } });
    expect((await db.tickets.get(made[0].id))!.status).toBe('open'); // server state untouched
  });

  it("writes nothing when nothing changed ('No Changes')", async () => {
    const { db, made } = setup(1);
    await seed(db, made);
    const result = await enqueueTicketUpdate(db, { shown: { ...made[0] }, values: ticketEditDefaults(made[0]), user: tech });
    expect(result).toEqual({ status: 'no-changes' });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('drain: pending -> sending -> done', () => {
  it('applies each update once, stores the server ticket and history, and empties the outbox', async () => {
    const { db, made, server, drain, requests } = setup(1);
    await seed(db, made);
    await edit(db, made[0].id, { status: 'in_progress', comment: 'first' });
    const report = await drain();
    expect(report).toMatchObject({ stoppedBy: null, remaining: 0, sent: [{ kind: 'ticket.update', label: made[0].ticketNumber }] });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.tickets.get(made[0].id)).toMatchObject({ status: 'in_progress', version: 2 });
    expect((await db.ticketUpdates.where('ticketId').equals(made[0].id).toArray()).map((u) => u.updateType).sort()).toEqual(['comment', 'status_change']);
    expect(requests).toHaveLength(1);
    expect([...server.appliedCount.values()]).toEqual([1]);
  });

  it("writes the sent comment into the ticket's search row (offline search finds it)", async () => {
    const { db, made, drain } = setup(1);
    await seed(db, made);
    await edit(db, made[0].id, { comment: 'Replaced the zyxel switch' });
    await drain();
    expect((await db.ticketSearch.get(made[0].id))?.words).toEqual(expect.arrayContaining(['replaced', 'zyxel', 'switch']));
    expect(await db.ticketSearch.where('words').equals('zyxel').primaryKeys()).toEqual([made[0].id]);
  });

  it('keeps the item and its key on a network error, stops the pass, and resends with the same key', async () => {
    const { db, made, drain, requests, setFault, server } = setup(2);
    await seed(db, made);
    await edit(db, made[0].id, { status: 'closed' });
    await edit(db, made[1].id, { status: 'closed' });
    setFault(() => 'lost'); // applied on the server, answer lost
    const first = await drain({ concurrency: 1 });
    expect(first).toMatchObject({ stoppedBy: 'network', remaining: 2 });
    expect(requests).toHaveLength(1); // the pass stopped at the first network failure
    expect((await items(db))[0]).toMatchObject({ state: 'pending', attempts: 1, lastError: 'Network error' });
    setFault(null);
    const second = await drain();
    expect(second.sent).toHaveLength(2);
    expect(requests[1].key).toBe(requests[0].key);
    expect([...server.appliedCount.values()]).toEqual([1, 1]); // the replay changed nothing
    expect(server.history.filter((h) => h.updateType === 'status_change')).toHaveLength(2);
  });

  it('sends different tickets at the same time (at most `concurrency`), each ticket strictly in order', async () => {
    const { db, made, server } = setup(5);
    await seed(db, made);
    for (let round = 0; round < 3; round++) for (const t of made) await edit(db, t.id, { comment: `${t.ticketNumber} #${round}` });
    let inFlight = 0;
    let maxInFlight = 0;
    const busy = new Set<string>();
    const overlapsOfOneTicket: string[] = [];
    const transport: Transport = async (req) => {
      const id = req.url.split('/').pop()!;
      if (busy.has(id)) overlapsOfOneTicket.push(id);
      busy.add(id);
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      // Hold each request until 3 are in flight (or, for the last streams, a while).
      for (let waited = 0; inFlight < 3 && waited < 500; waited += 5) await new Promise((r) => setTimeout(r, 5));
      const answer = server.handle(structuredClone(req), TECH_ID);
      busy.delete(id);
      inFlight -= 1;
      return answer;
    };
    const report = await drainOutbox({ db, transport, userId: TECH_ID, concurrency: 3 });
    expect(report).toMatchObject({ stoppedBy: null, remaining: 0 });
    expect(report.sent).toHaveLength(15);
    expect(maxInFlight).toBe(3);
    expect(overlapsOfOneTicket).toEqual([]);
    for (const t of made) {
      const comments = server.history.filter((h) => h.ticketId === t.id && h.comment).map((h) => h.comment);
      expect(comments).toEqual([0, 1, 2].map((r) => `${t.ticketNumber} #${r}`));
    }
    expect([...server.appliedCount.values()].every((n) => n === 1)).toBe(true);
  });

  it('settles answers that arrive together in one transaction, which also claims each stream\'s next item', async () => {
    const server = new ModelServer();
    const made = [server.createTicket(), server.createTicket(), server.createTicket()];
    const { db } = freshDb();
    let writes = 0; // read-write transactions, as IndexedDB sees them
    db.use({
      stack: 'dbcore',
      name: 'count-writes',
      create: (down) => ({
        ...down,
        transaction: (stores, mode, options) => {
          if (mode === 'readwrite') writes += 1;
          return down.transaction(stores, mode, options);
        },
      }),
    });
    await seed(db, made);
    for (const t of made) {
      await edit(db, t.id, { comment: `${t.ticketNumber} one` });
      await edit(db, t.id, { comment: `${t.ticketNumber} two` });
    }
    // Requests come in two waves of three (the heads, then the second items); each wave is
    // answered all at once.
    const waves = [0, 1].map(() => {
      let open!: () => void;
      return { n: 0, gate: new Promise<void>((r) => (open = r)), open: () => open() };
    });
    let requestsSeen = 0;
    const transport: Transport = async (req) => {
      const wave = waves[Math.floor(requestsSeen++ / 3)];
      if (++wave.n === 3) wave.open();
      await wave.gate;
      return server.handle(structuredClone(req), TECH_ID);
    };
    writes = 0;
    const report = await drainOutbox({ db, transport, userId: TECH_ID, concurrency: 3 });
    expect(report).toMatchObject({ stoppedBy: null, remaining: 0 });
    expect(report.sent).toHaveLength(6);
    // 1 recovery + 3 claims of the heads + one per wave: the heads' answers together (each also
    // claiming its ticket's second item), then the second items' answers together.
    expect(writes).toBe(1 + 3 + 2);
    for (const t of made) {
      expect(server.history.filter((h) => h.ticketId === t.id && h.comment).map((h) => h.comment)).toEqual([`${t.ticketNumber} one`, `${t.ticketNumber} two`]);
    }
  });

  it('starts no new item after a network failure; the items already in flight settle', async () => {
    const { db, made, drain, requests, setFault, server } = setup(4);
    await seed(db, made);
    for (const t of made) {
      await edit(db, t.id, { comment: `${t.ticketNumber} first` });
      await edit(db, t.id, { comment: `${t.ticketNumber} second` });
    }
    setFault((n) => (n === 1 ? 'network' : 'ok'));
    const first = await drain({ concurrency: 2 });
    expect(first.stoppedBy).toBe('network');
    expect(requests.length).toBeLessThanOrEqual(2); // only the two heads started together
    expect(first.sent.length).toBe(requests.length - 1);
    expect(first.remaining).toBe(8 - first.sent.length);
    // Items claimed ahead but never sent are pending again with no attempt counted (so they may
    // still be re-based like any never-sent item).
    const unsent = (await items(db)).filter((i) => !requests.some((r) => r.key === i.key));
    expect(unsent.length).toBeGreaterThan(0);
    expect(unsent.every((i) => i.state === 'pending' && i.attempts === 0)).toBe(true);
    setFault(null);
    const second = await drain({ concurrency: 2 });
    expect(second).toMatchObject({ stoppedBy: null, remaining: 0 });
    expect(requests.filter((r) => r.key === requests[0].key)).toHaveLength(2); // the failed head was resent with its key
    for (const t of made) {
      expect(server.history.filter((h) => h.ticketId === t.id && h.comment).map((h) => h.comment)).toEqual([`${t.ticketNumber} first`, `${t.ticketNumber} second`]);
    }
  });

  it('backs off after 5xx and 429 (Retry-After), and a forced drain ignores the delay', async () => {
    const { db, made, drain, requests, setFault } = setup(1);
    await seed(db, made);
    await edit(db, made[0].id, { status: 'closed' });
    setFault(() => ({ status: 503, body: { message: 'Down', code: 'internal' }, retryAfterMs: null }));
    const now = 1_000_000;
    expect(await drain({ now: () => now, random: () => 0 })).toMatchObject({ stoppedBy: 'server', remaining: 1 });
    expect((await items(db))[0]).toMatchObject({ state: 'pending', nextAttemptAt: now + 2000, lastError: '503: Down' });
    setFault(() => ({ status: 429, body: { message: 'Slow down', code: 'rate_limited' }, retryAfterMs: 60_000 }));
    await drain({ now: () => now + 2000 });
    expect((await items(db))[0]).toMatchObject({ nextAttemptAt: now + 62_000, attempts: 2 });
    await drain({ now: () => now + 3000 });
    expect(requests).toHaveLength(2); // not due yet: not sent
    setFault(null);
    expect((await drain({ now: () => now + 3000, force: true })).sent).toHaveLength(1);
  });

  it('words an answer without the error body as a sentence, not a bare status (a proxy page, an empty 404)', async () => {
    const { db, made, drain, setFault } = setup(1);
    await seed(db, made);
    await edit(db, made[0].id, { status: 'closed' });
    setFault(() => ({ status: 502, body: '<html>Bad gateway</html>', retryAfterMs: null }));
    await drain({ now: () => 0, random: () => 0 });
    expect((await items(db))[0]).toMatchObject({ state: 'pending', lastError: '502: The server could not take the change; it will be sent again.' });
    setFault(() => ({ status: 404, body: '', retryAfterMs: null }));
    await drain({ force: true });
    expect((await items(db))[0]).toMatchObject({ state: 'failed', error: { status: 404, message: 'The server refused this change (HTTP 404).' } });
  });

  it('puts an item left in sending by a killed app back to pending after a restart, applied once', async () => {
    const { db, made, reopen, server, transport } = setup(1);
    await seed(db, made);
    const seq = await edit(db, made[0].id, { resolution: 'Replaced fuser' });
    const item = (await db.outbox.get(seq))!;
    await db.outbox.update(seq, { state: 'sending' });
    await transport({ method: 'PATCH', url: `/api/tickets/${made[0].id}`, body: (item as TicketUpdateItem).payload.patch, headers: { 'Idempotency-Key': item.key } });
    db.close();
    const restarted = reopen();
    expect((await restarted.outbox.get(seq))!.state).toBe('sending');
    const report = await drainOutbox({ db: restarted, transport, userId: TECH_ID });
    expect(report.sent).toHaveLength(1);
    expect(server.appliedCount.get(item.key)).toBe(1);
    expect(server.history.filter((h) => h.updateType === 'resolution')).toHaveLength(1);
  });
});
