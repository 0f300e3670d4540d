/** SQL of the visits feature (issue 54, docs/visits.md): its own table and the tickets' read view. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ticketFacts, visits } from '../../db/schema';

export type VisitRow = typeof visits.$inferSelect;
export type NewVisitRow = typeof visits.$inferInsert;

/** What a close-out needs of its ticket (ticket_facts view), or undefined when there is no such ticket. */
export interface VisitTicket {
  id: string;
  ticketNumber: string;
  issue: string;
  status: string;
  assignedTo: string | null;
  createdAt: Date;
}

/** The ticket `ticketId` as a close-out sees it; undefined when none. */
export async function ticketForVisit(db: Database, ticketId: string): Promise<VisitTicket | undefined> {
  const [row] = await db
    .select({ id: ticketFacts.id, ticketNumber: ticketFacts.ticketNumber, issue: ticketFacts.issue, status: ticketFacts.status, assignedTo: ticketFacts.assignedTo, createdAt: ticketFacts.createdAt })
    .from(ticketFacts)
    .where(eq(ticketFacts.id, ticketId));
  return row ? { ...row, ticketNumber: String(row.ticketNumber), createdAt: new Date(row.createdAt) } : undefined;
}

/** Inserts one visit; returns it. */
export async function insertVisit(tx: Database, row: NewVisitRow): Promise<VisitRow> {
  const [inserted] = await tx.insert(visits).values(row).returning();
  return inserted!;
}

/** The visit `id` locked for update (a correction naming it); undefined when none. */
export async function lockVisit(tx: Database, id: string): Promise<VisitRow | undefined> {
  const [row] = await tx.select().from(visits).where(eq(visits.id, id)).for('update');
  return row;
}

/** One visit by id; undefined when none. */
export async function findVisit(db: Database, id: string): Promise<VisitRow | undefined> {
  const [row] = await db.select().from(visits).where(eq(visits.id, id));
  return row;
}

/** The id of the visit correcting each of `ids` (absent when none). */
export async function supersedersOf(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: visits.id, of: visits.supersedesVisitId }).from(visits).where(inArray(visits.supersedesVisitId, ids));
  return new Map(rows.map((r) => [r.of!, r.id]));
}

/** Every visit of a ticket, oldest first. */
export async function visitsOfTicket(db: Database, ticketId: string): Promise<VisitRow[]> {
  return db.select().from(visits).where(eq(visits.ticketId, ticketId)).orderBy(asc(visits.createdAt), asc(visits.id));
}

/** A ticket as the report and its e-mail read it: the free text and the client, site and contact links (null = none). */
export interface ReportTicketRow {
  ticketNumber: string;
  issue: string;
  clientName: string;
  businessName: string | null;
  customerEmail: string;
  clientId: string | null;
  siteId: string | null;
  contactId: string | null;
}

/** What the service report shows of a ticket (ticket_facts view); undefined when none. */
export async function ticketForReport(db: Database, ticketId: string): Promise<ReportTicketRow | undefined> {
  const [row] = await db
    .select({
      ticketNumber: ticketFacts.ticketNumber,
      issue: ticketFacts.issue,
      clientName: ticketFacts.clientName,
      businessName: ticketFacts.businessName,
      customerEmail: ticketFacts.customerEmail,
      clientId: ticketFacts.clientId,
      siteId: ticketFacts.siteId,
      contactId: ticketFacts.contactId,
    })
    .from(ticketFacts)
    .where(eq(ticketFacts.id, ticketId));
  return row ? { ...row, ticketNumber: String(row.ticketNumber) } : undefined;
}

/** Records the ticket attachment holding visit `id`'s service report. */
export async function setReportAttachment(tx: Database, id: string, attachmentId: string): Promise<void> {
  await tx.update(visits).set({ reportAttachmentId: attachmentId }).where(eq(visits.id, id));
}
