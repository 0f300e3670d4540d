/**
 * The drizzle database type both drivers provide (PGlite and node-postgres); transactions are
 * assignable to it too. Its own module so the db layer's helpers can name it without importing
 * client.ts, which imports them (no circular imports).
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
