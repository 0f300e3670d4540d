/** Column helpers shared by the schema's tables, and the delta-sync sequence (DESIGN.md 2, 4). */
import { sql } from 'drizzle-orm';
import { bigint, pgSequence, timestamp } from 'drizzle-orm/pg-core';

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();

/**
 * Global change counter for delta sync (DESIGN.md 4): every insert or update of a ticket or a
 * work-history row takes `nextval('sync_seq')`; `GET ...?since=N` returns rows with sync_seq > N.
 */
export const syncSeq = pgSequence('sync_seq', { startWith: 1, increment: 1 });
export const syncSeqColumn = () =>
  bigint('sync_seq', { mode: 'number' }).notNull().default(sql`nextval('sync_seq')`);
