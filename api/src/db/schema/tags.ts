/** Tags and the tickets' links (issue 57 point 3, migration 0046, docs/tags.md). Owner: the tags feature. Part of the one Drizzle schema (../schema.ts). */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { supportTickets } from './tickets';

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_name_key').on(sql`lower(${t.name})`), check('tags_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 40`)],
);

export const ticketTags = pgTable(
  'ticket_tags',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'ticket_tags_pkey', columns: [t.ticketId, t.tagId] }), index('ticket_tags_tag_idx').on(t.tagId, t.ticketId)],
);
