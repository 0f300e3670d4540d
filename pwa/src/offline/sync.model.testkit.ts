/**
 * Test kit of the model-based test of outbox + sync + server (sync.model.test.ts, whose doc
 * lists the properties): the model, the real side (generic outbox, drain and pull with the ticket
 * feature's kinds on fake IndexedDB against ModelServer), the faulty network, the fast-check
 * commands and {@link runScenario}, which runs commands, lets everything settle and checks the
 * properties. Tests anywhere in pwa/src may import it; never bundled.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { UNASSIGNED, ticketEditDefaults, type TicketMergeField, type TicketStatus } from '@portal/shared';
import { displayTicket, enqueueTicketUpdate, isTicketUpdate, resolveConflict, type TicketUpdateItem } from '../features/tickets/offline';
import { NetworkError, type HttpResponse, type Transport } from '../lib/http';
import { discard as discardOutboxItem, type OfflineDb } from './core';
import { ModelServer, OTHER_ID, TECH_ID, drainOutbox, freshDb, memoryLock, pullAll, unsentItems, type ModelRequest } from './model-server.testkit';

const BAD_ID = '00000000-0000-4000-8000-00000000dead';
const STATUSES: TicketStatus[] = ['open', 'in_progress', 'resolved', 'closed'];
const ASSIGNEES = [null, TECH_ID, OTHER_ID, BAD_ID];
const RESOLUTIONS = ['Rebooted', 'Replaced part', 'Reinstalled'];
type Fault = 'ok' | 'offline' | 'lost' | 'dup' | 'delay' | '503';

/** What the test remembers to check the properties. */
interface Model {
  comments: Map<string, { key: string; ticketId: string }>;
  discardedKeys: Set<string>;
  otherWrites: Set<string>; // `${ticketId}:${field}`
  tainted: Set<string>; // tickets with other writes, failures or discards
  lastIntended: Map<string, Partial<Record<TicketMergeField, string | null>>>;
  conflictsSeen: { ticketId: string; field: TicketMergeField; ok: boolean }[];
  nextComment: number;
}

interface Real {
  server: ModelServer;
  db: OfflineDb;
  reopen(): OfflineDb;
  ticketIds: string[];
  held: ModelRequest[];
  lock: ReturnType<typeof memoryLock>;
}

/** Lets `ticks` turns of the event loop pass (other streams' requests and IndexedDB work interleave). */
async function ticks(n: number) {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
}

/**
 * A network with `faults` (per request, in order) where the i-th request reaches the server after
 * `delays[i]` event-loop turns, so concurrent streams arrive in changing interleavings.
 */
function faultyTransport(r: Real, faults: Fault[], delays: number[] = []): Transport {
  let n = 0;
  return async (req) => {
    const i = n++;
    const fault = faults[i] ?? 'ok';
    const copy = structuredClone(req) as ModelRequest;
    await ticks(delays[i] ?? 0);
    if (fault === 'offline') throw new NetworkError();
    if (fault === '503') return { status: 503, body: { message: 'Unavailable', code: 'internal' }, retryAfterMs: 0 } satisfies HttpResponse;
    if (fault === 'delay') {
      r.held.push(copy);
      throw new NetworkError();
    }
    const answer = r.server.handle(copy, TECH_ID);
    if (fault === 'dup') r.server.handle(structuredClone(copy), TECH_ID);
    if (fault === 'lost') throw new NetworkError();
    return answer;
  };
}

async function drain(m: Model, r: Real, faults: Fault[], concurrency = 4, delays: number[] = []) {
  const report = await drainOutbox({ db: r.db, transport: faultyTransport(r, faults, delays), userId: TECH_ID, lock: r.lock, force: true, concurrency });
  for (const item of report.conflicts.filter(isTicketUpdate)) {
    const { ticket, fields } = item.conflict!;
    for (const field of fields) {
      const differs = ticket[field] !== item.payload.seen[field] && ticket[field] !== item.payload.patch[field];
      m.conflictsSeen.push({ ticketId: item.entityId!, field, ok: differs });
    }
  }
  for (const item of report.failed) if (isTicketUpdate(item)) m.tainted.add(item.entityId!);
}

