/**
 * Time & Billing SQL (issue 57 item 1, docs/billing.md): the entries of a range with their ticket and
 * client (drill-down and CSV exports), marking one client's entries of a range invoiced, and the edit
 * of one entry, refused once it is invoiced. Clients group as in the time report: a linked ticket by
 * its client object, an unlinked one by its business name, else the customer's name.
 */
import { and, asc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { BILLING_ENTRIES_MAX, type TimeEntryPatch } from '@portal/shared';
import type { Database } from '../../db/client';
import { ticketFacts, timeEntries, users } from '../../db/schema';
import { ticketTaggedSql } from '../tags/port';

/** The unlinked ticket's client name as the report shows it ('' for a linked ticket, named by the caller). */
const unlinkedName = sql<string>`CASE WHEN ${ticketFacts.clientId} IS NULL THEN coalesce(${ticketFacts.businessName}, ${ticketFacts.clientName}) ELSE '' END`;

/** Which entries: [from, to) and optionally one client (object id or unlinked name) and one technician. */
export interface BillingFilter {
  from: Date;
  to: Date;
  clientId?: string | undefined;
  client?: string | undefined;
  technicianId?: string | undefined;
  /** Only entries on tickets with this tag (name, ignoring case; tags port). */
  tag?: string | undefined;
}

function where(f: BillingFilter): SQL | undefined {
  return and(
    gte(timeEntries.createdAt, f.from),
    lt(timeEntries.createdAt, f.to),
    f.clientId ? eq(ticketFacts.clientId, f.clientId) : undefined,
    f.client !== undefined ? and(isNull(ticketFacts.clientId), sql`${unlinkedName} = ${f.client}`) : undefined,
    f.technicianId ? eq(timeEntries.userId, f.technicianId) : undefined,
    f.tag ? ticketTaggedSql(sql`${timeEntries.ticketId}`, f.tag) : undefined,
  );
}

/** One entry row with its ticket number, client grouping and author's username. */
export interface BillingEntryRow {
  id: string;
  ticketId: string;
  ticketNumber: string;
  clientId: string | null;
  client: string;
  technicianId: string | null;
  technician: string | null;
  minutes: number;
  billable: boolean;
  note: string | null;
  createdAt: Date;
  invoicedAt: Date | null;
  invoicedBy: string | null;
}

/** The entries of `f`, oldest first, at most BILLING_ENTRIES_MAX (`truncated` when there were more). */
export async function billingEntries(db: Database, f: BillingFilter): Promise<{ rows: BillingEntryRow[]; truncated: boolean }> {
  const rows = await db
    .select({
      id: timeEntries.id,
      ticketId: timeEntries.ticketId,
      ticketNumber: ticketFacts.ticketNumber,
      clientId: ticketFacts.clientId,
      client: unlinkedName,
      technicianId: timeEntries.userId,
      technician: users.username,
      minutes: timeEntries.minutes,
      billable: timeEntries.billable,
      note: timeEntries.note,
      createdAt: timeEntries.createdAt,
      invoicedAt: timeEntries.invoicedAt,
      invoicedBy: timeEntries.invoicedByName,
    })
    .from(timeEntries)
    .innerJoin(ticketFacts, eq(ticketFacts.id, timeEntries.ticketId))
    .leftJoin(users, eq(users.id, timeEntries.userId))
    .where(where(f))
    .orderBy(asc(timeEntries.createdAt), asc(timeEntries.id))
    .limit(BILLING_ENTRIES_MAX + 1);
  return { rows: rows.slice(0, BILLING_ENTRIES_MAX), truncated: rows.length > BILLING_ENTRIES_MAX };
}

/**
 * Marks the not yet invoiced entries of `f` (one client) invoiced by `by` at `now`: they are locked
 * against edits from then on. Entries invoiced earlier keep their who and when. Counts both.
 */
export async function markInvoiced(tx: Database, f: BillingFilter, by: { id: string; username: string }, now: Date): Promise<{ locked: number; alreadyInvoiced: number }> {
  const ids = await tx
    .select({ id: timeEntries.id, invoicedAt: timeEntries.invoicedAt })
    .from(timeEntries)
    .innerJoin(ticketFacts, eq(ticketFacts.id, timeEntries.ticketId))
    .where(where(f));
  const open = ids.filter((r) => r.invoicedAt === null).map((r) => r.id);
  let locked = 0;
  // Chunks keep each statement's parameter list small; `invoiced_at IS NULL` again: a concurrent marking wins once.
  for (let i = 0; i < open.length; i += 500) {
    const chunk = open.slice(i, i + 500);
    const done = await tx
      .update(timeEntries)
      .set({ invoicedAt: now, invoicedBy: by.id, invoicedByName: by.username })
      .where(and(sql`${timeEntries.id} IN (${sql.join(chunk.map((id) => sql`${id}::uuid`), sql`, `)})`, isNull(timeEntries.invoicedAt)))
      .returning({ id: timeEntries.id });
    locked += done.length;
  }
  return { locked, alreadyInvoiced: ids.length - locked };
}

/** The entry `id` locked for this transaction, or undefined. */
export async function lockEntry(tx: Database, id: string) {
  const [row] = await tx.select().from(timeEntries).where(eq(timeEntries.id, id)).for('update');
  return row;
}

/** Applies `patch` to entry `id` (not invoiced: the caller checked under the row lock) and returns it with its author's username. */
export async function updateEntry(tx: Database, id: string, patch: TimeEntryPatch) {
  const set = {
    ...(patch.minutes !== undefined ? { minutes: patch.minutes } : {}),
    ...(patch.billable !== undefined ? { billable: patch.billable } : {}),
    ...(patch.note !== undefined ? { note: patch.note } : {}),
  };
  const [row] = await tx.update(timeEntries).set(set).where(and(eq(timeEntries.id, id), isNull(timeEntries.invoicedAt))).returning();
  if (!row) return undefined;
  const [u] = row.userId ? await tx.select({ username: users.username }).from(users).where(eq(users.id, row.userId)) : [];
  return { ...row, username: u?.username ?? null };
}
