import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { NOTIFICATION_EMAILS_KEY, SUPPORT_SMS_NUMBER_KEY, ticketCreateSchema, type TicketCreated } from '@portal/shared';
import type { Database } from '../../db/client';
import { idempotencyKeys, notificationJobs, settings, supportTickets, ticketUpdates } from '../../db/schema';
import { upsertSetting } from '../../db/settings';
import { requestFingerprint } from '../../http/transaction';
import { startTestApp, ticketBody, type TestApp } from '../../test/app';
import { createPublicTokenKey } from '../../lib/public-tokens';
import { MAX_GROUP, TicketCreateQueue, type CreateOutcome } from './createQueue';
import { newStatusLink } from './statusLinks';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The part of drizzle's session that db/rows.ts `preparedRowsOf` calls. */
interface Session {
  prepareQuery(query: { sql: string }, ...rest: unknown[]): { execute(): Promise<unknown> };
}

/**
 * t.db whose group writes are counted: the create statements, also when they run inside a
 * transaction, and the transactions (a group with files, a submission retried alone, and on
 * PostgreSQL every group: the clients match runs in it, see {@link GROUP_TX}). The writes numbered in `failing` (1-based, statements and
 * transactions counted together) fail: a transaction after its work, a statement instead of
 * running; what they wrote is rolled back. `beforeWrite(n)` runs before the nth write (a
 * transaction: before BEGIN, as another process would write meanwhile).
 */
function observedDb(failing: number[] = [], beforeWrite?: (n: number) => Promise<void>) {
  let statements = 0;
  let transactions = 0;
  const fail = () => failing.includes(statements + transactions);
  const injected = () => new Error('could not serialize access (injected)');
  const observe = (db: Database): Database =>
    new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'transaction') {
          return async (work: (tx: Database) => Promise<unknown>) => {
            transactions += 1;
            const failed = fail();
            await beforeWrite?.(statements + transactions);
            return target.transaction(async (tx) => {
              const result = await work(observe(tx as unknown as Database));
              if (failed) throw injected();
              return result;
            });
          };
        }
        // The create statement is a named statement (db/rows.ts preparedRowsOf: db._.session.prepareQuery).
        if (prop === '_') {
          const internals = Reflect.get(target, prop, receiver) as { session: Session };
          const session = new Proxy(internals.session, {
            get(s, p, r) {
              if (p !== 'prepareQuery') return Reflect.get(s, p, r) as unknown;
              return (query: { sql: string }, ...rest: unknown[]) => {
                const prepared = s.prepareQuery(query, ...rest);
                if (!query.sql.includes('insert into support_tickets')) return prepared;
                return {
                  execute: async () => {
                    statements += 1;
                    await beforeWrite?.(statements + transactions);
                    if (fail()) throw injected();
                    return prepared.execute();
                  },
                };
              };
            },
          });
          return { ...internals, session };
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
  const db = observe(t.db);
  return { db, writes: () => ({ statements, transactions }) };
}

/**
 * 1 when a group commit without files is a transaction (the statement and the `ticket.created`
 * subscribers that run a statement of their own): on PostgreSQL, where `clients.match_new_tickets`
 * reads in the transaction; 0 on PGlite with no client to match (the statement alone, clients/matchable.ts).
 */
const GROUP_TX = process.env.DATABASE_URL ? 1 : 0;

/** A form as the route hands it over: parsed by the shared schema. */
/** A status link for a submission (its token is not needed here). */
const link = () => newStatusLink({ key: createPublicTokenKey({ secret: randomBytes(32), dataDir: '/nonexistent', fileName: 'x' }), ttlDays: 30 }, t.clock.now());
const form = (clientName: string) => ticketCreateSchema.parse(ticketBody({ clientName }));
const submission = (clientName: string) => ({ input: form(clientName), now: t.clock.now(), statusLink: link() });
const numberOf = (o: CreateOutcome) => Number((o.body as TicketCreated).ticketNumber.slice(4));

