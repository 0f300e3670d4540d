/**
 * Time-tracking SQL (docs/sla.md): time entries of a ticket and the report
 * per client and technician over a date range (index time_entries_created_idx), optionally of one
 * client object.
 */
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { TimeEntryCreate } from '@portal/shared';
import type { Database } from '../../db/client';
import { ticketFacts, timeEntries, users } from '../../db/schema';
import { ticketTaggedSql } from '../tags/port';

export type TimeEntryRow = typeof timeEntries.$inferSelect & { username: string | null };

/** True when the ticket exists. */
export async function ticketExists(db: Database, ticketId: string): Promise<boolean> {
  const [row] = await db.select({ id: ticketFacts.id }).from(ticketFacts).where(eq(ticketFacts.id, ticketId)).limit(1);
  return Boolean(row);
}

/** Most minutes one person may record per day (UTC) over all tickets (issue 55 defect 12). */
export const DAY_MINUTES = 1440;

/**
 * Minutes `userId` already recorded on the UTC day of `now`, over all tickets. Takes a transaction
 * lock per user first, so two concurrent entries of one person are counted one after the other.
 */
export async function minutesRecordedToday(tx: Database, userId: string, now: Date): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`time_entries:${userId}`}))`);
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const end = new Date(start.getTime() + 86_400_000);
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${timeEntries.minutes}), 0)` })
    .from(timeEntries)
    .where(and(eq(timeEntries.userId, userId), gte(timeEntries.createdAt, start), lt(timeEntries.createdAt, end)));
  return Number(row?.total ?? 0);
}

/** Records one entry by `user` at `now`. */
export async function insertTimeEntry(
  tx: Database,
  ticketId: string,
  user: { id: string; username: string },
  input: TimeEntryCreate,
  now: Date,
): Promise<TimeEntryRow> {
  const [row] = await tx
    .insert(timeEntries)
    .values({ ticketId, userId: user.id, minutes: input.minutes, billable: input.billable, note: input.note, createdAt: now })
    .returning();
  return { ...row!, username: user.username };
}

/** Most entries a ticket's list returns (newest first); the totals count them all. */
export const TICKET_ENTRIES_LIMIT = 200;

/** A ticket's entries (newest first, at most TICKET_ENTRIES_LIMIT) and its totals. */
export async function ticketTime(db: Database, ticketId: string): Promise<{ rows: TimeEntryRow[]; total: number; billable: number }> {
  const [rows, [sums]] = await Promise.all([
    db
      .select({ entry: timeEntries, username: users.username })
      .from(timeEntries)
      .leftJoin(users, eq(users.id, timeEntries.userId))
      .where(eq(timeEntries.ticketId, ticketId))
      .orderBy(desc(timeEntries.createdAt), desc(timeEntries.id))
      .limit(TICKET_ENTRIES_LIMIT),
    db
      .select({
        total: sql<string>`coalesce(sum(${timeEntries.minutes}), 0)`,
        billable: sql<string>`coalesce(sum(${timeEntries.minutes}) filter (where ${timeEntries.billable}), 0)`,
      })
      .from(timeEntries)
      .where(eq(timeEntries.ticketId, ticketId)),
  ]);
  return { rows: rows.map((r) => ({ ...r.entry, username: r.username })), total: Number(sums?.total ?? 0), billable: Number(sums?.billable ?? 0) };
}

/** One grouped row of the report (`client` is the free text; the route names linked clients). */
export interface ReportRow {
  clientId: string | null;
  client: string;
  technicianId: string | null;
  technician: string | null;
  entries: number;
  totalMinutes: number;
  billableMinutes: number;
}

/**
 * Minutes per client and technician of the entries recorded in [from, to), optionally only on the
 * tickets of client object `clientId` and only on tickets having tag `tag` (tags port). A ticket linked to a client groups by `clientId` (its `client`
 * is then '' for the caller to name); an unlinked one by its business name, else the customer's name.
 */
export async function timeReport(db: Database, from: Date, to: Date, clientId?: string, tag?: string): Promise<ReportRow[]> {
  const client = sql<string>`CASE WHEN ${ticketFacts.clientId} IS NULL THEN coalesce(${ticketFacts.businessName}, ${ticketFacts.clientName}) ELSE '' END`;
  const rows = await db
    .select({
      clientId: ticketFacts.clientId,
      client,
      technicianId: timeEntries.userId,
      technician: users.username,
      entries: sql<string>`count(*)`,
      total: sql<string>`sum(${timeEntries.minutes})`,
      billable: sql<string>`coalesce(sum(${timeEntries.minutes}) filter (where ${timeEntries.billable}), 0)`,
    })
    .from(timeEntries)
    .innerJoin(ticketFacts, eq(ticketFacts.id, timeEntries.ticketId))
    .leftJoin(users, eq(users.id, timeEntries.userId))
    .where(and(gte(timeEntries.createdAt, from), lt(timeEntries.createdAt, to), clientId ? eq(ticketFacts.clientId, clientId) : undefined, tag ? ticketTaggedSql(sql`${timeEntries.ticketId}`, tag) : undefined))
    .groupBy(ticketFacts.clientId, client, timeEntries.userId, users.username);
  return rows.map((r) => ({
    clientId: r.clientId,
    client: r.client,
    technicianId: r.technicianId,
    technician: r.technician,
    entries: Number(r.entries),
    totalMinutes: Number(r.total),
    billableMinutes: Number(r.billable),
  }));
}

/** Rows with linked clients named from `names` (clients port), ordered by client then technician. */
export function nameReportRows(rows: ReportRow[], names: Map<string, string>): ReportRow[] {
  return rows
    .map((r) => (r.clientId ? { ...r, client: names.get(r.clientId) ?? r.client } : r))
    .sort((a, b) => a.client.localeCompare(b.client) || (a.clientId ?? '').localeCompare(b.clientId ?? '') || (a.technician ?? '').localeCompare(b.technician ?? ''));
}

/** Usernames of the given user ids (nulls skipped). */
export async function usernames(db: Database, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** Minutes recorded per ticket for `ticketIds` (one query; tickets without entries absent). */
export async function minutesOfTickets(db: Database, ticketIds: readonly string[]): Promise<Map<string, number>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await db
    .select({ ticketId: timeEntries.ticketId, minutes: sql<string>`coalesce(sum(${timeEntries.minutes}), 0)` })
    .from(timeEntries)
    .where(inArray(timeEntries.ticketId, [...ticketIds]))
    .groupBy(timeEntries.ticketId);
  return new Map(rows.map((r) => [r.ticketId, Number(r.minutes)]));
}

/**
 * Moves every time entry of ticket `fromTicketId` to `toTicketId` (a merge, docs/merge.md), in the
 * caller's transaction; entries keep their times, authors and invoiced marks. @returns how many moved.
 */
export async function moveTimeEntries(tx: Database, fromTicketId: string, toTicketId: string): Promise<number> {
  const rows = await tx.update(timeEntries).set({ ticketId: toTicketId }).where(eq(timeEntries.ticketId, fromTicketId)).returning({ id: timeEntries.id });
  return rows.length;
}
