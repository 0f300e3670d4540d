/**
 * SQL of "Send me the survey link" (docs/surveys.md "Lost survey link"): the one lookup both
 * branches of a resend run. Kept apart from repository.ts (the dashboard's statistics).
 */
import { and, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import { SURVEY_TICKET_STATUSES, type TicketSnapshot } from '@portal/shared';
import type { Database } from '../../db/client';
import { satisfactionSurveys, ticketFacts, surveyInvitations } from '../../db/schema';

/** An invitation the customer can still answer, with the ticket as its jobs carry it. */
export interface PendingInvitation {
  invitationId: string;
  expiresAt: Date;
  ticket: TicketSnapshot;
}

/**
 * The invitation of ticket `ticketKey` (upper-case number) when it is still answerable at `now`:
 * not expired, the ticket resolved or closed, no response yet. One statement, whatever the number.
 */
export async function pendingInvitationByNumber(db: Database, ticketKey: string, now: Date): Promise<PendingInvitation | undefined> {
  const t = ticketFacts;
  const [row] = await db
    .select({
      invitationId: surveyInvitations.id,
      expiresAt: surveyInvitations.expiresAt,
      id: t.id,
      ticketNumber: t.ticketNumber,
      clientName: t.clientName,
      businessName: t.businessName,
      customerEmail: t.customerEmail,
      customerPhone: t.customerPhone,
      severity: t.severity,
      contactMethod: t.contactMethod,
      issue: t.issue,
      status: t.status,
      resolution: t.resolution,
      createdAt: t.createdAt,
    })
    .from(surveyInvitations)
    .innerJoin(t, eq(t.id, surveyInvitations.ticketId))
    .where(
      and(
        eq(t.ticketNumber, ticketKey),
        gt(surveyInvitations.expiresAt, sql`${now.toISOString()}::timestamptz`),
        inArray(t.status, [...SURVEY_TICKET_STATUSES]),
        notExists(db.select({ one: sql`1` }).from(satisfactionSurveys).where(eq(satisfactionSurveys.ticketId, t.id))),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const { invitationId, expiresAt, createdAt, ...ticket } = row;
  return { invitationId, expiresAt, ticket: { ...ticket, createdAt: createdAt.toISOString() } };
}
