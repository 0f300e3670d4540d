/** SQL of the attachments feature (ticket_attachments; docs/attachments.md). */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AttachmentInfo } from '@portal/shared';
import type { Database } from '../../db/client';
import { ticketAttachments, ticketHistory } from '../../db/schema';

export type AttachmentRow = typeof ticketAttachments.$inferSelect;
export type NewAttachmentRow = typeof ticketAttachments.$inferInsert;

/** Row -> the API's AttachmentInfo (the one presenter of attachments). */
export function presentAttachment(r: Pick<AttachmentRow, 'id' | 'fileName' | 'contentType' | 'size' | 'thumbName'>): AttachmentInfo {
  return { id: r.id, fileName: r.fileName, contentType: r.contentType, size: r.size, thumb: r.thumbName !== null };
}

/** Rows already made from these uploads (upload id -> ticket id). */
export async function ticketsOfUploads(db: Database, uploadIds: string[]): Promise<Map<string, string>> {
  if (uploadIds.length === 0) return new Map();
  const rows = await db
    .select({ uploadId: ticketAttachments.uploadId, ticketId: ticketAttachments.ticketId })
    .from(ticketAttachments)
    .where(inArray(ticketAttachments.uploadId, uploadIds));
  return new Map(rows.map((r) => [r.uploadId, r.ticketId]));
}

/** Count and stored bytes of a ticket's attachments. */
export async function ticketTotals(tx: Database, ticketId: string): Promise<{ count: number; bytes: number }> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${ticketAttachments.size}), 0)::bigint` })
    .from(ticketAttachments)
    .where(eq(ticketAttachments.ticketId, ticketId));
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Inserts rows; an upload already recorded is skipped (unique upload_id). Returns the rows inserted. */
export async function insertAttachments(tx: Database, rows: NewAttachmentRow[]): Promise<AttachmentRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(ticketAttachments).values(rows).onConflictDoNothing({ target: ticketAttachments.uploadId }).returning();
}

/** The id of a ticket's 'created' work-history entry. */
export async function createdEntryOf(tx: Database, ticketId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: ticketHistory.id })
    .from(ticketHistory)
    .where(and(eq(ticketHistory.ticketId, ticketId), eq(ticketHistory.updateType, 'created')))
    .limit(1);
  return row?.id ?? null;
}

/** Attachments of work-history entries, oldest first, grouped by entry id. */
export async function attachmentsOfUpdates(db: Database, updateIds: string[]): Promise<Map<string, AttachmentInfo[]>> {
  const out = new Map<string, AttachmentInfo[]>();
  if (updateIds.length === 0) return out;
  const rows = await db
    .select()
    .from(ticketAttachments)
    .where(inArray(ticketAttachments.updateId, updateIds))
    .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.fileName));
  for (const r of rows) {
    const list = out.get(r.updateId) ?? [];
    list.push(presentAttachment(r));
    out.set(r.updateId, list);
  }
  return out;
}

/** A ticket's attachments, oldest first; `customerOnly` keeps those its customer may see. */
export async function attachmentsOfTicket(db: Database, ticketId: string, customerOnly = false): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.ticketId, ticketId), customerOnly ? eq(ticketAttachments.customerVisible, true) : undefined))
    .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.fileName));
}

/** One attachment of one ticket, or null. */
export async function findAttachment(db: Database, ticketId: string, attachmentId: string): Promise<AttachmentRow | null> {
  const [row] = await db
    .select()
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.ticketId, ticketId), eq(ticketAttachments.id, attachmentId)));
  return row ?? null;
}

/** Which of these upload ids have a row (the clean-up keeps their stored files). */
export async function recordedUploads(db: Database, uploadIds: string[]): Promise<Set<string>> {
  return new Set((await ticketsOfUploads(db, uploadIds)).keys());
}

/**
 * Moves every attachment of ticket `fromTicketId` to `toTicketId` (a merge, docs/merge.md), in the
 * caller's transaction. Files stay where they are stored; those of the entry `entry.from` (the merged
 * ticket's 'created' entry, which stays behind) are put on `entry.to` (the target's merge entry).
 * @returns how many moved.
 */
export async function moveAttachments(tx: Database, fromTicketId: string, toTicketId: string, entry: { from: string | null; to: string }): Promise<number> {
  if (entry.from) {
    await tx.update(ticketAttachments).set({ updateId: entry.to }).where(and(eq(ticketAttachments.ticketId, fromTicketId), eq(ticketAttachments.updateId, entry.from)));
  }
  const rows = await tx.update(ticketAttachments).set({ ticketId: toTicketId }).where(eq(ticketAttachments.ticketId, fromTicketId)).returning({ id: ticketAttachments.id });
  return rows.length;
}