describe('TicketCreateQueue: group commit of public creates', () => {
  it('writes what arrives while a group commits as the next group, with consecutive numbers and each its history and jobs', async () => {
    const { db, writes } = observedDb();
    const queue = new TicketCreateQueue(db, t.events);
    // The first submission starts a group at once; the nine that arrive meanwhile share the next one.
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => queue.submit(submission(`Grouped ${i}`))));
    expect(writes()).toEqual({ statements: 2, transactions: 2 * GROUP_TX });
    expect(outcomes.every((o) => o.status === 201 && !o.replayed)).toBe(true);
    const numbers = outcomes.map(numberOf);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));

    const ids = outcomes.map((o) => (o.body as TicketCreated).id);
    const history = await t.db.select().from(ticketUpdates).where(inArray(ticketUpdates.ticketId, ids));
    expect(history.map((h) => h.updateType)).toEqual(ids.map(() => 'created'));
    const jobs = await t.db.select().from(notificationJobs).where(inArray(notificationJobs.ticketId, ids));
    for (const o of outcomes) {
      const { id, ticketNumber } = o.body as TicketCreated;
      const own = jobs.filter((j) => j.ticketId === id);
      expect(own.length).toBeGreaterThan(0);
      for (const j of own) {
        expect(j.summary).toContain(ticketNumber);
        expect((j.payload as { ticket: { ticketNumber: string } }).ticket.ticketNumber).toBe(ticketNumber);
      }
    }
  });

  it('alerts each ticket of a group as its own severity: only high and urgent ones text the support number', async () => {
    const number = '+15550001234';
    await upsertSetting(t.db, { key: SUPPORT_SMS_NUMBER_KEY, value: number }, t.clock.now());
    await upsertSetting(t.db, { key: NOTIFICATION_EMAILS_KEY, value: JSON.stringify(['desk@example.com']) }, t.clock.now());
    try {
      const queue = new TicketCreateQueue(t.db, t.events);
      const severities = ['low', 'medium', 'high', 'urgent', 'low'] as const;
      const outcomes = await Promise.all(
        severities.map((severity, i) => queue.submit({ input: ticketCreateSchema.parse(ticketBody({ clientName: `Severity ${i}`, severity })), now: t.clock.now(), statusLink: link() })),
      );
      const ids = outcomes.map((o) => (o.body as TicketCreated).id);
      const jobs = await t.db.select().from(notificationJobs).where(inArray(notificationJobs.ticketId, ids));
      const recipientsOf = (id: string) => jobs.filter((j) => j.ticketId === id).map((j) => j.recipient);
      severities.forEach((severity, i) => {
        expect(recipientsOf(ids[i]!)).toContain('desk@example.com');
        expect(recipientsOf(ids[i]!).includes(number)).toBe(severity === 'high' || severity === 'urgent');
      });
    } finally {
      await t.db.delete(settings).where(inArray(settings.key, [SUPPORT_SMS_NUMBER_KEY, NOTIFICATION_EMAILS_KEY]));
    }
  });

  it(`holds at most ${MAX_GROUP} submissions per group`, async () => {
    const { db, writes } = observedDb();
    const queue = new TicketCreateQueue(db, t.events);
    const outcomes = await Promise.all(Array.from({ length: MAX_GROUP * 2 + 2 }, (_, i) => queue.submit(submission(`Bulk ${i}`))));
    expect(new Set(outcomes.map(numberOf)).size).toBe(MAX_GROUP * 2 + 2);
    expect(writes().statements).toBe(4); // 1, then 64, 64 and 1
  });

  it('retries a failed group one submission at a time, each in its own transaction, so each still gets its ticket once', async () => {
    const { db, writes } = observedDb([2 + 2 * GROUP_TX]); // the second group's statement
    const queue = new TicketCreateQueue(db, t.events);
    const outcomes = await Promise.all(Array.from({ length: 5 }, (_, i) => queue.submit(submission(`Retried ${i}`))));
    expect(writes()).toEqual({ statements: 6, transactions: 4 + 2 * GROUP_TX }); // [1] ok, [2-5] failed, then 2, 3, 4 and 5 alone
    expect(new Set(outcomes.map(numberOf)).size).toBe(5);
    const numbers = outcomes.map(numberOf).sort((a, b) => a - b);
    expect(numbers[4]! - numbers[0]!).toBe(4); // the failed group gave its numbers back
    const ids = outcomes.map((o) => (o.body as TicketCreated).id);
    const history = await t.db.select().from(ticketUpdates).where(inArray(ticketUpdates.ticketId, ids));
    expect(history).toHaveLength(5);
    const jobs = await t.db.select().from(notificationJobs).where(inArray(notificationJobs.ticketId, ids));
    expect(new Set(jobs.map((j) => j.ticketId)).size).toBe(5);
  });

  it('fails only the submission whose own retry fails too', async () => {
    const { db } = observedDb([1, 2 + GROUP_TX]); // its group's transaction (PostgreSQL) or statement, then its own transaction
    const queue = new TicketCreateQueue(db, t.events);
    const [alone, next] = await Promise.allSettled([queue.submit(submission('Unlucky')), queue.submit(submission('Next'))]);
    expect(alone.status).toBe('rejected');
    expect(next).toMatchObject({ status: 'fulfilled', value: { status: 201 } });
  });

  it('never puts one Idempotency-Key twice in a group: the repeat is answered with the stored answer', async () => {
    const queue = new TicketCreateQueue(t.db, t.events);
    const key = randomUUID();
    const body = form('Keyed twice');
    const scope = { userId: null, fingerprint: requestFingerprint('POST', '/api/tickets', body) };
    const [lead, first, repeat, other] = await Promise.all([
      queue.submit(submission('Lead')),
      queue.submit({ input: body, now: t.clock.now(), statusLink: link() }, { key, scope }),
      queue.submit({ input: body, now: t.clock.now(), statusLink: link() }, { key, scope }),
      queue.submit(submission('Other')),
    ]);
    expect([lead!.status, first!.status, other!.status]).toEqual([201, 201, 201]);
    expect(first!.replayed).toBe(false);
    expect(repeat).toEqual({ status: 201, body: first!.body, replayed: true });

    // One later group holding a stored key, the same key with another body, and a new key.
    const fresh = randomUUID();
    const otherBody = form('Keyed twice, other body');
    const otherScope = { userId: null, fingerprint: requestFingerprint('POST', '/api/tickets', otherBody) };
    const freshScope = { userId: null, fingerprint: requestFingerprint('POST', '/api/tickets', form('Fresh key')) };
    const { db, writes } = observedDb();
    const later = new TicketCreateQueue(db, t.events);
    const settled = await Promise.allSettled([
      later.submit(submission('Second lead')),
      later.submit({ input: body, now: t.clock.now(), statusLink: link() }, { key, scope }),
      later.submit({ input: form('Fresh key'), now: t.clock.now(), statusLink: link() }, { key: fresh, scope: freshScope }),
      later.submit(submission('Plain')),
    ]);
    expect(writes()).toEqual({ statements: 2, transactions: 2 * GROUP_TX });
    expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    const values = settled.map((r) => (r as PromiseFulfilledResult<CreateOutcome>).value);
    expect(values[1]).toEqual({ status: 201, body: first!.body, replayed: true });
    expect(values[2]).toMatchObject({ status: 201, replayed: false });
    await expect(later.submit({ input: otherBody, now: t.clock.now(), statusLink: link() }, { key, scope: otherScope })).rejects.toMatchObject({ status: 422 });
    await expect(later.submit({ input: form('Fresh key'), now: t.clock.now(), statusLink: link() }, { key: fresh, scope: freshScope })).resolves.toEqual({ ...values[2], replayed: true });
  });

  it('writes a key with its ticket or not at all: a key another process stored after the read fails the group, and the retry answers with its answer', async () => {
    const key = randomUUID();
    const body = form('Raced key');
    const scope = { userId: null, fingerprint: requestFingerprint('POST', '/api/tickets', body) };
    const theirs = { id: randomUUID(), ticketNumber: 'TKT-999999', createdAt: t.clock.now().toISOString() };
    // Just before the second group's statement (PostgreSQL: its transaction), another process commits the same request's key.
    const { db, writes } = observedDb([], async (n) => {
      if (n === 2 + GROUP_TX) await t.db.insert(idempotencyKeys).values({ key, userId: null, fingerprint: scope.fingerprint, statusCode: 201, responseBody: theirs, createdAt: t.clock.now() });
    });
    const queue = new TicketCreateQueue(db, t.events);
    const [lead, raced, plain] = await Promise.all([
      queue.submit(submission('Race lead')),
      queue.submit({ input: body, now: t.clock.now(), statusLink: link() }, { key, scope }),
      queue.submit(submission('Race plain')),
    ]);
    expect(writes()).toEqual({ statements: 3, transactions: 2 + 2 * GROUP_TX }); // two groups, then the failed group's two alone (the replay writes no ticket)
    expect(raced).toEqual({ status: 201, body: theirs, replayed: true });
    expect([lead!.status, plain!.status, plain!.replayed]).toEqual([201, 201, false]);
    expect(await t.db.select().from(supportTickets).where(eq(supportTickets.clientName, 'Raced key'))).toHaveLength(0);
  });

  it('gives each key one ticket when two processes (two queues) get the same submissions at once', async () => {
    const [a, b] = [new TicketCreateQueue(t.db, t.events), new TicketCreateQueue(t.db, t.events)];
    const sent = Array.from({ length: 4 }, (_, i) => {
      const input = form(`Twice sent ${i}`);
      return { input, key: { key: randomUUID(), scope: { userId: null, fingerprint: requestFingerprint('POST', '/api/tickets', input) } } };
    });
    const send = (q: TicketCreateQueue) => sent.map(({ input, key }) => q.submit({ input, now: t.clock.now(), statusLink: link() }, key));
    const [fromA, fromB] = await Promise.all([Promise.all(send(a)), Promise.all(send(b))]);
    sent.forEach((_, i) => {
      expect([fromA[i]!.replayed, fromB[i]!.replayed].sort()).toEqual([false, true]);
      expect(fromB[i]!.body).toEqual(fromA[i]!.body);
    });
    const names = sent.map((s) => s.input.clientName);
    expect(await t.db.select().from(supportTickets).where(inArray(supportTickets.clientName, names))).toHaveLength(4);
  });
});

