/**
 * Raw SQL on either driver (DESIGN.md 2): node-postgres and PGlite both answer `db.execute` with
 * `{ rows }`, which drizzle types loosely. Column names are the query's (snake_case unless aliased);
 * values are the driver's (int8 may be a string on node-postgres).
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
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

/**
 * `fragment` (SQL without values: names, casts, subqueries) compiled once into raw SQL text, so a
 * statement built on every request does not walk and compile it again (drizzle walks every chunk
 * of every fragment on each build and each compile). Throws when `fragment` holds a value.
 */
export function frozenSql(fragment: SQL): SQL {
  const q = dialect.sqlToQuery(fragment);
  if (q.params.length > 0) throw new Error('frozenSql: the fragment holds values');
  return sql.raw(q.sql);
}

/**
 * Hot statements built and prepared once per shape, then run with new values: drizzle's
 * `.prepare()` for raw SQL. {@link preparedRowsOf} builds the drizzle SQL tree and compiles it to text
 * on every call, which cost a list page 70 us or more of the API thread (every `sql` fragment walks
 * its chunks; docs/benchmarks.md "The API floor"). Here `build` runs once per `shape` and database
 * handle, with `sql.placeholder(name)` where values go; each call fills the placeholders from
 * `values` (a missing one throws before anything is sent). The statement is named as
 * {@link preparedRowsOf} names it (`name` plus a hash of its text), so the same rules hold: a bounded
 * number of shapes, result columns named, never `*`.
 *
 * Kept per database handle (a WeakMap: a closed test database is dropped with its statements); a
 * transaction is a handle of its own, so its statements are prepared on it.
 */
export class PreparedStatements {
  private readonly byDb = new WeakMap<object, Map<string, PgPreparedQuery<PreparedQueryConfig>>>();

  /** @param name the statement name's prefix (e.g. `ticket_list_page`). */
  constructor(private readonly name: string) {}

  /** The rows of the statement of `shape` (built by `build` on first use) with `values` in its placeholders. */
  async rows<T>(db: Database, shape: string, build: () => SQL, values: Record<string, unknown>): Promise<T[]> {
    let statements = this.byDb.get(db);
    if (!statements) {
      statements = new Map();
      this.byDb.set(db, statements);
    }
    let prepared = statements.get(shape);
    if (!prepared) {
      const q = dialect.sqlToQuery(build());
      prepared = db._.session.prepareQuery(q, undefined, statementName(this.name, q.sql), false);
      statements.set(shape, prepared);
    }
    const result = (await prepared.execute(values)) as unknown as { rows: T[] };
    return result.rows;
  }
}
