/**
 * The `ticket.merge` kind (issue 57 point 2, docs/merge.md "PWA"): a merge queued offline goes in the
 * source's stream after its queued updates, shows the source closed as merged until sent, lands once
 * through a lost answer, is re-based when only this device's own status change happened since, and a
 * refusal stays 'failed' with the server's message (never dropped).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MERGE_MSG, ticketEditDefaults, type TicketMergeInput } from '@portal/shared';
import { registerOfflineFeature } from '../../../offline/core';
import { ModelServer, NetworkError, TECH_ID, drainOutbox, freshDb, pullAll, type Transport } from '../../../offline/model-server.testkit';
import { enqueueTicketMerge, enqueueTicketUpdate, readDisplayedTicket, readTicketMerges, readWorkHistory, ticketsOffline } from '.';

beforeAll(() => void registerOfflineFeature(ticketsOffline));

const tech = { id: TECH_ID, username: 'tech' };

/** The API's merge rules (api/src/features/tickets/merge.ts) over a ModelServer; other requests go to it. */
class MergeServer {
  applied = new Map<string, number>();
  log: string[] = [];
  private answers = new Map<string, { status: number; body: unknown }>();
  constructor(readonly model: ModelServer) {}

  transport(): Transport {
    const inner = this.model.transport(TECH_ID);
    return async (req) => {
      const m = /^\/api\/tickets\/([^/]+)\/merge$/.exec(req.url);
      if (!m) {
        if (req.method === 'PATCH') this.log.push(`patch ${JSON.stringify(req.body)}`);
        return inner(req);
      }
      const key = req.headers?.['Idempotency-Key'] ?? '';
      const stored = this.answers.get(key);
      if (stored) return { ...stored, retryAfterMs: null };
      const answer = this.merge(decodeURIComponent(m[1]!), req.body as TicketMergeInput);
      if (answer.status === 200) {
        this.answers.set(key, answer);
        this.applied.set(key, (this.applied.get(key) ?? 0) + 1);
      }
      return { ...answer, retryAfterMs: null };
    };
  }

  private merge(sourceId: string, input: TicketMergeInput): { status: number; body: unknown } {
    const { tickets, history } = this.model;
    const source = tickets.get(sourceId)!;
    const target = tickets.get(input.intoTicketId)!;
    const refuse = (message: string) => ({ status: 409, body: { message, code: 'conflict', source: strip(source), target: strip(target) } });
    const statusChangedSince = (id: string, base: number | undefined) => base !== undefined && history.some((h) => h.ticketId === id && h.version > base && h.updateType === 'status_change');
    for (const [t, base] of [[source, input.baseVersion], [target, input.intoBaseVersion]] as const) {
      if (t.mergedInto) return refuse(MERGE_MSG.merged(t.ticketNumber, t.mergedInto.ticketNumber));
      if (t.status === 'closed') return refuse(MERGE_MSG.closed(t.ticketNumber));
      if (statusChangedSince(t.id, base)) return refuse(MERGE_MSG.changed(t.ticketNumber));
    }
    this.log.push(`merge ${source.ticketNumber} into ${target.ticketNumber}`);
    for (const h of history) if (h.ticketId === source.id && h.updateType !== 'created') Object.assign(h, { ticketId: target.id, syncSeq: h.syncSeq + 1000 });
    const at = '2024-03-05T15:00:00.000Z';
    Object.assign(source, { status: 'closed', mergedInto: { id: target.id, ticketNumber: target.ticketNumber }, version: source.version + 1, updatedAt: at, syncSeq: 5000 });
    Object.assign(target, { version: target.version + 1, updatedAt: at, syncSeq: 5001 });
    const moved = { updates: 0, attachments: 0, timeEntries: 0 };
    return { status: 200, body: { source: strip(source), target: strip(target), moved } };
  }
}

function strip<T extends { syncSeq: number }>(t: T) {
  const { syncSeq: _s, ...rest } = t;
  return structuredClone(rest);
}