export class EditCmd implements fc.AsyncCommand<Model, Real> {
  constructor(readonly t: number, readonly change: { status?: TicketStatus; assignedTo?: string | null; resolution?: string; comment: boolean }) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const id = r.ticketIds[this.t % r.ticketIds.length];
    const shown = displayTicket((await r.db.tickets.get(id))!, await r.db.outbox.toArray());
    const values = ticketEditDefaults(shown);
    if (this.change.status) values.status = this.change.status;
    if (this.change.assignedTo !== undefined) values.assignedTo = this.change.assignedTo ?? UNASSIGNED;
    if (this.change.resolution) values.resolution = this.change.resolution;
    const comment = this.change.comment ? `comment-${m.nextComment++}` : '';
    values.comment = comment;
    const result = await enqueueTicketUpdate(r.db, { shown, values, user: { id: TECH_ID, username: 'tech' } });
    if (result.status !== 'queued') return;
    const item = (await r.db.outbox.get(result.seq)) as TicketUpdateItem;
    if (comment) m.comments.set(comment, { key: item.key, ticketId: id });
    const last = m.lastIntended.get(id) ?? {};
    for (const f of ['status', 'assignedTo', 'resolution'] as const) if (item.payload.patch[f] !== undefined) last[f] = item.payload.patch[f]!;
    m.lastIntended.set(id, last);
  }
  toString = () => `Edit(${this.t}, ${JSON.stringify(this.change)})`;
}

export class OtherWriteCmd implements fc.AsyncCommand<Model, Real> {
  constructor(readonly t: number, readonly field: TicketMergeField, readonly value: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const id = r.ticketIds[this.t % r.ticketIds.length];
    const value = this.field === 'status' ? STATUSES[this.value % 4] : this.field === 'assignedTo' ? ASSIGNEES[this.value % 3] : RESOLUTIONS[this.value % 3];
    const res = r.server.patch(id, { [this.field]: value }, OTHER_ID, null);
    if ((res.body as { updates?: unknown[] }).updates?.length) {
      m.otherWrites.add(`${id}:${this.field}`);
      m.tainted.add(id);
    }
  }
  toString = () => `OtherWrite(${this.t}, ${this.field}, ${this.value})`;
}

class DrainCmd implements fc.AsyncCommand<Model, Real> {
  constructor(readonly faults: Fault[], readonly concurrency: number, readonly delays: number[]) {}
  check = () => true;
  run = (m: Model, r: Real) => drain(m, r, this.faults, this.concurrency, this.delays);
  toString = () => `Drain(${this.faults.join(',')}; ${this.concurrency} at a time; delays ${this.delays.join(',')})`;
}

class PullCmd implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(_m: Model, r: Real) {
    await pullAll({ db: r.db, transport: r.server.transport(TECH_ID) });
  }
  toString = () => 'Pull';
}

class DeliverHeldCmd implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(_m: Model, r: Real) {
    for (const req of r.held.splice(0)) r.server.handle(req, TECH_ID);
  }
  toString = () => 'DeliverHeld';
}

class RestartCmd implements fc.AsyncCommand<Model, Real> {
  constructor(readonly crash: 'none' | 'before-send' | 'after-send') {}
  check = () => true;
  async run(_m: Model, r: Real) {
    // Only the head of a stream can be in flight (FIFO); a previous crash may have left it 'sending'.
    const unsent = await unsentItems(r.db);
    const head = unsent.find((i): i is TicketUpdateItem => (i.state === 'pending' || i.state === 'sending') && isTicketUpdate(i));
    if (head && this.crash !== 'none' && unsent.find((i) => i.stream === head.stream) === head) {
      await r.db.outbox.update(head.seq, { state: 'sending', attempts: head.attempts + 1 });
      if (this.crash === 'after-send') {
        r.server.handle({ method: 'PATCH', url: `/api/tickets/${head.entityId}`, body: structuredClone(head.payload.patch), headers: { 'Idempotency-Key': head.key } }, TECH_ID);
      }
    }
    r.db.close();
    r.db = r.reopen();
  }
  toString = () => `Restart(${this.crash})`;
}

class ResolveCmd implements fc.AsyncCommand<Model, Real> {
  constructor(readonly bits: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    await resolveAll(m, r, this.bits);
  }
  toString = () => `Resolve(${this.bits})`;
}

class DiscardCmd implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    await discardFailed(m, r);
  }
  toString = () => 'DiscardFailed';
}

async function resolveAll(m: Model, r: Real, bits: number) {
  let i = 0;
  for (const item of await r.db.outbox.where('state').equals('conflict').toArray()) {
    if (!isTicketUpdate(item) || !item.conflict) continue;
    const choices = Object.fromEntries(item.conflict.fields.map((f) => [f, (bits >> i++) & 1 ? 'server' : 'mine']));
    const outcome = await resolveConflict(r.db, item.seq, choices);
    if (outcome === 'dropped') m.discardedKeys.add(item.key);
  }
}

async function discardFailed(m: Model, r: Real) {
  for (const item of await r.db.outbox.where('state').equals('failed').toArray()) {
    if (await discardOutboxItem(r.db, item.seq)) {
      m.discardedKeys.add(item.key);
      if (isTicketUpdate(item)) m.tainted.add(item.entityId!);
    }
  }
}

