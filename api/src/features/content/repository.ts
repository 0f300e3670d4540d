/**
 * Content items repository (SPEC.md 3 `content_items`): all SQL of the content feature. Functions
 * take the db or the route's transaction first.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { ContentItemCreate, ContentItemPatch } from '@portal/shared';
import type { Database } from '../../db/client';
import { contentItems } from '../../db/schema';

export type ContentItemRow = typeof contentItems.$inferSelect;

/** Names the advisory lock class of "a file name is being referenced or deleted". */
const FILE_NAME_LOCK_CLASS = 727_015;

/** Content items by title (then creation); `activeOnly` hides inactive ones. */
export async function listContentItems(db: Database, options: { activeOnly: boolean }): Promise<ContentItemRow[]> {
  return db
    .select()
    .from(contentItems)
    .where(options.activeOnly ? eq(contentItems.isActive, true) : undefined)
    .orderBy(asc(contentItems.title), asc(contentItems.createdAt));
}

/** One item by id, or undefined. */
export async function findContentItem(db: Database, id: string): Promise<ContentItemRow | undefined> {
  const [row] = await db.select().from(contentItems).where(eq(contentItems.id, id)).limit(1);
  return row;
}

/** Inserts an item created at `now`. */
export async function insertContentItem(tx: Database, input: ContentItemCreate, now: Date): Promise<ContentItemRow> {
  const [row] = await tx
    .insert(contentItems)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** Applies `patch` (only the fields it has); undefined when there is no such item. */
export async function updateContentItem(tx: Database, id: string, patch: ContentItemPatch, now: Date): Promise<ContentItemRow | undefined> {
  const [row] = await tx
    .update(contentItems)
    .set({ ...patch, updatedAt: now })
    .where(eq(contentItems.id, id))
    .returning();
  return row;
}

/** Deletes the item; false when there was none. */
export async function deleteContentItem(tx: Database, id: string): Promise<boolean> {
  const rows = await tx.delete(contentItems).where(eq(contentItems.id, id)).returning({ id: contentItems.id });
  return rows.length > 0;
}

/**
 * Takes a transaction-scoped advisory lock on `fileName` (case-insensitive). Content writes that
 * reference a file and the deletion of that file both take it, so a file can never be deleted
 * while an item starts using it (and the other way round) on PGlite and on any number of
 * PostgreSQL connections.
 */
export async function lockFileName(tx: Database, fileName: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FILE_NAME_LOCK_CLASS}, hashtext(lower(${fileName})))`);
}

/** Items (active or not) whose file is `fileName`, by title. */
export async function itemsUsingFile(tx: Database, fileName: string): Promise<{ id: string; title: string }[]> {
  return tx
    .select({ id: contentItems.id, title: contentItems.title })
    .from(contentItems)
    .where(eq(contentItems.fileName, fileName))
    .orderBy(asc(contentItems.title));
}