async function setUp() {
  const model = new ModelServer();
  const source = model.createTicket();
  const target = model.createTicket();
  const { db } = freshDb();
  await pullAll({ db, transport: model.transport(TECH_ID) });
  return { model, server: new MergeServer(model), source, target, db };
}

describe('ticket.merge', () => {
  it("lands once after the source's queued note, shows the source merged until then and moves its history", async () => {
    const { server, source, target, db } = await setUp();
    const shown = (await readDisplayedTicket(db, source.id))!;
    await enqueueTicketUpdate(db, { shown, values: { ...ticketEditDefaults(shown), comment: 'Called the customer' }, user: tech });
    await enqueueTicketMerge(db, (await readDisplayedTicket(db, source.id))!, (await readDisplayedTicket(db, target.id))!, tech);

    const queued = (await readDisplayedTicket(db, source.id))!;
    expect(queued).toMatchObject({ status: 'closed', mergedInto: { id: target.id, ticketNumber: target.ticketNumber } });
    expect(queued.sync.pending).toBe(2);

    let calls = 0;
    const merge = server.transport();
    const transport: Transport = async (req) => {
      calls++;
      if (calls === 1) throw new NetworkError(); // no signal
      const answer = await merge(req);
      if (req.url.endsWith('/merge') && calls === 3) throw new NetworkError(); // applied, answer lost
      return answer;
    };
    for (let i = 0; i < 4; i++) await drainOutbox({ db, transport, userId: TECH_ID, force: true });

    expect(await db.outbox.count()).toBe(0);
    expect(server.log).toEqual([expect.stringContaining('Called the customer'), `merge ${source.ticketNumber} into ${target.ticketNumber}`]);
    expect([...server.applied.values()]).toEqual([1]); // one merge, although sent twice
    expect(await db.tickets.get(source.id)).toMatchObject({ status: 'closed', mergedInto: { ticketNumber: target.ticketNumber } });
    // The source's note now reads on the target, as on the server; the source keeps its 'created' entry.
    expect((await readWorkHistory(db, target.id)).map((u) => u.comment)).toContain('Called the customer');
    expect((await readWorkHistory(db, source.id)).map((u) => u.updateType)).toEqual(['created']);
  });

  it("is re-based when only this device's own status change came before it", async () => {
    const { server, source, target, db } = await setUp();
    const shown = (await readDisplayedTicket(db, source.id))!;
    await enqueueTicketUpdate(db, { shown, values: { ...ticketEditDefaults(shown), status: 'in_progress' }, user: tech });
    const merging = (await readDisplayedTicket(db, source.id))!;
    await enqueueTicketMerge(db, merging, (await readDisplayedTicket(db, target.id))!, tech);
    expect((await db.outbox.toArray()).at(-1)!.payload).toMatchObject({ baseVersion: 1, seen: { status: 'in_progress', intoStatus: 'open' } });

    await drainOutbox({ db, transport: server.transport(), userId: TECH_ID, force: true });
    expect(await db.outbox.count()).toBe(0);
    expect(server.applied.size).toBe(1);
    expect(await db.tickets.get(source.id)).toMatchObject({ status: 'closed', version: 3 });
  });

  it("keeps a refusal failed with the server's message, and the source shown as it is", async () => {
    const { model, server, source, target, db } = await setUp();
    await enqueueTicketMerge(db, (await readDisplayedTicket(db, source.id))!, (await readDisplayedTicket(db, target.id))!, tech);
    model.patch(target.id, { status: 'closed' }, TECH_ID, null); // someone closed the target meanwhile

    await drainOutbox({ db, transport: server.transport(), userId: TECH_ID, force: true });
    const [item] = await readTicketMerges(db, source.id);
    expect(item).toMatchObject({ state: 'failed', error: { status: 409, message: MERGE_MSG.closed(target.ticketNumber) } });
    expect(server.applied.size).toBe(0);
    const shown = (await readDisplayedTicket(db, source.id))!;
    expect(shown).toMatchObject({ status: 'open', sync: { failed: 1 } });
    expect(shown.mergedInto ?? null).toBeNull();
    expect(await db.tickets.get(target.id)).toMatchObject({ status: 'closed' }); // the 409's ticket is stored
  });
});
