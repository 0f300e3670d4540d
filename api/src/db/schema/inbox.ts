/** Personal alert choices and the inbox (issue 57 point 5, migration 0048, docs/notifications.md "Your alerts"). Owner: the inbox feature. Part of the one Drizzle schema (../schema.ts). */
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgSequence, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { AlertPreferences, InboxKind } from '@portal/shared';
import { users } from './accounts';
import { supportTickets } from './tickets';
import { createdAt, ts, updatedAt } from './columns';

export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<AlertPreferences>().notNull(),
  updatedAt: updatedAt(),
});

/** Change positions of inbox entries (taken on insert and on read). */
export const inboxSeq = pgSequence('inbox_seq', { startWith: 1, increment: 1 });

export const inboxItems = pgTable(
  'inbox_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().default(sql`nextval('inbox_seq')`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    ticketNumber: text('ticket_number').notNull(),
    kind: text('kind').$type<InboxKind>().notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    readAt: ts('read_at'),
  },
  (t) => [index('inbox_items_user_seq_idx').on(t.userId, t.seq), index('inbox_items_unread_idx').on(t.userId).where(sql`${t.readAt} is null`), index('inbox_items_ticket_idx').on(t.ticketId)],
);
