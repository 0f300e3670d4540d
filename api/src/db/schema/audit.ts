/** The admin activity log and the downloads' stored SHA-256 digests (migration 0019). Part of the one Drizzle schema (../schema.ts). */
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts, createdAt } from './columns';
import { users } from './accounts';

/**
 * Who did what, when (docs/activity.md): one row per successful admin change to users, settings,
 * content and files. `actor_name` is copied so the row reads right after the user is deleted.
 * `target` names what was changed (a username, a setting key, a title, a file name), never a secret.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    area: text('area').notNull(),
    action: text('action').notNull(),
    target: text('target'),
  },
  (t) => [index('activity_log_created_idx').on(t.createdAt, t.id)],
);

/**
 * SHA-256 of an uploaded download as stored (hex), for the storage version `etag` it was computed
 * from: written when the file is uploaded, computed once for a file that has none (older uploads);
 * a row whose etag no longer matches is recomputed once.
 */
export const downloadDigests = pgTable('download_digests', {
  fileName: text('file_name').primaryKey(),
  etag: text('etag').notNull(),
  sha256: text('sha256').notNull(),
  computedAt: ts('computed_at').notNull().defaultNow(),
});
