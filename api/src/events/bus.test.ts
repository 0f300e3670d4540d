/**
 * The event bus (docs/events.md): 'transaction' subscribers run in the writer's transaction, once per
 * emit with all their events, and roll back with it; 'afterCommit' ones run once after COMMIT, never
 * after a rollback, and their failure never fails the committed change. Through the app: each new
 * ticket reaches both phases exactly once, and the in-transaction subscriber sees the group's rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { startTestApp, type TestApp } from '../test/app';
import { createEventBus, defineSubscriber, event, type EventOf } from './index';

const seen: { subscriber: string; names: string[]; ids: string[] }[] = [];
const created = defineSubscriber({
  name: 'test.created',
  events: ['ticket.created'],
  phase: 'transaction',
  async handle(events, { tx }) {
    // The subscriber sees the group's tickets in its transaction (a clients feature would set ids here).
    const ids = events.map((e) => e.data.ticket.id);
    const found = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from support_tickets where id in ${sql.raw(`('${ids.join("','")}')`)}`);
    expect(Number(found[0]!.n)).toBe(ids.length);
    seen.push({ subscriber: 'test.created', names: events.map((e) => e.name), ids });
  },
});
const afterCreated = defineSubscriber({
  name: 'test.after_created',
  events: ['ticket.created'],
  phase: 'afterCommit',
  async handle(events) {
    seen.push({ subscriber: 'test.after_created', names: events.map((e) => e.name), ids: events.map((e) => e.data.ticket.id) });
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ subscribers: [created, afterCreated] });
});
afterAll(() => t?.close());

const userEvent = (userId: string): EventOf<'user.disabled'> => event('user.disabled', { userId, username: 'x' }, new Date(), null);

describe('event bus', () => {
  it('runs a transaction subscriber once per emit with all its events, rolled back with the change', async () => {
    const calls: string[][] = [];
    const bus = createEventBus(
      [
        defineSubscriber({
          name: 'test.write',
          events: ['user.disabled'],
          phase: 'transaction',
          async handle(events, { tx }) {
            calls.push(events.map((e) => e.data.userId));
            await tx.execute(sql`create table if not exists events_probe (id text)`);
            for (const e of events) await tx.execute(sql`insert into events_probe values (${e.data.userId})`);
          },
        }),
      ],
      { db: t.db, config: t.config, logger: t.logger },
    );
    await bus.transaction(t.db, (tx) => bus.emit(tx, [userEvent('a'), event('settings.changed', { area: 'system', key: 'k', action: 'set' }, new Date(), null), userEvent('b')]));
    expect(calls).toEqual([['a', 'b']]);
    await expect(
      bus.transaction(t.db, async (tx) => {
        await bus.emit(tx, [userEvent('rolled-back')]);
        throw new Error('the writer failed');
      }),
    ).rejects.toThrow('the writer failed');
    const rows = await rowsOf<{ id: string }>(t.db, sql`select id from events_probe order by id`);
    expect(rows.map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('runs an after-commit subscriber once after COMMIT, never after a rollback; its failure is logged, not thrown', async () => {
    const order: string[] = [];
    const bus = createEventBus(
      [
        defineSubscriber({
          name: 'test.after',
          events: ['user.disabled'],
          phase: 'afterCommit',
          async handle(events) {
            order.push(`after:${events.map((e) => e.data.userId).join(',')}`);
            if (events.some((e) => e.data.userId === 'boom')) throw new Error('cache gone');
          },
        }),
      ],
      { db: t.db, config: t.config, logger: t.logger },
    );
    await bus.transaction(t.db, async (tx: Database) => {
      await bus.emit(tx, [userEvent('a')]);
      await bus.emit(tx, [userEvent('b')]);
      order.push('work done');
    });
    expect(order).toEqual(['work done', 'after:a', 'after:b']);
    await expect(bus.transaction(t.db, async (tx) => (await bus.emit(tx, [userEvent('never')]), Promise.reject(new Error('rollback'))))).rejects.toThrow('rollback');
    await bus.transaction(t.db, (tx) => bus.emit(tx, [userEvent('boom')]));
    expect(order).toEqual(['work done', 'after:a', 'after:b', 'after:boom']);
    expect(t.logger.entries.some((e) => e.msg === 'after-commit event subscriber failed' && e.data?.subscriber === 'test.after')).toBe(true);
  });

  it('refuses two subscribers with one name', () => {
    const s = defineSubscriber({ name: 'dup', events: ['user.disabled'], phase: 'transaction', handle: async () => {} });
    expect(() => createEventBus([s, s], { db: t.db, config: t.config, logger: t.logger })).toThrow('Duplicate event subscriber name: dup');
  });

  it('delivers ticket.created of every new ticket exactly once, in the transaction and after COMMIT', async () => {
    seen.length = 0;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => t.createTicket({ clientName: `Grouped ${i}` })));
    const ids = answers.map((a) => a.id).sort();
    const inTx = seen.filter((s) => s.subscriber === 'test.created');
    const after = seen.filter((s) => s.subscriber === 'test.after_created');
    expect(inTx.flatMap((s) => s.ids).sort()).toEqual(ids);
    expect(after.flatMap((s) => s.ids).sort()).toEqual(ids);
    expect(inTx.every((s) => s.names.every((n) => n === 'ticket.created'))).toBe(true);
  });
});
