/**
 * Tickets and work-history repository (SPEC.md 3 support_tickets / ticket_updates, DESIGN.md 4):
 * ALL of the feature's SQL. Functions take the db or the route's transaction first and return rows;
 * presenter.ts turns rows into API shapes.
 */
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { STAFF_ROLES, formatTicketNumber } from '@portal/shared';
import type { TicketCreate, TicketMergeField, UpdateType } from '@portal/shared';
import type { Database } from '../../db/client';
import { supportTickets, ticketSequence, ticketUpdates, users } from '../../db/schema';
import { nextSyncSeq } from '../../db/sync';

export type TicketRow = typeof supportTickets.$inferSelect;
export type TicketUpdateRow = typeof ticketUpdates.$inferSelect;

/**
 * Takes the next ticket number from the `TICKET_SEQ` row (created on first use) with one atomic
 * upsert ... RETURNING: unique and gap-free under concurrency (DESIGN.md 4). Call in the create
 * transaction so a rolled-back create gives its number back.
 */
export async function takeTicketNumber(tx: Database, now: Date): Promise<string> {
  const [row] = await tx
    .insert(ticketSequence)
    .values({ id: 'TICKET_SEQ', lastNumber: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: ticketSequence.id,
      set: { lastNumber: sql`${ticketSequence.lastNumber} + 1`, updatedAt: now },
    })
    .returning({ lastNumber: ticketSequence.lastNumber });
  return formatTicketNumber(row!.lastNumber);
}

/** Inserts a new open ticket at version 1. */
export async function insertTicket(tx: Database, input: TicketCreate, ticketNumber: string, now: Date): Promise<TicketRow> {
  const [row] = await tx
    .insert(supportTickets)
    .values({ ...input, ticketNumber, status: 'open', version: 1, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** One ticket, optionally locked FOR UPDATE (inside a transaction). */
export async function findTicket(db: Database, id: string, forUpdate = false): Promise<TicketRow | undefined> {
  const q = db.select().from(supportTickets).where(eq(supportTickets.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** All tickets, newest first. */
export async function listTickets(db: Database): Promise<TicketRow[]> {
  return db.select().from(supportTickets).orderBy(desc(supportTickets.createdAt), desc(supportTickets.ticketNumber));
}

/** Tickets changed after cursor `since` (sync_seq > since), oldest change first. */
export async function listTicketsSince(db: Database, since: string): Promise<TicketRow[]> {
  return db
    .select()
    .from(supportTickets)
    .where(gt(supportTickets.syncSeq, Number(since)))
    .orderBy(asc(supportTickets.syncSeq));
}

/**
 * Sets merge fields, `version` and `updatedAt` and moves the ticket forward in the delta feed.
 * @returns the updated row.
 */
export async function updateTicketFields(
  tx: Database,
  id: string,
  set: Partial<Pick<TicketRow, TicketMergeField>>,
  version: number,
  now: Date,
): Promise<TicketRow> {
  const [row] = await tx
    .update(supportTickets)
    .set({ ...set, version, updatedAt: now, syncSeq: nextSyncSeq() })
    .where(eq(supportTickets.id, id))
    .returning();
  return row!;
}

/** Unassigns every ticket of `userId` (version + 1, new sync_seq); returns the new ids and versions. */
export async function unassignAllOf(tx: Database, userId: string, now: Date): Promise<{ id: string; version: number }[]> {
  return tx
    .update(supportTickets)
    .set({ assignedTo: null, version: sql`${supportTickets.version} + 1`, updatedAt: now, syncSeq: nextSyncSeq() })
    .where(eq(supportTickets.assignedTo, userId))
    .returning({ id: supportTickets.id, version: supportTickets.version });
}

/** A work-history row to insert. */
export interface NewTicketUpdate {
  ticketId: string;
  updatedBy: string | null;
  updateType: UpdateType;
  previousValue: string | null;
  newValue: string | null;
  comment: string | null;
  /** A customer-visible reply (issue 10); absent = false (internal note, or not a comment). */
  reply?: boolean;
  ticketVersion: number;
  createdAt: Date;
}

/** Inserts work-history rows (each takes the next sync_seq by default); returns them in order. */
export async function insertTicketUpdates(tx: Database, rows: NewTicketUpdate[]): Promise<TicketUpdateRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(ticketUpdates).values(rows).returning();
}

/** A work-history row with its author's username (null for the public form or a deleted user). */
export type TicketUpdateWithAuthor = TicketUpdateRow & { updatedByName: string | null };

/**
 * Work history with the author's username. Without `since`: newest first. With `since`: rows whose
 * sync_seq > since, oldest first (delta sync). `ticketId` narrows to one ticket.
 */
export async function listTicketUpdates(db: Database, opts: { since?: string; ticketId?: string }): Promise<TicketUpdateWithAuthor[]> {
  const filters = [
    opts.ticketId ? eq(ticketUpdates.ticketId, opts.ticketId) : undefined,
    opts.since !== undefined ? gt(ticketUpdates.syncSeq, Number(opts.since)) : undefined,
  ];
  const q = db
    .select({ row: ticketUpdates, updatedByName: users.username })
    .from(ticketUpdates)
    .leftJoin(users, eq(users.id, ticketUpdates.updatedBy))
    .where(and(...filters));
  const rows = opts.since !== undefined
    ? await q.orderBy(asc(ticketUpdates.syncSeq))
    : await q.orderBy(desc(ticketUpdates.createdAt), desc(ticketUpdates.syncSeq));
  return rows.map((r) => ({ ...r.row, updatedByName: r.updatedByName }));
}

/** Update types recorded for a ticket after version `baseVersion` (what the server changed since). */
export async function updateTypesSince(tx: Database, ticketId: string, baseVersion: number): Promise<Set<UpdateType>> {
  const rows = await tx
    .selectDistinct({ updateType: ticketUpdates.updateType })
    .from(ticketUpdates)
    .where(and(eq(ticketUpdates.ticketId, ticketId), gt(ticketUpdates.ticketVersion, baseVersion)));
  return new Set(rows.map((r) => r.updateType));
}

/** Usernames of the given user ids (assignment history stores names, not ids). */
export async function usernamesOf(tx: Database, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** True when `id` is a technician or admin (SPEC.md 6: the assignee list offers only those). */
export async function isAssignable(tx: Database, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, [...STAFF_ROLES])))
    .limit(1);
  return Boolean(row);
}
