/**
 * Inbox housekeeping (docs/notifications.md "The inbox"): read entries created more than
 * INBOX_READ_RETENTION_DAYS (90) days ago are deleted; unread ones stay however old. main.ts runs it
 * with the other housekeeping (at start and every few hours, in every process: a delete of the same
 * rows twice deletes them once). Phones drop the same entries from their copy (inbox offline part).
 */
import { and, isNotNull, lt } from 'drizzle-orm';
import { INBOX_READ_RETENTION_DAYS } from '@portal/shared';
import type { Database } from '../../db/client';
import { inboxItems } from '../../db/schema';

/** Deletes the read entries older than the retention at `now`; returns how many. */
export async function purgeOldInboxItems(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - INBOX_READ_RETENTION_DAYS * 86_400_000);
  const gone = await db.delete(inboxItems).where(and(isNotNull(inboxItems.readAt), lt(inboxItems.createdAt, cutoff))).returning({ id: inboxItems.id });
  return gone.length;
}
