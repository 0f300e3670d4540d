/** Canned replies, macros and ticket templates (issue 51, docs/replies-and-macros.md). Part of the one Drizzle schema (../schema.ts). */
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, syncSeqColumn, ts, updatedAt } from './columns';
import { users } from './accounts';

/** The three kinds of item the table holds. */
export type ReplyItemKind = 'reply' | 'macro' | 'template';

/**
 * Canned replies (`reply`), macros (`macro`) and ticket templates (`template`), one row each:
 * `name` is the reply's title or the macro's / template's name, `data` the rest of the item as the
 * shared schema validated it (reply: `{ body }`; macro: `{ actions }`; template: `{ issue,
 * severity, contactMethod, assignee }`). `owner_id` null = shared (admins write it), else the
 * owner of a personal item (deleted with them). Every write takes `nextval('sync_seq')` under the
 * sync lock, so phones sync them by cursor; a delete only sets `deleted_at` (the feed reports it,
 * and a macro's name stays readable for the history of updates that applied it).
 */
export const replyItems = pgTable(
  'reply_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<ReplyItemKind>().notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    syncSeq: syncSeqColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('reply_items_kind_sync_idx').on(t.kind, t.syncSeq), index('reply_items_owner_idx').on(t.ownerId)],
);
