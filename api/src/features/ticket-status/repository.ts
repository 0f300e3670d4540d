/**
 * Reads of the public status page (docs/status-links.md): the customer-visible part of a ticket's
 * work history and the assigned technician's name. Never internal notes: comments appear only when
 * marked as replies (`reply`), assignments and resolutions not at all.
 */
import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ticketHistory, users } from '../../db/schema';

/** Most timeline entries the page shows (the newest; a ticket rarely has more). */
export const TIMELINE_MAX = 200;

/** A customer-visible work-history row. */
export interface VisibleUpdate {
  id: string;
  updateType: 'created' | 'status_change' | 'comment' | 'customer_reply';
  newValue: string | null;
  comment: string | null;
  createdAt: Date;
}

/**
 * The customer-visible work history of a ticket, oldest first (at most {@link TIMELINE_MAX}, the
 * newest): creation, status changes, staff replies (comments with `reply` true) and customer
 * replies. Internal notes (comments without `reply`) are filtered out here, in SQL.
 */
export async function visibleHistory(db: Database, ticketId: string): Promise<VisibleUpdate[]> {
  const rows = await db
    .select({
      id: ticketHistory.id,
      updateType: ticketHistory.updateType,
      newValue: ticketHistory.newValue,
      comment: ticketHistory.comment,
      createdAt: ticketHistory.createdAt,
    })
    .from(ticketHistory)
    .where(
      and(
        eq(ticketHistory.ticketId, ticketId),
        or(
          sql`${ticketHistory.updateType} in ('created', 'status_change', 'customer_reply')`,
          and(eq(ticketHistory.updateType, 'comment'), eq(ticketHistory.reply, true)),
        ),
      ),
    )
    .orderBy(sql`${ticketHistory.createdAt} desc, ${ticketHistory.ticketVersion} desc`)
    .limit(TIMELINE_MAX);
  return (rows as VisibleUpdate[]).reverse();
}

/** Username of a user id (null when none). */
export async function usernameOf(db: Database, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.username ?? null;
}


/**
 * Username of the staff member who last moved the ticket into resolved or closed (the technician a
 * customer of an unassigned ticket is told about), or null.
 */
export async function resolverOf(db: Database, ticketId: string): Promise<string | null> {
  const [row] = await db
    .select({ username: users.username })
    .from(ticketHistory)
    .innerJoin(users, eq(users.id, ticketHistory.updatedBy))
    .where(and(eq(ticketHistory.ticketId, ticketId), eq(ticketHistory.updateType, 'status_change'), inArray(ticketHistory.newValue, ['resolved', 'closed']), isNotNull(ticketHistory.updatedBy)))
    .orderBy(desc(ticketHistory.createdAt))
    .limit(1);
  return row?.username ?? null;
}
