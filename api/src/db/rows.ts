/**
 * Raw SQL on either driver (DESIGN.md 2): node-postgres and PGlite both answer `db.execute` with
 * `{ rows }`, which drizzle types loosely. Column names are the query's (snake_case unless aliased);
 * values are the driver's (int8 may be a string on node-postgres).
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './database';

/** The rows of `query`, typed by the caller. */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/** Statement names by `name` and SQL text, so a hot query is not hashed on every call (shapes are few). */
const statementNames = new Map<string, string>();

function statementName(name: string, text: string): string {
  const key = `${name}\0${text}`;
  let id = statementNames.get(key);
  if (!id) {
    id = `${name}_${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`;
    statementNames.set(key, id);
  }
  return id;
}

/**
 * {@link rowsOf} as a named (prepared) statement on node-postgres: each connection parses and plans
 * a statement once, then runs it with new values, where an unnamed statement is planned on every
 * call (for the staff list page, planning took as long as running it). The name is `name` plus a
 * hash of the SQL text, so every shape of a query built from filters is a statement of its own.
 * Use it for hot statements with a bounded number of shapes (the list page, the group commit's
 * create) whose result columns are named, never `*`: a connection keeps the statement across a
 * migration, and PostgreSQL refuses one whose result type changed ("cached plan must not change
 * result type"). PGlite ignores the name.
 */
export async function preparedRowsOf<T>(db: Database, name: string, query: SQL): Promise<T[]> {
  const q = dialect.sqlToQuery(query);
  const id = statementName(name, q.sql);
  const result = (await db._.session.prepareQuery(q, undefined, id, false).execute()) as unknown as { rows: T[] };
  return result.rows;
}
