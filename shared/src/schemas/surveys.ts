import { z } from 'zod';
import { DEFAULT_SURVEY_RANGE_DAYS, SURVEY_RANGE_DAYS, type TicketStatus } from '../constants';
import { RATING_MAX, RATING_MIN, SURVEY_TEXT_MAX, type SurveyQuestion } from '../survey';
import { MSG } from '../messages';
import { safeText } from './text';

/**
 * Customer satisfaction surveys (SPEC.md 2 "Survey" / "Survey Dashboard", 3, 5, 7, 9).
 * The same schemas validate the /survey form and POST /api/surveys; the response types are what the
 * API returns and the dashboard reads. The questions, their texts, the rating scale and the
 * text limit are in survey.ts (no zod), so the survey page can show them before zod has loaded.
 */

/**
 * Statuses in which a ticket counts as done: entering one of them invites the customer to the survey
 * (once per ticket), the survey accepts answers only then, and the stats count them as resolved.
 */
export const SURVEY_TICKET_STATUSES: readonly TicketStatus[] = ['resolved', 'closed'];

/** SPEC.md 5: the message of a missing rating, per question. */
export const SURVEY_RATING_MESSAGES: Record<SurveyQuestion, string> = {
  overallRating: MSG.rateOverall,
  technicianRating: MSG.rateTechnician,
  responseTimeRating: MSG.rateResponseTime,
  resolutionRating: MSG.rateResolution,
};

/** Ratings at or below this overall rating alert staff (1 or 2 is a bad rating). */
export const BAD_RATING_MAX = 2;

/** A 1-5 rating; a missing, zero or out-of-range value gets the question's SPEC.md 5 message. */
const rating = (message: string) =>
  z
    .number({ error: message })
    .int({ message })
    .min(RATING_MIN, { message })
    .max(RATING_MAX, { message });

const optionalText = safeText()
  .trim()
  .max(SURVEY_TEXT_MAX)
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/**
 * POST /api/surveys body and the /survey form (SPEC.md 5 and 7): ticketNumber, the link's token,
 * four ratings, optional comments and improvements. A missing ticket number -> 'No ticket number
 * provided'. The token is only checked by the server (a missing or wrong one is 'Survey Not Found').
 */
export const surveySubmitSchema = z.object({
  ticketNumber: safeText({ error: MSG.noTicketNumber }).trim().min(1, MSG.noTicketNumber).max(40, MSG.noTicketNumber),
  token: safeText().trim().max(200).optional().default(''),
  overallRating: rating(MSG.rateOverall),
  technicianRating: rating(MSG.rateTechnician),
  responseTimeRating: rating(MSG.rateResponseTime),
  resolutionRating: rating(MSG.rateResolution),
  comments: optionalText,
  improvements: optionalText,
});
export type SurveySubmitInput = z.input<typeof surveySubmitSchema>;
export type SurveySubmit = z.output<typeof surveySubmitSchema>;

/** POST /api/surveys 201 response. */
export interface SurveySubmitted {
  id: string;
  ticketNumber: string;
  createdAt: string;
}

/** GET /api/surveys/invitation query: the two parameters of the e-mailed link. */
export const surveyInvitationQuerySchema = z.object({
  ticket: safeText().trim().max(40).optional().default(''),
  token: safeText().trim().max(200).optional().default(''),
});

/**
 * GET /api/surveys/invitation response: the link is valid (right token, not expired, ticket
 * resolved or closed). `submitted` says a response was already recorded. Reading it records nothing.
 */
export interface SurveyInvitation {
  ticketNumber: string;
  submitted: boolean;
  expiresAt: string;
}

/** One survey response as staff see it (SPEC.md 3 satisfaction_surveys; ISO times). */
export interface SurveyResponse {
  id: string;
  ticketId: string;
  ticketNumber: string;
  customerName: string | null;
  customerEmail: string | null;
  assignedTechnicianId: string | null;
  assignedTechnicianName: string | null;
  /** Hours from the ticket's creation to the moment it last entered resolved/closed, 1 decimal. */
  resolutionTimeHours: number | null;
  overallRating: number;
  technicianRating: number;
  responseTimeRating: number;
  resolutionRating: number;
  comments: string | null;
  improvements: string | null;
  createdAt: string;
}

