import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { NOTIFICATION_EMAILS_KEY, SUPPORT_SMS_NUMBER_KEY, ticketCreateSchema, type TicketCreated } from '@portal/shared';
import type { Database } from '../../db/client';
import { notificationJobs, settings, ticketUpdates } from '../../db/schema';
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

/**
 * t.db whose transactions are counted; the `failAt`th call (1-based) runs its work, then fails, so
 * it rolls back what it wrote.
 */
function countedDb(failAt?: number): { db: Database; transactions: () => number } {
  let calls = 0;
  const db = new Proxy(t.db, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver) as unknown;
      return (work: (tx: Database) => Promise<unknown>) => {
        calls += 1;
        if (calls !== failAt) return target.transaction(work as never);
        return target.transaction(async (tx) => {
          await work(tx as unknown as Database);
          throw new Error('could not serialize access (injected)');
        });
      };
    },
  });
  return { db, transactions: () => calls };
}

/** A form as the route hands it over: parsed by the shared schema. */
/** A status link for a submission (its token is not needed here). */
const link = () => newStatusLink({ key: createPublicTokenKey({ secret: randomBytes(32), dataDir: '/nonexistent', fileName: 'x' }), ttlDays: 30 }, t.clock.now());
const form = (clientName: string) => ticketCreateSchema.parse(ticketBody({ clientName }));
const submission = (clientName: string) => ({ input: form(clientName), now: t.clock.now(), statusLink: link() });
const numberOf = (o: CreateOutcome) => Number((o.body as TicketCreated).ticketNumber.slice(4));

describe('TicketCreateQueue: group commit of public creates', () => {
  it('writes what arrives while a group commits as the next group, with consecutive numbers and each its history and jobs', async () => {
    const { db, transactions } = countedDb();
    const queue = new TicketCreateQueue(db);
    // The first submission starts a group at once; the nine that arrive meanwhile share the next one.
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => queue.submit(submission(`Grouped ${i}`))));
    expect(transactions()).toBe(2);
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
      const queue = new TicketCreateQueue(t.db);
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
    const { db, transactions } = countedDb();
    const queue = new TicketCreateQueue(db);
    const outcomes = await Promise.all(Array.from({ length: MAX_GROUP * 2 + 2 }, (_, i) => queue.submit(submission(`Bulk ${i}`))));
    expect(new Set(outcomes.map(numberOf)).size).toBe(MAX_GROUP * 2 + 2);
    expect(transactions()).toBe(4); // 1, then 64, 64 and 1
  });

  it('retries a failed group one submission at a time, so each still gets its ticket once', async () => {
    const { db, transactions } = countedDb(2);
    const queue = new TicketCreateQueue(db);
    const outcomes = await Promise.all(Array.from({ length: 5 }, (_, i) => queue.submit(submission(`Retried ${i}`))));
    expect(transactions()).toBe(6); // [1] ok, [2-5] failed, then 2, 3, 4 and 5 alone
    expect(new Set(outcomes.map(numberOf)).size).toBe(5);
    const numbers = outcomes.map(numberOf).sort((a, b) => a - b);
    expect(numbers[4]! - numbers[0]!).toBe(4); // the failed group gave its numbers back
    const ids = outcomes.map((o) => (o.body as TicketCreated).id);
    const history = await t.db.select().from(ticketUpdates).where(inArray(ticketUpdates.ticketId, ids));
    expect(history).toHaveLength(5);
    const jobs = await t.db.select().from(notificationJobs).where(inArray(notificationJobs.ticketId, ids));
    expect(new Set(jobs.map((j) => j.ticketId)).size).toBe(5);
  });

  it('fails only the submission whose own transaction fails', async () => {
    const { db } = countedDb(1);
    const queue = new TicketCreateQueue(db);
    const [alone, next] = await Promise.allSettled([queue.submit(submission('Unlucky')), queue.submit(submission('Next'))]);
    expect(alone.status).toBe('rejected');
    expect(next).toMatchObject({ status: 'fulfilled', value: { status: 201 } });
  });

  it('never puts one Idempotency-Key twice in a group: the repeat is answered with the stored answer', async () => {
    const queue = new TicketCreateQueue(t.db);
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
    const { db, transactions } = countedDb();
    const later = new TicketCreateQueue(db);
    const settled = await Promise.allSettled([
      later.submit(submission('Second lead')),
      later.submit({ input: body, now: t.clock.now(), statusLink: link() }, { key, scope }),
      later.submit({ input: form('Fresh key'), now: t.clock.now(), statusLink: link() }, { key: fresh, scope: freshScope }),
      later.submit(submission('Plain')),
    ]);
    expect(transactions()).toBe(2);
    expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    const values = settled.map((r) => (r as PromiseFulfilledResult<CreateOutcome>).value);
    expect(values[1]).toEqual({ status: 201, body: first!.body, replayed: true });
    expect(values[2]).toMatchObject({ status: 201, replayed: false });
    await expect(later.submit({ input: otherBody, now: t.clock.now(), statusLink: link() }, { key, scope: otherScope })).rejects.toMatchObject({ status: 422 });
    await expect(later.submit({ input: form('Fresh key'), now: t.clock.now(), statusLink: link() }, { key: fresh, scope: freshScope })).resolves.toEqual({ ...values[2], replayed: true });
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
