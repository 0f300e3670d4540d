/**
 * SQL of ticket checklist items (migration 0029). Items are read with their ticker's username.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ChecklistCount, ChecklistItem, TemplateItem } from '@portal/shared';
import type { Database } from '../../db/client';
import { checklistItems, users } from '../../db/schema';

export type ChecklistItemRow = typeof checklistItems.$inferSelect;

const columns = {
  id: checklistItems.id,
  ticketId: checklistItems.ticketId,
  text: checklistItems.text,
  required: checklistItems.required,
  done: checklistItems.done,
  doneAt: checklistItems.doneAt,
  doneBy: users.username,
};

type ReadRow = { id: string; ticketId: string; text: string; required: boolean; done: boolean; doneAt: Date | null; doneBy: string | null };

/** The API shape of an item. */
export const presentItem = (r: ReadRow): ChecklistItem => ({
  id: r.id,
  text: r.text,
  required: r.required,
  done: r.done,
  doneBy: r.done ? r.doneBy : null,
  doneAt: r.done && r.doneAt ? r.doneAt.toISOString() : null,
});

/** The checklists of `ticketIds`, each in order; tickets without items are absent. One query. */
export async function checklistsOf(db: Database, ticketIds: readonly string[]): Promise<Map<string, ChecklistItem[]>> {
  const out = new Map<string, ChecklistItem[]>();
  if (ticketIds.length === 0) return out;
  const rows = await db
    .select(columns)
    .from(checklistItems)
    .leftJoin(users, eq(users.id, checklistItems.doneBy))
    .where(inArray(checklistItems.ticketId, [...new Set(ticketIds)]))
    .orderBy(asc(checklistItems.ticketId), asc(checklistItems.position));
  for (const r of rows) {
    const list = out.get(r.ticketId) ?? [];
    list.push(presentItem(r));
    out.set(r.ticketId, list);
  }
  return out;
}

/** One item presented (after a write). */
export async function readItem(db: Database, id: string): Promise<ChecklistItem> {
  const [row] = await db.select(columns).from(checklistItems).leftJoin(users, eq(users.id, checklistItems.doneBy)).where(eq(checklistItems.id, id));
  return presentItem(row!);
}

/** Item `id` with its ticket, or undefined. */
export async function findItem(db: Database, id: string): Promise<ChecklistItemRow | undefined> {
  const [row] = await db.select().from(checklistItems).where(eq(checklistItems.id, id)).limit(1);
  return row;
}

/** How many items ticket `ticketId` has, and the next position. */
export async function itemCount(db: Database, ticketId: string): Promise<{ count: number; next: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, next: sql<number>`coalesce(max(${checklistItems.position}), 0)::int + 1` })
    .from(checklistItems)
    .where(eq(checklistItems.ticketId, ticketId));
  return { count: Number(row?.count ?? 0), next: Number(row?.next ?? 1) };
}

/** Appends `items` to ticket `ticketId` (created in the caller's transaction); returns the new ids. */
export async function addChecklistItems(tx: Database, ticketId: string, items: readonly TemplateItem[], now: Date): Promise<string[]> {
  if (items.length === 0) return [];
  const { next } = await itemCount(tx, ticketId);
  const rows = await tx
    .insert(checklistItems)
    .values(items.map((i, k) => ({ ticketId, position: next + k, text: i.text, required: i.required, changedAt: now, createdAt: now })))
    .returning({ id: checklistItems.id });
  return rows.map((r) => r.id);
}

/** Sets fields of item `id`. */
export async function updateItem(tx: Database, id: string, set: Partial<Pick<ChecklistItemRow, 'text' | 'required' | 'done' | 'doneBy' | 'doneAt' | 'changedAt'>>): Promise<void> {
  await tx.update(checklistItems).set(set).where(eq(checklistItems.id, id));
}

/** How many required items of ticket `ticketId` are not done. */
export async function openRequiredCount(db: Database, ticketId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(checklistItems)
    .where(and(eq(checklistItems.ticketId, ticketId), eq(checklistItems.required, true), eq(checklistItems.done, false)));
  return Number(row?.n ?? 0);
}

/** Done and total items per ticket of `ticketIds` (cards: "3/7"); tickets without items are absent. One query. */
export async function checklistCountsOf(db: Database, ticketIds: readonly string[]): Promise<Map<string, ChecklistCount>> {
  const out = new Map<string, ChecklistCount>();
  if (ticketIds.length === 0) return out;
  const rows = await db
    .select({ ticketId: checklistItems.ticketId, done: sql<number>`(count(*) filter (where ${checklistItems.done}))::int`, total: sql<number>`count(*)::int` })
    .from(checklistItems)
    .where(inArray(checklistItems.ticketId, [...new Set(ticketIds)]))
    .groupBy(checklistItems.ticketId);
  for (const r of rows) out.set(r.ticketId, { done: Number(r.done), total: Number(r.total) });
  return out;
}

/**
 * SQL of one ticket's checklist count as JSON `{ done, total }`, null without items, for the row
 * whose id is `ticketId` (the staff list page builds its JSON in the database: tickets'
 * staffListRepository.ts embeds this through the port instead of naming this feature's table).
 */
export function checklistCountJsonSql(ticketId: SQL): SQL {
  return sql`(select case when count(*) = 0 then null else json_build_object('done', count(*) filter (where c.done), 'total', count(*)) end
    from ${checklistItems} c where c.ticket_id = ${ticketId})`;
}