/** The dashboard's range parameter: one of 7, 30, 90, 365 days (SPEC.md 9), default 30. */
const daysSchema = z.coerce
  .number({ error: 'days must be one of 7, 30, 90, 365' })
  .int()
  .refine((d) => (SURVEY_RANGE_DAYS as readonly number[]).includes(d), 'days must be one of 7, 30, 90, 365')
  .optional()
  .default(DEFAULT_SURVEY_RANGE_DAYS);

/** GET /api/surveys/stats query. */
export const surveyStatsQuerySchema = z.object({ days: daysSchema });

/** Largest page of GET /api/surveys. */
export const SURVEY_PAGE_MAX = 100;
/** Default page size of GET /api/surveys. */
export const SURVEY_PAGE_DEFAULT = 25;

/**
 * GET /api/surveys query: range, page size and the keyset cursor (`nextCursor` of the previous
 * page) for older responses.
 */
export const surveyListQuerySchema = z.object({
  days: daysSchema,
  limit: z.coerce.number().int().min(1).max(SURVEY_PAGE_MAX).optional().default(SURVEY_PAGE_DEFAULT),
  cursor: safeText()
    .max(200)
    .regex(/^[0-9A-Za-z_-]+$/, 'cursor is not valid')
    .optional(),
});

/** GET /api/surveys response: responses newest first; `nextCursor` fetches the next older page (null at the end). */
export interface SurveyPage {
  items: SurveyResponse[];
  nextCursor: string | null;
}

/** One technician's row of the survey stats (SPEC.md 3 technicianPerformance[]). */
export interface TechnicianPerformance {
  technicianId: string;
  technicianName: string;
  /** Average technician rating of their surveys in the range, 1 decimal; null without surveys. */
  averageRating: number | null;
  /** Tickets assigned to them, created in the range. */
  totalTickets: number;
  /** Percent of those tickets that are resolved or closed, rounded; null without tickets. */
  resolutionRate: number | null;
  /** Mean hours from creation to resolution of those tickets that are resolved or closed, 1 decimal. */
  averageResolutionTime: number | null;
  totalSurveys: number;
  /** Of `totalTickets`, those resolved or closed. */
  closedTickets: number;
}

/** Counts of ratings 1..5 (index 0 is rating 1). */
export type RatingCounts = [number, number, number, number, number];

/** One point of "ratings over time". */
export interface SurveyTimelinePoint {
  /** Start of the bucket, `YYYY-MM-DD` (UTC). */
  start: string;
  responses: number;
  /** Average overall rating of the bucket, 1 decimal; null when it had no responses. */
  averageOverallRating: number | null;
}

/**
 * GET /api/surveys/stats response: SPEC.md 3 "Survey stats" (first block) plus what the dashboard's
 * charts and Overview need (second block). All figures are computed in SQL over the range
 * `[since, now)`; see the docs/surveys.md "Survey statistics" for the definitions.
 */
export interface SurveyStats {
  totalResponses: number;
  resolutionRate: number | null;
  averageResolutionTime: number | null;
  averageOverallRating: number | null;
  averageTechnicianRating: number | null;
  averageResponseTimeRating: number | null;
  averageResolutionRating: number | null;
  responseRate: number | null;
  totalTickets: number;
  closedTickets: number;
  technicianPerformance: TechnicianPerformance[];

  /** The range: days and its start (ISO). */
  days: number;
  since: string;
  /** Invitations e-mailed in the range (the response rate's denominator). */
  invitationsSent: number;
  /** Of those invitations, how many were answered (the response rate's numerator). */
  invitationsAnswered: number;
  /** Rating counts per question over the range's responses. */
  ratingDistribution: Record<SurveyQuestion, RatingCounts>;
  /** Responses and average overall rating per day (7/30 days), week (90) or month (365). */
  timeline: { bucket: 'day' | 'week' | 'month'; points: SurveyTimelinePoint[] };
  /** The latest responses that carry a comment or a suggestion (SPEC.md 9: 3). */
  recentFeedback: SurveyResponse[];
}


/**
 * POST /api/surveys/resend body: the ticket number of the `/survey?ticket=` URL. The answer is
 * always 200 { message: SURVEY_RESEND_TEXT.answer } (docs/surveys.md "Lost survey link").
 */
export const surveyResendSchema = z.object({
  ticketNumber: safeText({ error: 'Ticket number is required' }).trim().min(1, 'Ticket number is required').max(40, 'Ticket number is too long'),
});
export type SurveyResend = z.infer<typeof surveyResendSchema>;

/** POST /api/surveys/resend response: SURVEY_RESEND_TEXT.answer, whatever the number. */
export interface SurveyResendAnswer {
  message: string;
}
