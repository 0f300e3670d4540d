/**
 * Group commit (groupCommit.ts, issue 16) against a real database: concurrent members share a
 * transaction, a member that throws is rolled back alone, and concurrent public ticket creates
 * through the route keep gap-free numbers and Idempotency-Key replays inside one group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import type { Ticket, TicketCreated } from '@portal/shared';
import type { Database } from '../db/client';
import { settings } from '../db/schema';
import { startTestApp, ticketBody, type TestApp } from '../test/app';
import { GROUP_COMMIT_MAX, GroupCommit } from './groupCommit';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The current transaction's id (the same for every member of one group). */
async function txid(tx: Database): Promise<string> {
  const result = (await tx.execute(sql`select txid_current()::text as id`)) as unknown as { rows: { id: string }[] };
  return result.rows[0]!.id;
}

describe('GroupCommit', () => {
  it('runs requests that arrive while a transaction is busy together in the next one', async () => {
    const group = new GroupCommit(t.db);
    const ids: string[] = [];
    await Promise.all(Array.from({ length: 10 }, () => group.run(async (tx) => void ids.push(await txid(tx)))));
    // The first starts alone at once; the nine that queued meanwhile share the next transaction.
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(2);
    expect(new Set(ids.slice(1)).size).toBe(1);
  });

  it(`puts at most ${GROUP_COMMIT_MAX} requests in one transaction`, async () => {
    const group = new GroupCommit(t.db);
    const ids: string[] = [];
    await Promise.all(Array.from({ length: GROUP_COMMIT_MAX + 2 }, () => group.run(async (tx) => void ids.push(await txid(tx)))));
    const sizes = [...ids.reduce((m, id) => m.set(id, (m.get(id) ?? 0) + 1), new Map<string, number>()).values()];
    expect(sizes).toEqual([1, GROUP_COMMIT_MAX, 1]);
  });

  it('rolls back a member that throws alone and rejects only its request', async () => {
    const group = new GroupCommit(t.db);
    const prefix = `gc-${randomUUID()}`;
    const failure = new Error('member 2 failed');
    const results = await Promise.allSettled(
      [0, 1, 2, 3].map((i) =>
        group.run(async (tx) => {
          await tx.insert(settings).values({ key: `${prefix}-${i}`, value: String(i) });
          if (i === 2) throw failure;
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toBe(failure);
    const stored = await t.db.select({ key: settings.key }).from(settings).where(like(settings.key, `${prefix}-%`));
    expect(stored.map((r) => r.key).sort()).toEqual([0, 1, 3].map((i) => `${prefix}-${i}`));
  });

  it('a member whose statement fails (unique key) does not abort the others of its transaction', async () => {
    const group = new GroupCommit(t.db);
    const key = `gc-dup-${randomUUID()}`;
    const results = await Promise.allSettled([
      group.run(async () => undefined), // starts the first transaction, so the next three share one
      ...['first', 'duplicate', 'other'].map((value) =>
        group.run(async (tx) => void (await tx.insert(settings).values({ key: value === 'other' ? `${key}-other` : key, value }))),
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await t.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key))).toEqual([{ value: 'first' }]);
    expect(await t.db.select({ value: settings.value }).from(settings).where(eq(settings.key, `${key}-other`))).toEqual([{ value: 'other' }]);
  });
});

describe('POST /api/tickets with group commit', () => {
  it('concurrent creates get unique gap-free numbers; a repeated Idempotency-Key in the same burst creates once', async () => {
    const staff = (await t.loginAs('technician')).token;
    const key = randomUUID();
    const sent = Array.from({ length: 30 }, (_, i) =>
      t.request<TicketCreated>('POST', '/api/tickets', {
        body: ticketBody({ clientName: i === 7 || i === 8 ? 'Replay Rita' : `Burst ${i}` }),
        headers: i === 7 || i === 8 ? { 'Idempotency-Key': key } : {},
      }),
    );
    const answers = await Promise.all(sent);
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201));
    expect(answers[8]!.body).toEqual(answers[7]!.body);
    const created = new Map(answers.map((a) => [a.body.id, a.body.ticketNumber]));
    expect(created.size).toBe(29);
    const numbers = [...created.values()].map((n) => Number(n.slice(4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 29 }, (_, i) => numbers[0]! + i));
    const list = await t.request<Ticket[]>('GET', '/api/tickets', { token: staff });
    expect(list.body.filter((x) => x.clientName === 'Replay Rita')).toHaveLength(1);
    expect(list.body.filter((x) => created.has(x.id))).toHaveLength(29);
  });
});
