/**
 * Raw SQL on either driver (DESIGN.md 2): node-postgres and PGlite both answer `db.execute` with
 * `{ rows }`, which drizzle types loosely. Column names are the query's (snake_case unless aliased);
 * values are the driver's (int8 may be a string on node-postgres).
 */
import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/** The rows of `query`, typed by the caller. */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
