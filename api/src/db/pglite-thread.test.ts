/**
 * PGlite in a worker thread (db/pglite-thread.ts): the client speaks PGlite's interface
 * across the thread: parameters and types survive, errors keep their database fields, a
 * transaction commits or rolls back as one and holds the database until it ends, and LISTEN
 * notifications arrive after COMMIT. (The whole API suite runs through it with TEST_PGLITE_WORKER=1;
 * on-disk databases, as the app opens them, always do.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_MEMORY } from './pglite';
import { PgliteThread } from './pglite-thread';

let db: PgliteThread;
beforeAll(async () => {
  db = await PgliteThread.start({ dataDir: IN_MEMORY });
  await db.exec('create table t (id int primary key, name text not null, at timestamptz)');
});
afterAll(() => db.close());

describe('PgliteThread', () => {
  it('runs queries with parameters; types survive the thread; array row mode and raw text types', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    await db.query('insert into t (id, name, at) values ($1, $2, $3)', [1, 'one', at]);
    const objects = await db.query<{ id: number; name: string; at: Date }>('select id, name, at from t where id = $1', [1]);
    expect(objects.rows).toEqual([{ id: 1, name: 'one', at }]);
    const arrays = await db.query('select id, at from t', [], { rowMode: 'array', parsers: { 1184: (v: string) => v } });
    expect(arrays.rows).toEqual([[1, '2026-01-02 03:04:05.678+00']]);
    const [result] = await db.exec('select 2 as two');
    expect(result!.rows).toEqual([{ two: 2 }]);
  });

  it('rejects with the database error fields (code, constraint) and keeps working', async () => {
    type DbError = Error & { code?: string; constraint?: string };
    const err = await db.query('insert into t (id, name) values (1, $1)', ['dup']).then(
      () => null,
      (e: unknown) => e as DbError,
    );
    if (!err) throw new Error('the duplicate was accepted');
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe('23505');
    expect(err.constraint).toBe('t_pkey');
    expect((await db.query('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
  });

  it('survives a failing statement sent with parsers, as drizzle sends every statement', async () => {
    type DbError = Error & { code?: string; constraint?: string };
    const raw = { parsers: { 1184: (v: string) => v } };
    const err = await db.query('insert into t (id, name) values (1, $1)', ['dup'], raw).then(
      () => null,
      (e: unknown) => e as DbError,
    );
    expect(err?.code).toBe('23505');
    expect(err?.constraint).toBe('t_pkey');
    expect((await db.query('select count(*)::int as n from t', [], raw)).rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction as one, rolls it back when it throws, and holds the database until it ends', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values (2, $1)', ['two']);
      outside = db.query('select count(*)::int as n from t').then((r) => (order.push('outside'), r.rows));
      await new Promise((r) => setTimeout(r, 50));
      await tx.query('insert into t (id, name) values (3, $1)', ['three']);
      order.push('inside done');
    });
    expect(await outside).toEqual([{ n: 3 }]);
    expect(order).toEqual(['inside done', 'outside']);

    const failure = db.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values (4, $1)', ['four']);
      throw new Error('route failed');
    });
    await expect(failure).rejects.toThrow('route failed');
    expect((await db.query('select id from t order by id')).rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it('opens a transaction with its first statement: statements sent at once share it; a failing first statement rolls back', async () => {
    const both = db.transaction(async (tx) => {
      await Promise.all([tx.query('insert into t (id, name) values (5, $1)', ['five']), tx.query('insert into t (id, name) values (6, $1)', ['six'])]);
      throw new Error('undo both');
    });
    await expect(both).rejects.toThrow('undo both');

    type DbError = Error & { code?: string };
    const failedFirst = await db
      .transaction(async (tx) => {
        await tx.query('insert into t (id, name) values (1, $1)', ['dup']);
      })
      .then(
        () => null,
        (e: unknown) => e as DbError,
      );
    expect(failedFirst?.code).toBe('23505');
    await db.transaction(async () => 'no statement');
    expect((await db.query('select id from t order by id')).rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it('delivers notifications after COMMIT, not for a rolled-back transaction, until unlistened', async () => {
    const got: string[] = [];
    const stop = await db.listen('events', (payload) => got.push(payload));
    await db.transaction(async (tx) => {
      await tx.query(`select pg_notify('events', 'committed')`);
    });
    await db.transaction(async (tx) => {
      await tx.query(`select pg_notify('events', 'rolled back')`);
      throw new Error('no');
    }).catch(() => {});
    await db.query(`select pg_notify('events', 'plain')`);
    await stop();
    await db.query(`select pg_notify('events', 'after stop')`);
    await db.query('select 1');
    expect(got).toEqual(['committed', 'plain']);
  });
});
