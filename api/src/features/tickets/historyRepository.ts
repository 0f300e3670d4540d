/**
 * Work history (ticket_updates) reads and writes of the tickets feature: inserts, the plain list,
 * the delta feed and what changed since a version (DESIGN.md 4 merge).
 */
import { and, asc, desc, eq, gt, gte, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { UpdateType } from '@portal/shared';
import type { Database } from '../../db/client';
import { supportTickets, ticketUpdates, users } from '../../db/schema';
import { recentSeqStart, toPage, type FeedOptions, type FeedPage } from './feedRepository';
import type { TicketUpdateRow } from './repository';

/** A work-history row to insert. */
export interface NewTicketUpdate {
  ticketId: string;
  updatedBy: string | null;
  updateType: UpdateType;
  previousValue: string | null;
  newValue: string | null;
  comment: string | null;
  /** A customer-visible reply; absent = false (internal note, or not a comment). */
  reply?: boolean;
  ticketVersion: number;
  createdAt: Date;
}

/** Inserts work-history rows (each takes the next sync_seq by default); returns them in order. */
export async function insertTicketUpdates(tx: Database, rows: NewTicketUpdate[]): Promise<TicketUpdateRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(ticketUpdates).values(rows).returning();
}

/**
 * Sets the `newValue` (inbound mail: which rule threaded a reply) and `mailOriginal` (the mail as
 * received when the comment is its trimmed new text) of a work-history row written in the same transaction.
 */
export async function setMailReplyFields(tx: Database, id: string, fields: { newValue?: string; mailOriginal?: string }): Promise<void> {
  if (fields.newValue === undefined && fields.mailOriginal === undefined) return;
  await tx.update(ticketUpdates).set(fields).where(eq(ticketUpdates.id, id));
}

/** A work-history row with its author's username (null for the public form or a deleted user). */
export type TicketUpdateWithAuthor = TicketUpdateRow & { updatedByName: string | null };

/** Reads work history with authors; `where` and `order` decide which rows. */
function historyQuery(db: Database, where: SQL | undefined) {
  return db
    .select({ row: ticketUpdates, updatedByName: users.username })
    .from(ticketUpdates)
    .leftJoin(users, eq(users.id, ticketUpdates.updatedBy))
    .where(where);
}

const withAuthor = (rows: { row: TicketUpdateRow; updatedByName: string | null }[]): TicketUpdateWithAuthor[] =>
  rows.map((r) => ({ ...r.row, updatedByName: r.updatedByName }));

/**
 * Work history, newest first, at most `limit` rows (`ticketId` narrows to one ticket): the plain
 * array of `GET /api/ticket-updates` without `since`.
 */
export async function listTicketUpdates(db: Database, opts: { ticketId?: string | undefined; limit: number }): Promise<TicketUpdateWithAuthor[]> {
  const rows = await historyQuery(db, opts.ticketId ? eq(ticketUpdates.ticketId, opts.ticketId) : undefined)
    .orderBy(desc(ticketUpdates.createdAt), desc(ticketUpdates.syncSeq))
    .limit(opts.limit);
  return withAuthor(rows);
}

/**
 * Work-history rows written after cursor `since`, oldest first, at most `limit` (delta sync, issue
 * 16); `ticketId` narrows to one ticket. With `recentDays`, only the history of the working-set
 * tickets (not closed, or changed in the last `recentDays` days), read from those tickets' side.
 */
export async function listTicketUpdatesSince(
  db: Database,
  opts: FeedOptions & { ticketId?: string | undefined },
): Promise<FeedPage<TicketUpdateWithAuthor>> {
  let working: SQL | undefined;
  if (opts.recentDays !== undefined) {
    const start = await recentSeqStart(db, opts.now, opts.recentDays);
    const ids = db
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(start === null ? ne(supportTickets.status, 'closed') : or(ne(supportTickets.status, 'closed'), gte(supportTickets.syncSeq, start)));
    working = inArray(ticketUpdates.ticketId, ids);
  }
  const where = and(gt(ticketUpdates.syncSeq, opts.since), opts.ticketId ? eq(ticketUpdates.ticketId, opts.ticketId) : undefined, working);
  const rows = await historyQuery(db, where).orderBy(asc(ticketUpdates.syncSeq)).limit(opts.limit + 1);
  const page = toPage(rows, opts.limit);
  return { rows: withAuthor(page.rows), more: page.more };
}

/** Update types recorded for a ticket after version `baseVersion` (what the server changed since). */
export async function updateTypesSince(tx: Database, ticketId: string, baseVersion: number): Promise<Set<UpdateType>> {
  const rows = await tx
    .selectDistinct({ updateType: ticketUpdates.updateType })
    .from(ticketUpdates)
    .where(and(eq(ticketUpdates.ticketId, ticketId), gt(ticketUpdates.ticketVersion, baseVersion)));
  return new Set(rows.map((r) => r.updateType));
}

/** Names the macro on work-history rows its update just wrote (same transaction: no new sync_seq needed). */
export async function tagMacro(tx: Database, updateIds: string[], macro: { id: string; name: string }): Promise<void> {
  if (updateIds.length === 0) return;
  await tx.update(ticketUpdates).set({ macroId: macro.id, macroName: macro.name }).where(inArray(ticketUpdates.id, updateIds));
}
