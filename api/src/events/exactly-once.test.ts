/**
 * Every registered subscriber (api/src/event-subscribers.ts) handles each event exactly once (issue 49):
 * - through one app: creates (a group commit), a PATCH that assigns and resolves, the same PATCH
 *   replayed with its Idempotency-Key, a visit close-out and its keyed replay, a settings change, a user disabled and a user deleted: each
 *   subscriber's calls hold every event of its names once, and the jobs they write exist once;
 * - with two apps on one PostgreSQL database (own pools and LISTEN connections, `attachTo`, as
 *   two API processes): creates through both at once and the same ticket resolved through both at
 *   once still give each event one run of each subscriber and one survey invitation (DATABASE_URL only);
 * - a crash between COMMIT and the after-commit part: crash-after-commit.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { rowsOf } from '../db/rows';
import { eventSubscribers } from '../event-subscribers';
import { startTestApp, type TestApp } from '../test/app';
import { sweepSlaAlerts } from '../features/sla/port';
import { PASS, defineSubscriber, type AnySubscriber, type DomainEvent, type EventName } from './index';

/** Subscribers no flow here reaches (their event needs a customer's status link or mail): covered by their features' tests. */
const NOT_DRIVEN = new Set(['tickets.customer_reply_alerts', 'inbox.customer_replies']);

/** One event's identity: its name, clock, actor and the ids it is about. */
const keyOf = (e: DomainEvent) => {
  const d = e.data as Record<string, unknown>;
  const ticket = (d.ticket ?? d.after) as { id?: string } | undefined;
  return `${e.name}|${e.at.toISOString()}|${e.actor?.id ?? '-'}|${ticket?.id ?? d.userId ?? d.key ?? d.entryId ?? ''}`;
};

/** Every emitted event, recorded by a subscriber of every name the registry listens to. */
const emitted: DomainEvent[] = [];
const names = [...new Set(eventSubscribers.flatMap((s) => [...s.events]))] as EventName[];
const recorder = defineSubscriber({
  name: 'test.recorder',
  events: names,
  phase: 'transaction',
  async handle(events) {
    emitted.push(...(events as DomainEvent[]));
  },
});

/** Per subscriber: its `handle`, and its `inStatement` and `prepare` when it has them. */
let spies: Map<string, { handle: MockInstance; inStatement?: MockInstance; prepare?: MockInstance }>;
beforeAll(() => {
  const spy = (s: AnySubscriber, m: 'inStatement' | 'prepare') => (s[m] ? vi.spyOn(s as Required<AnySubscriber>, m) : undefined);
  spies = new Map(eventSubscribers.map((s) => [s.name, { handle: vi.spyOn(s as AnySubscriber, 'handle'), inStatement: spy(s, 'inStatement'), prepare: spy(s, 'prepare') }]));
});
afterAll(() => vi.restoreAllMocks());
const clearSpies = () => {
  for (const s of spies.values()) for (const m of [s.handle, s.inStatement, s.prepare]) m?.mockClear();
};

/**
 * The events a subscriber took: given to `handle`, written in the writer's statement (`inStatement`
 * gave a CTE: the group commit of new tickets), or nothing to do (`prepare` gave PASS).
 */
function takenBy(name: string): DomainEvent[] {
  const { handle, inStatement, prepare } = spies.get(name)!;
  const events = (m: MockInstance | undefined, took: (i: number) => boolean) => (m ? m.mock.calls.filter((_, i) => took(i)).flatMap((c) => c[0] as DomainEvent[]) : []);
  return [
    ...events(handle, () => true),
    ...events(inStatement, (i) => Boolean(inStatement!.mock.results[i]?.value)),
    ...events(prepare, (i) => prepare!.mock.settledResults[i]?.type === 'fulfilled' && prepare!.mock.settledResults[i]?.value === PASS),
  ];
}

/** Per subscriber: the events it handled more than once, and the recorded events of its names it never handled. */
function deliveryFaults(): string[] {
  const faults: string[] = [];
  const all = emitted.map(keyOf);
  for (const s of eventSubscribers) {
    const got = takenBy(s.name).map(keyOf);
    const counts = new Map<string, number>();
    for (const k of got) counts.set(k, (counts.get(k) ?? 0) + 1);
    for (const [k, n] of counts) if (n !== 1) faults.push(`${s.name} handled ${k} ${n} times`);
    for (const k of new Set(all)) if (s.events.includes(k.split('|')[0] as EventName) && !counts.has(k)) faults.push(`${s.name} never handled ${k}`);
  }
  return faults;
}

const jobsOf = async (t: TestApp, ticketId: string) =>
  rowsOf<{ kind: string; recipient: string; n: number }>(t.db, sql`select kind, recipient, count(*)::int as n from notification_jobs where ticket_id = ${ticketId} group by 1, 2`);

