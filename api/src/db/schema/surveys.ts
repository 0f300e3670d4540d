/** Satisfaction surveys and their invitations (SPEC.md 3). Part of the one Drizzle schema (../schema.ts). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts, createdAt } from './columns';
import { users } from './accounts';
import { supportTickets } from './tickets';

/**
 * SPEC.md 3 satisfaction_surveys: one response per ticket (unique ticket_id: a second submit, even a
 * racing one, inserts nothing), ratings 1-5 checked by the database. The ticket number,
 * customer and assigned technician are copied at submit time, so the row still reads correctly after
 * the ticket or the user changes. The scheduler KPIs read technician_rating per assigned_technician_id.
 */
export const satisfactionSurveys = pgTable(
  'satisfaction_surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .unique()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    ticketNumber: text('ticket_number').notNull(),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    assignedTechnicianId: uuid('assigned_technician_id').references(() => users.id, { onDelete: 'set null' }),
    assignedTechnicianName: text('assigned_technician_name'),
    resolutionTimeHours: real('resolution_time_hours'),
    overallRating: integer('overall_rating').notNull(),
    technicianRating: integer('technician_rating').notNull(),
    responseTimeRating: integer('response_time_rating').notNull(),
    resolutionRating: integer('resolution_rating').notNull(),
    comments: text('comments'),
    improvements: text('improvements'),
    createdAt: createdAt(),
  },
  (t) => [
    index('satisfaction_surveys_created_at_idx').on(t.createdAt, t.id),
    index('satisfaction_surveys_technician_idx').on(t.assignedTechnicianId, t.createdAt),
    check('satisfaction_surveys_overall_rating_check', sql`${t.overallRating} BETWEEN 1 AND 5`),
    check('satisfaction_surveys_technician_rating_check', sql`${t.technicianRating} BETWEEN 1 AND 5`),
    check('satisfaction_surveys_response_time_rating_check', sql`${t.responseTimeRating} BETWEEN 1 AND 5`),
    check('satisfaction_surveys_resolution_rating_check', sql`${t.resolutionRating} BETWEEN 1 AND 5`),
  ],
);

/**
 * Survey invitations: one per ticket, written in the transaction that moves the ticket to
 * resolved/closed. The link's token is never stored: it is HMAC(server secret, invitation id),
 * derived again when the e-mail is rendered (features/surveys/links.ts); only its sha256 is kept here for
 * the lookup. `sent_at` is set when the e-mail was handed to the provider (the response rate's
 * denominator), `responded_at` when the customer answered; the link works until `expires_at`
 * (SURVEY_TTL_DAYS after the invitation).
 */
export const surveyInvitations = pgTable(
  'survey_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    sentAt: ts('sent_at'),
    /** When the customer answered (set in the submit transaction): the response rate's numerator. */
    respondedAt: ts('responded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('survey_invitations_ticket_id_idx').on(t.ticketId),
    uniqueIndex('survey_invitations_token_hash_idx').on(t.tokenHash),
    index('survey_invitations_sent_at_idx').on(t.sentAt, t.respondedAt),
  ],
);
