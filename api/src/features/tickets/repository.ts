/**
 * Tickets and work-history repository (SPEC.md 3 support_tickets / ticket_updates, DESIGN.md 4).
 * Maps rows to the shared API shapes (`Ticket`, `TicketUpdateEntry`; ISO times, no sync_seq).
 */
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { formatTicketNumber } from '@portal/shared';
import type { Ticket, TicketCreate, TicketUpdateEntry, UpdateType } from '@portal/shared';
import type { Database } from '../../db/client';
import { supportTickets, ticketSequence, ticketUpdates, users } from '../../db/schema';

export type TicketRow = typeof supportTickets.$inferSelect;

/** Row -> API ticket. */
export function toTicket(r: TicketRow): Ticket {
  return {
    id: r.id,
    ticketNumber: r.ticketNumber,
    clientName: r.clientName,
    businessName: r.businessName,
    customerEmail: r.customerEmail,
    customerPhone: r.customerPhone,
    severity: r.severity,
    contactMethod: r.contactMethod,
    issue: r.issue,
    status: r.status,
    assignedTo: r.assignedTo,
    resolution: r.resolution,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

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

/** A work-history row to insert. */
export interface NewTicketUpdate {
  ticketId: string;
  updatedBy: string | null;
  updateType: UpdateType;
  previousValue: string | null;
  newValue: string | null;
  comment: string | null;
  ticketVersion: number;
  createdAt: Date;
}

/** Inserts work-history rows (each takes the next sync_seq by default); returns their ids in order. */
export async function insertTicketUpdates(tx: Database, rows: NewTicketUpdate[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tx.insert(ticketUpdates).values(rows).returning({ id: ticketUpdates.id });
  return inserted.map((r) => r.id);
}

const updateColumns = {
  id: ticketUpdates.id,
  ticketId: ticketUpdates.ticketId,
  updatedBy: ticketUpdates.updatedBy,
  updatedByName: users.username,
  updateType: ticketUpdates.updateType,
  previousValue: ticketUpdates.previousValue,
  newValue: ticketUpdates.newValue,
  comment: ticketUpdates.comment,
  createdAt: ticketUpdates.createdAt,
  syncSeq: ticketUpdates.syncSeq,
};

type UpdateRow = { createdAt: Date; syncSeq: number } & Omit<TicketUpdateEntry, 'createdAt'>;

/** Row -> API work-history entry. */
export function toUpdateEntry(r: UpdateRow): TicketUpdateEntry {
  return {
    id: r.id,
    ticketId: r.ticketId,
    updatedBy: r.updatedBy,
    updatedByName: r.updatedByName,
    updateType: r.updateType,
    previousValue: r.previousValue,
    newValue: r.newValue,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Work history with the author's username. Without `since`: newest first. With `since`: rows whose
 * sync_seq > since, oldest first (delta sync). `ticketId` narrows to one ticket.
 */
export async function listTicketUpdates(db: Database, opts: { since?: string; ticketId?: string }): Promise<UpdateRow[]> {
  const filters = [
    opts.ticketId ? eq(ticketUpdates.ticketId, opts.ticketId) : undefined,
    opts.since !== undefined ? gt(ticketUpdates.syncSeq, Number(opts.since)) : undefined,
  ];
  const q = db.select(updateColumns).from(ticketUpdates).leftJoin(users, eq(users.id, ticketUpdates.updatedBy)).where(and(...filters));
  return opts.since !== undefined
    ? q.orderBy(asc(ticketUpdates.syncSeq))
    : q.orderBy(desc(ticketUpdates.createdAt), desc(ticketUpdates.syncSeq));
}

/** Update types recorded for a ticket after version `baseVersion` (what the server changed since). */
export async function updateTypesSince(tx: Database, ticketId: string, baseVersion: number): Promise<Set<UpdateType>> {
  const rows = await tx
    .selectDistinct({ updateType: ticketUpdates.updateType })
    .from(ticketUpdates)
    .where(and(eq(ticketUpdates.ticketId, ticketId), gt(ticketUpdates.ticketVersion, baseVersion)));
  return new Set(rows.map((r) => r.updateType));
}