const fault = fc.constantFrom<Fault>('ok', 'ok', 'ok', 'offline', 'lost', 'dup', 'delay', '503');
/** Random command sequences (at most 24 commands). */
export const commands = fc.commands(
  [
    fc.record({
      t: fc.nat(2),
      status: fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
      assignedTo: fc.option(fc.constantFrom(...ASSIGNEES), { nil: undefined }),
      resolution: fc.option(fc.constantFrom(...RESOLUTIONS), { nil: undefined }),
      comment: fc.boolean(),
    }).map(({ t, ...change }) => new EditCmd(t, change)),
    fc.tuple(fc.nat(2), fc.constantFrom<TicketMergeField>('status', 'assignedTo', 'resolution'), fc.nat(3)).map(([t, f, v]) => new OtherWriteCmd(t, f, v)),
    fc.tuple(fc.array(fault, { maxLength: 6 }), fc.integer({ min: 1, max: 4 }), fc.array(fc.nat(3), { maxLength: 8 })).map(([f, c, d]) => new DrainCmd(f, c, d)),
    fc.constant(new PullCmd()),
    fc.constant(new DeliverHeldCmd()),
    fc.constantFrom<'none' | 'before-send' | 'after-send'>('none', 'before-send', 'after-send').map((c) => new RestartCmd(c)),
    fc.nat(255).map((b) => new ResolveCmd(b)),
    fc.constant(new DiscardCmd()),
  ],
  { maxCommands: 24 },
);

/** Runs `cmds` on a fresh server and device, lets everything settle, then checks every property (expect). */
export async function runScenario(cmds: Iterable<fc.AsyncCommand<Model, Real>>) {
  const server = new ModelServer();
  const ticketIds = [server.createTicket().id, server.createTicket().id, server.createTicket().id];
  const { db, reopen } = freshDb();
  const real: Real = { server, db, reopen, ticketIds, held: [], lock: memoryLock(`model-${Math.random()}`) };
  const model: Model = {
    comments: new Map(), discardedKeys: new Set(), otherWrites: new Set(), tainted: new Set(), lastIntended: new Map(), conflictsSeen: [], nextComment: 0,
  };
  await pullAll({ db, transport: server.transport(TECH_ID) }); // signed in once while online
  await fc.asyncModelRun(() => ({ model, real }), cmds);

  // Settle: late deliveries arrive, the network is good, the technician answers every conflict and
  // discards what the server rejected.
  await new DeliverHeldCmd().run(model, real);
  for (let round = 0; round < 30 && (await unsentItems(real.db)).length > 0; round++) {
    await drain(model, real, []);
    await resolveAll(model, real, 0);
    await discardFailed(model, real);
  }
  expect(await unsentItems(real.db)).toEqual([]);
  await pullAll({ db: real.db, transport: server.transport(TECH_ID) });

  // No update lost, none applied twice.
  const commentCounts = new Map<string, number>();
  for (const h of server.history) if (h.comment) commentCounts.set(h.comment, (commentCounts.get(h.comment) ?? 0) + 1);
  for (const [comment, { key }] of model.comments) {
    const n = commentCounts.get(comment) ?? 0;
    if (model.discardedKeys.has(key)) expect(n).toBeLessThanOrEqual(1);
    else expect(n, `comment ${comment}`).toBe(1);
  }
  for (const count of server.appliedCount.values()) expect(count).toBe(1);
  // Per-ticket order, whatever the interleaving of tickets: each ticket's comments reached the
  // server in the order they were queued.
  const queuedOrder = [...model.comments.keys()];
  for (const id of real.ticketIds) {
    const applied = server.history.filter((h) => h.ticketId === id && h.comment && model.comments.has(h.comment)).map((h) => h.comment!);
    expect(applied, `order of ticket ${id}`).toEqual([...applied].sort((a, b) => queuedOrder.indexOf(a) - queuedOrder.indexOf(b)));
  }
  // Conflicts only where the same field really changed.
  for (const c of model.conflictsSeen) {
    expect(model.otherWrites.has(`${c.ticketId}:${c.field}`), `conflict on ${c.field} without another writer`).toBe(true);
    expect(c.ok).toBe(true);
  }
  // Order: untouched tickets end with the technician's last values.
  for (const [id, last] of model.lastIntended) {
    if (model.tainted.has(id)) continue;
    const t = server.tickets.get(id)!;
    for (const [f, v] of Object.entries(last)) expect(t[f as TicketMergeField], `${id} ${f}`).toBe(v);
  }
  // Convergence.
  for (const t of server.tickets.values()) {
    const { syncSeq: _s, ...serverTicket } = t;
    expect(await real.db.tickets.get(t.id)).toEqual(serverTicket);
  }
  real.db.close();
}

