/** SQL of the admin activity log (activity_log): writes, keyset pages, and the names of what a delete removes. */
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { ActivityArea } from '@portal/shared';
import type { Database } from '../../db/client';
import { activityLog, contentItems, users } from '../../db/schema';

/** An activity_log row. */
export type ActivityRow = typeof activityLog.$inferSelect;

/** One change to log. */
export interface NewActivity {
  actorId: string;
  actorName: string;
  area: ActivityArea;
  action: string;
  target: string | null;
  createdAt: Date;
}

/** Writes one entry. */
export async function insertActivity(db: Database, entry: NewActivity): Promise<void> {
  await db.insert(activityLog).values(entry);
}

/** Keyset position in "newest first" order. */
export interface ActivityCursor {
  createdAt: Date;
  id: string;
}

/** At most `limit` entries after `cursor`, newest first (index activity_log_created_idx). */
export async function listActivity(db: Database, limit: number, cursor?: ActivityCursor): Promise<ActivityRow[]> {
  const a = activityLog;
  const after = cursor ? or(lt(a.createdAt, cursor.createdAt), and(eq(a.createdAt, cursor.createdAt), lt(a.id, cursor.id))) : undefined;
  return db.select().from(a).where(after).orderBy(desc(a.createdAt), desc(a.id)).limit(limit);
}

/** The username of a user id (null when unknown): what a user delete or reset names. */
export async function usernameOf(db: Database, id: string): Promise<string | null> {
  const [row] = await db.select({ name: users.username }).from(users).where(eq(users.id, id)).limit(1);
  return row?.name ?? null;
}

/** The title of a content item (null when unknown): what a content delete names. */
export async function contentTitleOf(db: Database, id: string): Promise<string | null> {
  const [row] = await db.select({ title: contentItems.title }).from(contentItems).where(eq(contentItems.id, id)).limit(1);
  return row?.title ?? null;
}
