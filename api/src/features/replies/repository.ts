/**
 * All SQL of canned replies, macros and ticket templates (`reply_items`, db/schema/replies.ts).
 * Functions take the db or the route's transaction first and return rows. Writers take the sync
 * lock first (db/sync.ts), as every `sync_seq` writer does, so the phones' cursors never skip a row.
 */
import { and, asc, count, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { STAFF_ROLES } from '@portal/shared';
import type { Database } from '../../db/client';
import { replyItems, users, type ReplyItemKind } from '../../db/schema';
import { lockSync, nextSyncSeq } from '../../db/sync';

export type ReplyItemRow = typeof replyItems.$inferSelect;

/** Items of `kind` the user may see: shared ones and their own personal ones. */
const visibleTo = (kind: ReplyItemKind, userId: string) =>
  and(eq(replyItems.kind, kind), or(isNull(replyItems.ownerId), eq(replyItems.ownerId, userId)));

/** The live (not deleted) items of `kind` the user may see, by name. Bounded by REPLY_LIMITS. */
export async function listItems(db: Database, kind: ReplyItemKind, userId: string): Promise<ReplyItemRow[]> {
  return db
    .select()
    .from(replyItems)
    .where(and(visibleTo(kind, userId), isNull(replyItems.deletedAt)))
    .orderBy(asc(replyItems.name), asc(replyItems.id));
}

/** Items of `kind` the user may see changed (or deleted) after cursor `since`, oldest change first; `limit + 1` rows at most. */
export async function itemsSince(db: Database, kind: ReplyItemKind, userId: string, since: number, limit: number): Promise<ReplyItemRow[]> {
  return db
    .select()
    .from(replyItems)
    .where(and(visibleTo(kind, userId), gt(replyItems.syncSeq, since)))
    .orderBy(asc(replyItems.syncSeq))
    .limit(limit + 1);
}

/** One item of `kind` by id (deleted ones too), or undefined. */
export async function findItem(db: Database, kind: ReplyItemKind, id: string): Promise<ReplyItemRow | undefined> {
  const [row] = await db.select().from(replyItems).where(and(eq(replyItems.kind, kind), eq(replyItems.id, id))).limit(1);
  return row;
}

/** Live items of `kind` in one scope (owner null = shared). */
export async function countItems(tx: Database, kind: ReplyItemKind, ownerId: string | null): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(replyItems)
    .where(and(eq(replyItems.kind, kind), ownerId ? eq(replyItems.ownerId, ownerId) : isNull(replyItems.ownerId), isNull(replyItems.deletedAt)));
  return row?.n ?? 0;
}

/** Inserts an item created at `now`. */
export async function insertItem(
  tx: Database,
  item: { kind: ReplyItemKind; ownerId: string | null; name: string; data: Record<string, unknown> },
  now: Date,
): Promise<ReplyItemRow> {
  await lockSync(tx);
  const [row] = await tx.insert(replyItems).values({ ...item, createdAt: now, updatedAt: now }).returning();
  return row!;
}

/** Sets the name and/or data of a live item; undefined when it is gone. */
export async function updateItem(tx: Database, id: string, set: { name?: string; data?: Record<string, unknown> }, now: Date): Promise<ReplyItemRow | undefined> {
  await lockSync(tx);
  const [row] = await tx
    .update(replyItems)
    .set({ ...set, updatedAt: now, syncSeq: nextSyncSeq() })
    .where(and(eq(replyItems.id, id), isNull(replyItems.deletedAt)))
    .returning();
  return row;
}

/** Marks a live item deleted (its name stays for the history); false when it was already gone. */
export async function deleteItem(tx: Database, id: string, now: Date): Promise<boolean> {
  await lockSync(tx);
  const rows = await tx
    .update(replyItems)
    .set({ deletedAt: now, updatedAt: now, syncSeq: nextSyncSeq() })
    .where(and(eq(replyItems.id, id), isNull(replyItems.deletedAt)))
    .returning({ id: replyItems.id });
  return rows.length > 0;
}

/** True when `id` is a technician or admin (a macro's or template's assignee). */
export async function isStaffUser(db: Database, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, [...STAFF_ROLES])))
    .limit(1);
  return Boolean(row);
}
