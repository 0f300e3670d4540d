/**
 * Surveys repository: the SQL of survey invitations and responses. The dashboard's statistics are in
 * stats-repository.ts.
 */
import { and, desc, eq, gte, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { SURVEY_TICKET_STATUSES } from '@portal/shared';
import type { Database } from '../../db/client';
import { satisfactionSurveys, ticketFacts, surveyInvitations, users } from '../../db/schema';
import { rowsOf } from '../../db/rows';

/** A satisfaction_surveys row. */
export type SurveyRow = typeof satisfactionSurveys.$inferSelect;
/** Values of a new satisfaction_surveys row. */
export type NewSurveyRow = typeof satisfactionSurveys.$inferInsert;
/** A survey_invitations row. */
export type InvitationRow = typeof surveyInvitations.$inferSelect;


/**
 * `'resolved', 'closed'` as SQL literals (constants, not parameters, so the planner can match the
 * partial index ticket_updates_entered_done_idx).
 */
export const DONE = sql.raw(SURVEY_TICKET_STATUSES.map((s) => `'${s}'`).join(', '));

/** A time as an SQL timestamptz parameter (ISO text: the same on node-postgres and PGlite). */
export const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Writes the ticket's invitation unless it has one (one per ticket: unique ticket_id).
 * @returns the new row, or undefined when the ticket was invited before.
 */
export async function insertInvitation(
  tx: Database,
  values: { id: string; ticketId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<InvitationRow | undefined> {
  const [row] = await tx.insert(surveyInvitations).values(values).onConflictDoNothing({ target: surveyInvitations.ticketId }).returning();
  return row;
}

/** An invitation found by its token hash, with the ticket facts the survey needs. */
export interface InvitationLookup {
  invitationId: string;
  expiresAt: Date;
  ticketId: string;
  ticketNumber: string;
  status: (typeof ticketFacts.$inferSelect)['status'];
  clientName: string;
  customerEmail: string;
  createdAt: Date;
  assignedTo: string | null;
  assignedName: string | null;
  submitted: boolean;
}

/**
 * The invitation whose token hashes to `tokenHash`, joined with its ticket and the assignee's
 * username. `lockTicket` takes a share lock on the ticket row (inside the submit transaction, so a
 * concurrent staff update cannot reopen the ticket between the check and the insert).
 */
export async function findInvitationByTokenHash(db: Database, tokenHash: string, lockTicket = false): Promise<InvitationLookup | undefined> {
  const q = db
    .select({
      invitationId: surveyInvitations.id,
      expiresAt: surveyInvitations.expiresAt,
      ticketId: ticketFacts.id,
      ticketNumber: ticketFacts.ticketNumber,
      status: ticketFacts.status,
      clientName: ticketFacts.clientName,
      customerEmail: ticketFacts.customerEmail,
      createdAt: ticketFacts.createdAt,
      assignedTo: ticketFacts.assignedTo,
      assignedName: users.username,
      submitted: sql<boolean>`exists (select 1 from ${satisfactionSurveys} where ${satisfactionSurveys.ticketId} = ${ticketFacts.id})`,
    })
    .from(surveyInvitations)
    .innerJoin(ticketFacts, eq(ticketFacts.id, surveyInvitations.ticketId))
    .leftJoin(users, eq(users.id, ticketFacts.assignedTo))
    .where(eq(surveyInvitations.tokenHash, tokenHash))
    .limit(1);
  // FOR SHARE OF a view locks the rows of its table (support_tickets); drizzle types `of` as tables only.
  const [row] = lockTicket ? await q.for('share', { of: ticketFacts as unknown as PgTable }) : await q;
  return row;
}

/**
 * Hours from the ticket's creation to the moment it last entered resolved/closed from another status
 * (work history), or null when no such history row exists.
 */
export async function resolutionHours(db: Database, ticketId: string): Promise<number | null> {
  const [row] = await rowsOf<{ hours: number | null }>(
    db,
    sql`select (extract(epoch from (max(u.created_at) - t.created_at)) / 3600)::float8 as hours
        from ticket_facts t
        join ticket_history u on u.ticket_id = t.id
          and u.update_type = 'status_change' and u.new_value in (${DONE}) and u.previous_value not in (${DONE})
        where t.id = ${ticketId}
        group by t.created_at`,
  );
  return row?.hours ?? null;
}

/**
 * Inserts a response unless the ticket already has one (unique ticket_id: of two racing submits
 * exactly one inserts; the other waits for it to commit and inserts nothing).
 * @returns the new row, or undefined when a response existed.
 */
export async function insertSurvey(tx: Database, values: NewSurveyRow): Promise<SurveyRow | undefined> {
  const [row] = await tx.insert(satisfactionSurveys).values(values).onConflictDoNothing({ target: satisfactionSurveys.ticketId }).returning();
  return row;
}

/** Keyset position of a response in "newest first" order. */
export interface SurveyCursor {
  createdAt: Date;
  id: string;
}

/** Responses created in `[since, now)`, newest first, at most `limit`, after `cursor`. */
export async function listSurveys(db: Database, opts: { since: Date; now: Date; limit: number; cursor?: SurveyCursor | undefined }): Promise<SurveyRow[]> {
  const s = satisfactionSurveys;
  const after = opts.cursor
    ? or(lt(s.createdAt, opts.cursor.createdAt), and(eq(s.createdAt, opts.cursor.createdAt), lt(s.id, opts.cursor.id)))
    : undefined;
  return db
    .select()
    .from(s)
    .where(and(gte(s.createdAt, opts.since), lt(s.createdAt, opts.now), after))
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(opts.limit);
}

/** The latest `limit` responses of the range with a comment or a suggestion (Overview feedback). */
export async function latestFeedback(db: Database, since: Date, now: Date, limit: number): Promise<SurveyRow[]> {
  const s = satisfactionSurveys;
  return db
    .select()
    .from(s)
    .where(and(gte(s.createdAt, since), lt(s.createdAt, now), or(isNotNull(s.comments), isNotNull(s.improvements))))
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(limit);
}

/** Marks an invitation answered (in the submit transaction). */
export async function markInvitationResponded(tx: Database, invitationId: string, now: Date): Promise<void> {
  await tx.update(surveyInvitations).set({ respondedAt: now }).where(eq(surveyInvitations.id, invitationId));
}

/** The ticket's invitation (one per ticket), or undefined when it was never invited. */
export async function findInvitationOfTicket(db: Database, ticketId: string): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(surveyInvitations).where(eq(surveyInvitations.ticketId, ticketId)).limit(1);
  return row;
}
