/** Content items (SPEC.md 3). Part of the one Drizzle schema (../schema.ts). */
import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { ContentCategory, ContentType, Platform } from '@portal/shared';
import { createdAt, updatedAt } from './columns';

/** SPEC.md 3 content_items. */
export const contentItems = pgTable('content_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description'),
  type: text('type').$type<ContentType>().notNull(),
  category: text('category').$type<ContentCategory>(),
  fileName: text('file_name'),
  version: text('version'),
  platform: text('platform').$type<Platform>(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