describe('POST /api/tickets through the group commit', () => {
  it('gives parallel submissions with the same key one ticket, and refuses the key with another body without failing the rest', async () => {
    const key = randomUUID();
    const reused = randomUUID();
    const post = (clientName: string, k?: string) =>
      t.request<TicketCreated>('POST', '/api/tickets', { body: ticketBody({ clientName }), headers: k ? { 'Idempotency-Key': k } : {} });
    const [a, b, c, d, e, f] = await Promise.all([
      post('Same key', key),
      post('Same key', key),
      post('Plain one'),
      post('Reused key', reused),
      post('Reused key with another body', reused),
      post('Plain two'),
    ]);
    expect([a!.status, b!.status]).toEqual([201, 201]);
    expect(b!.body).toEqual(a!.body);
    expect([a!.headers.get('idempotent-replayed'), b!.headers.get('idempotent-replayed')].sort()).toEqual(['true', null].sort());
    expect([c!.status, f!.status]).toEqual([201, 201]);
    // Whichever of the two reused-key requests arrived first is created; the other is refused.
    expect([d!.status, e!.status].sort()).toEqual([201, 422]);
    const kept = d!.status === 201 ? d! : e!;
    const numbers = [a, c, kept, f].map((r) => r!.body.ticketNumber);
    expect(new Set(numbers).size).toBe(4);
  });
});
