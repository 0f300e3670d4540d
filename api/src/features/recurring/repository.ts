/**
 * SQL of recurring schedules and their occurrences (migration 0030). Ticket facts (number, status)
 * come from the tickets' read view `ticket_facts`; users (a shared table) for assignees and authors.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OccurrenceRecord } from '@portal/shared';
import type { Database } from '../../db/client';
import { recurringOccurrences, recurringSchedules, ticketFacts, users } from '../../db/schema';

export type ScheduleRow = typeof recurringSchedules.$inferSelect;
export type NewScheduleRow = typeof recurringSchedules.$inferInsert;

/** Schedule `id`, or undefined. */
export async function findSchedule(db: Database, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await db.select().from(recurringSchedules).where(eq(recurringSchedules.id, id));
  return row;
}

/** Every schedule, by title. */
export async function allSchedules(db: Database): Promise<ScheduleRow[]> {
  return db.select().from(recurringSchedules).orderBy(sql`lower(${recurringSchedules.title})`, recurringSchedules.id);
}

/** Ids of the schedules that are not paused (the sweep's list). */
export async function activeScheduleIds(db: Database): Promise<string[]> {
  return (await db.select({ id: recurringSchedules.id }).from(recurringSchedules).where(eq(recurringSchedules.paused, false))).map((r) => r.id);
}

/**
 * Locks schedule `id` for this transaction when it is not paused and no other transaction holds it
 * (`FOR UPDATE SKIP LOCKED`: two sweeping processes never work one schedule at once); undefined otherwise.
 */
export async function claimSchedule(tx: Database, id: string): Promise<ScheduleRow | undefined> {
  const [row] = await tx.select().from(recurringSchedules).where(and(eq(recurringSchedules.id, id), eq(recurringSchedules.paused, false))).for('update', { skipLocked: true });
  return row;
}

export async function insertSchedule(tx: Database, row: NewScheduleRow): Promise<ScheduleRow> {
  const [out] = await tx.insert(recurringSchedules).values(row).returning();
  return out!;
}

export async function updateSchedule(tx: Database, id: string, set: Partial<NewScheduleRow>): Promise<ScheduleRow> {
  const [out] = await tx.update(recurringSchedules).set(set).where(eq(recurringSchedules.id, id)).returning();
  return out!;
}

export async function deleteScheduleRow(tx: Database, id: string): Promise<boolean> {
  return (await tx.delete(recurringSchedules).where(eq(recurringSchedules.id, id)).returning({ id: recurringSchedules.id })).length > 0;
}

/** The dates of `dates` already recorded (opened or skipped) for schedule `id`. */
export async function recordedDates(db: Database, id: string, dates: string[]): Promise<Set<string>> {
  if (dates.length === 0) return new Set();
  const rows = await db
    .select({ d: recurringOccurrences.occurrenceDate })
    .from(recurringOccurrences)
    .where(and(eq(recurringOccurrences.scheduleId, id), inArray(recurringOccurrences.occurrenceDate, dates)));
  return new Set(rows.map((r) => r.d));
}

/**
 * Claims occurrence (schedule, date): inserts its row unless one exists (the unique key; a concurrent
 * claim waits for the other transaction and then finds it). @returns the new row's id, or null.
 */
export async function claimOccurrence(
  tx: Database,
  row: { scheduleId: string; occurrenceDate: string; dueAt: Date; outcome: 'opened' | 'skipped'; late: boolean; reason: string | null; createdAt: Date },
): Promise<string | null> {
  const [out] = await tx.insert(recurringOccurrences).values(row).onConflictDoNothing().returning({ id: recurringOccurrences.id });
  return out?.id ?? null;
}

export async function setOccurrenceTicket(tx: Database, id: string, ticketId: string): Promise<void> {
  await tx.update(recurringOccurrences).set({ ticketId }).where(eq(recurringOccurrences.id, id));
}

/** The status and number of the last opened ticket of each schedule in `ids`. */
export async function lastTickets(db: Database, ids: string[]): Promise<Map<string, { id: string; ticketNumber: string; status: string }>> {
  const out = new Map<string, { id: string; ticketNumber: string; status: string }>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectDistinctOn([recurringOccurrences.scheduleId], { scheduleId: recurringOccurrences.scheduleId, id: ticketFacts.id, ticketNumber: ticketFacts.ticketNumber, status: ticketFacts.status })
    .from(recurringOccurrences)
    .innerJoin(ticketFacts, eq(ticketFacts.id, recurringOccurrences.ticketId))
    .where(and(inArray(recurringOccurrences.scheduleId, ids), eq(recurringOccurrences.outcome, 'opened')))
    .orderBy(recurringOccurrences.scheduleId, desc(recurringOccurrences.dueAt));
  for (const r of rows) out.set(r.scheduleId, { id: r.id, ticketNumber: r.ticketNumber, status: r.status });
  return out;
}

/** Schedule `id`'s opened and skipped occurrences, newest first (at most 200). */
export async function occurrenceHistory(db: Database, id: string): Promise<OccurrenceRecord[]> {
  const rows = await db
    .select({ o: recurringOccurrences, ticketNumber: ticketFacts.ticketNumber, ticketStatus: ticketFacts.status })
    .from(recurringOccurrences)
    .leftJoin(ticketFacts, eq(ticketFacts.id, recurringOccurrences.ticketId))
    .where(eq(recurringOccurrences.scheduleId, id))
    .orderBy(desc(recurringOccurrences.dueAt))
    .limit(200);
  return rows.map(({ o, ticketNumber, ticketStatus }) => ({
    date: o.occurrenceDate,
    dueAt: o.dueAt.toISOString(),
    outcome: o.outcome,
    late: o.late,
    ticketId: o.ticketId,
    ticketNumber: ticketNumber ?? null,
    ticketStatus: ticketStatus ?? null,
    reason: o.reason,
    createdAt: o.createdAt.toISOString(),
  }));
}

/** A staff account that may be assigned (technician or admin, not disabled): its username, or null. */
export async function staffUsername(db: Database, id: string): Promise<string | null> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, ['technician', 'admin']), sql`${users.disabledAt} is null`));
  return row?.username ?? null;
}

/** Some admin (the author of a recurring ticket whose schedule's author and assignee are gone). */
export async function anyAdmin(db: Database): Promise<{ id: string; username: string } | null> {
  const [row] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.role, 'admin')).orderBy(users.createdAt).limit(1);
  return row ?? null;
}