describe('each subscriber handles each event exactly once (one app)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ subscribers: [recorder] });
    await t.request('POST', '/api/settings/notification-emails', { token: (await t.loginAs('admin')).token, body: { email: 'desk@example.com' } });
  });
  afterAll(() => t?.close());

  it('creates, an assigning and resolving PATCH (and its replay), settings, a disabled and a deleted user', async () => {
    emitted.length = 0;
    clearSpies();
    const admin = await t.loginAs('admin');
    const tech = await t.loginAs('technician');
    const tickets = await Promise.all(Array.from({ length: 5 }, (_, i) => t.createTicket({ clientName: `Once ${i}`, severity: i === 0 ? 'urgent' : 'medium' })));
    const key = randomUUID();
    const patch = () =>
      t.request('PATCH', `/api/tickets/${tickets[0]!.id}`, {
        token: admin.token,
        headers: { 'idempotency-key': key },
        body: { assignedTo: tech.id, status: 'resolved', resolution: 'Cleared the jam.', comment: 'Done', reply: true },
      });
    expect((await patch()).status).toBe(200);
    expect((await patch()).status).toBe(200); // the replay answers the stored result and emits nothing
    // A visit close-out and its keyed replay: one visit.closed, one report attachment and e-mail job.
    const now = t.clock.now().getTime();
    const visit = { arrivedAt: new Date(now - 3_600_000).toISOString(), departedAt: new Date(now).toISOString(), workDone: 'Swapped the toner.', minutes: 30 };
    const visitKey = randomUUID();
    const closeOut = () => t.request('POST', `/api/tickets/${tickets[1]!.id}/visits`, { token: tech.token, headers: { 'idempotency-key': visitKey }, body: visit });
    expect([(await closeOut()).status, (await closeOut()).status]).toEqual([201, 201]);
    expect(emitted.filter((e) => e.name === 'visit.closed')).toHaveLength(1);
    // A merge and its keyed replay (docs/merge.md): one ticket.merged, one e-mail to the merged ticket's customer.
    const [from, into] = await Promise.all(['merge-from', 'merge-into'].map((n) => t.createTicket({ customerEmail: `${n}@once.test`, issue: `${n} ticket` })));
    const mergeKey = randomUUID();
    const merge = () => t.request('POST', `/api/tickets/${from!.id}/merge`, { token: tech.token, headers: { 'idempotency-key': mergeKey }, body: { intoTicketId: into!.id } });
    expect([(await merge()).status, (await merge()).status]).toEqual([200, 200]);
    expect(emitted.filter((e) => e.name === 'ticket.merged')).toHaveLength(1);
    const activityRows = async () => (await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from activity_log`))[0]!.n;
    const before = await activityRows();
    expect((await t.request('POST', '/api/settings/system', { token: admin.token, body: { key: 'support_sms_number', value: '+1 555 0199' } })).status).toBe(200);
    expect(await activityRows()).toBe(before + 1);
    const gone = await t.createUser('technician');
    expect((await t.request('POST', `/api/users/${gone.id}/disable`, { token: admin.token })).status).toBe(200);
    expect((await t.request('DELETE', `/api/users/${tech.id}`, { token: admin.token })).status).toBeLessThan(300);
    // The SLA sweep (docs/sla.md): an urgent ticket's response warning (80 % of 1 h), swept twice: one ticket.sla_alert.
    const late = await t.createTicket({ clientName: 'Once SLA', severity: 'urgent' });
    t.clock.advance(50 * 60_000);
    expect((await sweepSlaAlerts(t.db, t.clock.now(), t.events)) + (await sweepSlaAlerts(t.db, t.clock.now(), t.events))).toBeGreaterThanOrEqual(1);
    expect(emitted.filter((e) => e.name === 'ticket.sla_alert').length).toBeGreaterThanOrEqual(1);

    expect(deliveryFaults()).toEqual([]);
    expect(emitted.filter((e) => e.name === 'ticket.patched')).toHaveLength(2); // the PATCH, and the close-out's note
    expect(emitted.filter((e) => e.name === 'ticket.created').map((e) => (e.data as { ticket: { id: string } }).ticket.id).sort()).toEqual([...tickets, from!, into!, late].map((x) => x.id).sort());
    const handled = eventSubscribers.filter((s) => takenBy(s.name).length > 0).map((s) => s.name);
    expect(eventSubscribers.map((s) => s.name).filter((n) => !handled.includes(n) && !NOT_DRIVEN.has(n))).toEqual([]);

    // The effects: one job per kind and recipient, one invitation (the settings change wrote one activity row above).
    for (const ticket of tickets) expect((await jobsOf(t, ticket.id)).filter((j) => j.n !== 1)).toEqual([]);
    const invitations = await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from survey_invitations where ticket_id = ${tickets[0]!.id}`);
    expect(invitations[0]!.n).toBe(1);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('each subscriber handles each event exactly once (two apps on one PostgreSQL database)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ subscribers: [recorder] });
    b = await startTestApp({ subscribers: [recorder], attachTo: a.databaseUrl! });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('creates through both at once, then the same ticket resolved through both at once', async () => {
    emitted.length = 0;
    clearSpies();
    const made = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).createTicket({ clientName: `Two ${i}` })));
    const adminA = await a.loginAs('admin');
    const adminB = await b.loginAs('admin');
    const target = made[0]!.id;
    const resolve = (app: TestApp, token: string) => app.request('PATCH', `/api/tickets/${target}`, { token, body: { status: 'resolved', resolution: 'Fixed.' } });
    const answers = await Promise.all([resolve(a, adminA.token), resolve(b, adminB.token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200]);

    expect(deliveryFaults()).toEqual([]);
    expect(emitted.filter((e) => e.name === 'ticket.created')).toHaveLength(16);
    for (const ticket of made) expect((await jobsOf(a, ticket.id)).filter((j) => j.n !== 1)).toEqual([]);
    const invitations = await rowsOf<{ n: number }>(a.db, sql`select count(*)::int as n from survey_invitations where ticket_id = ${target}`);
    expect(invitations[0]!.n).toBe(1);
    const inviteJobs = await rowsOf<{ n: number }>(a.db, sql`select count(*)::int as n from notification_jobs where ticket_id = ${target} and kind = 'survey_invite'`);
    expect(inviteJobs[0]!.n).toBe(1);
  });
});
