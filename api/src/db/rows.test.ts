/**
 * preparedRowsOf: the same rows as rowsOf on both drivers; on node-postgres a named statement per
 * query shape, parsed once per connection.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../test/db';
import { preparedRowsOf, rowsOf } from './rows';

let db: TestDatabase;
afterAll(async () => db?.close());

describe('preparedRowsOf', () => {
  it('answers like rowsOf, with new values each call', async () => {
    db = await createTestDatabase();
    const shape = (n: number) => sql`select ${n}::int + 1 as next, ${`t${n}`}::text as tag`;
    for (const n of [1, 2, 3]) {
      expect(await preparedRowsOf<{ next: number; tag: string }>(db.db, 'rows_test', shape(n))).toEqual(await rowsOf(db.db, shape(n)));
      expect(await preparedRowsOf<{ next: number }>(db.db, 'rows_test', shape(n))).toEqual([{ next: n + 1, tag: `t${n}` }]);
    }
  });

  it.runIf(process.env.DATABASE_URL)('is a named statement on node-postgres, one per query shape, kept by the connection', async () => {
    await db.db.transaction(async (tx) => {
      const t = tx as unknown as typeof db.db;
      await preparedRowsOf(t, 'rows_shape', sql`select ${1}::int as a`);
      await preparedRowsOf(t, 'rows_shape', sql`select ${2}::int as a`);
      await preparedRowsOf(t, 'rows_shape', sql`select ${3}::int as a, ${4}::int as b`);
      const named = await rowsOf<{ name: string }>(t, sql`select name from pg_prepared_statements where name like 'rows_shape_%'`);
      expect(named).toHaveLength(2);
    });
  });
});
