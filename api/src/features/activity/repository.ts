/** SQL of the admin activity log (activity_log): writes (events.ts) and keyset pages. */
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { ActivityArea } from '@portal/shared';
import type { Database } from '../../db/client';
import { activityLog } from '../../db/schema';

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

/** Writes entries in one statement (none for []). */
export async function insertActivities(tx: Database, entries: NewActivity[]): Promise<void> {
  if (entries.length > 0) await tx.insert(activityLog).values(entries);
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
