/**
 * Survey rules (SPEC.md 2 "Survey", 5, 7, 9). No SQL here (repository.ts).
 *
 * A link is usable when its token's hash names an invitation, the ticket number matches, the
 * invitation has not expired and the ticket is resolved or closed; anything else is the same
 * 'Survey Not Found' 404, so a caller learns nothing about which part was wrong. Checking a link
 * records nothing; only a submit writes (one response per ticket; a second one is 409 and changes
 * nothing). A bad rating (overall 1 or 2) writes its alerts in the submit transaction.
 */
import { randomUUID } from 'node:crypto';
import {
  MSG,
  OVERVIEW_FEEDBACK_COUNT,
  SURVEY_QUESTIONS,
  SURVEY_TICKET_STATUSES,
  surveyTicketKey,
  type RatingCounts,
  type SurveyInvitation,
  type SurveyPage,
  type SurveyQuestion,
  type SurveyStats,
  type SurveySubmit,
  type SurveySubmitted,
  type TechnicianPerformance,
} from '@portal/shared';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { enqueueSurveyResponse } from './alerts';
import { surveyTokenHash, type SurveyLinks } from './links';
import { toSurveyResponse } from './presenter';
import {
  findInvitationByTokenHash,
  insertSurvey,
  latestFeedback,
  listSurveys,
  markInvitationResponded,
  resolutionHours,
  type InvitationLookup,
  type SurveyCursor,
} from './repository';
import { invitationCounts, staffNames, surveyAggregates, ticketAggregates, timeline } from './stats-repository';

const DAY_MS = 86_400_000;

/** What creating an invitation needs: the token deriver and SURVEY_TTL_DAYS. */
export interface SurveyInviteDeps {
  links: SurveyLinks;
  ttlDays: number;
}

/** A new invitation's id, the hash to store and its expiry. */
export function newInvitation(deps: SurveyInviteDeps, now: Date): { id: string; tokenHash: string; expiresAt: Date } {
  const id = randomUUID();
  return { id, tokenHash: surveyTokenHash(deps.links.token(id)), expiresAt: new Date(now.getTime() + deps.ttlDays * DAY_MS) };
}

/** Tokens are 43 base64url characters; anything else cannot match and is refused without a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The invitation behind a link, if the link is usable (see module doc).
 * @throws 404 MSG.surveyNotFound otherwise.
 */
async function usableInvitation(db: Database, ticketNumber: string, token: string, now: Date, lock: boolean): Promise<InvitationLookup> {
  const found = TOKEN_SHAPE.test(token) ? await findInvitationByTokenHash(db, surveyTokenHash(token), lock) : undefined;
  const usable =
    found !== undefined &&
    found.ticketNumber === surveyTicketKey(ticketNumber) &&
    found.expiresAt.getTime() > now.getTime() &&
    SURVEY_TICKET_STATUSES.includes(found.status);
  if (!usable) throw notFound(MSG.surveyNotFound);
  return found;
}

/** GET /api/surveys/invitation: checks a link without recording anything. */
export async function checkInvitation(db: Database, ticketNumber: string, token: string, now: Date): Promise<SurveyInvitation> {
  const inv = await usableInvitation(db, ticketNumber, token, now, false);
  return { ticketNumber: inv.ticketNumber, submitted: inv.submitted, expiresAt: inv.expiresAt.toISOString() };
}

/**
 * POST /api/surveys: records the response (ticket, customer and assigned technician copied from the
 * ticket; resolution time from the work history) and, for a bad rating, its alerts.
 * @throws 404 MSG.surveyNotFound; 409 MSG.surveyAlreadySubmitted when the ticket has a response.
 */
export async function submitSurvey(tx: Database, input: SurveySubmit, now: Date): Promise<SurveySubmitted> {
  const inv = await usableInvitation(tx, input.ticketNumber, input.token, now, true);
  if (inv.submitted) throw conflict(MSG.surveyAlreadySubmitted);
  const row = await insertSurvey(tx, {
    ticketId: inv.ticketId,
    ticketNumber: inv.ticketNumber,
    customerName: inv.clientName,
    customerEmail: inv.customerEmail,
    assignedTechnicianId: inv.assignedTo,
    assignedTechnicianName: inv.assignedName,
    resolutionTimeHours: await resolutionHours(tx, inv.ticketId),
    overallRating: input.overallRating,
    technicianRating: input.technicianRating,
    responseTimeRating: input.responseTimeRating,
    resolutionRating: input.resolutionRating,
    comments: input.comments,
    improvements: input.improvements,
    createdAt: now,
  });
  if (!row) throw conflict(MSG.surveyAlreadySubmitted); // a racing submit committed first
  await markInvitationResponded(tx, inv.invitationId, now);
  await enqueueSurveyResponse(tx, toSurveyResponse(row), now);
  return { id: row.id, ticketNumber: row.ticketNumber, createdAt: row.createdAt.toISOString() };
}

/** `[since, now)` of a range of `days`. */
export const rangeStart = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Timeline bucket of a range: days for 7/30, weeks for 90, months for 365. */
export const timelineBucket = (days: number): 'day' | 'week' | 'month' => (days <= 31 ? 'day' : days <= 120 ? 'week' : 'month');

const EMPTY_COUNTS = (): Record<SurveyQuestion, RatingCounts> =>
  Object.fromEntries(SURVEY_QUESTIONS.map((q) => [q, [0, 0, 0, 0, 0]])) as unknown as Record<SurveyQuestion, RatingCounts>;

/** GET /api/surveys/stats (SPEC.md 3 "Survey stats", SPEC.md 9 formulas; definitions in the README). */
export async function surveyStats(db: Database, days: number, now: Date): Promise<SurveyStats> {
  const since = rangeStart(now, days);
  const bucket = timelineBucket(days);
  // Independent aggregates: run side by side on the pool (one connection each on PostgreSQL).
  const [surveys, tickets, invitations, points, feedback] = await Promise.all([
    surveyAggregates(db, since, now),
    ticketAggregates(db, since, now),
    invitationCounts(db, since, now),
    timeline(db, since, now, bucket),
    latestFeedback(db, since, now, OVERVIEW_FEEDBACK_COUNT),
  ]);

  const allSurveys = surveys.find((a) => a.all);
  const allTickets = tickets.find((a) => a.all);
  const byTechSurveys = new Map(surveys.filter((a) => !a.all && a.technicianId).map((a) => [a.technicianId!, a]));
  const byTechTickets = new Map(tickets.filter((a) => !a.all && a.assignedTo).map((a) => [a.assignedTo!, a]));
  const staff = await staffNames(db, [...new Set([...byTechSurveys.keys(), ...byTechTickets.keys()])]);

  const technicianPerformance: TechnicianPerformance[] = staff.map((u) => {
    const sv = byTechSurveys.get(u.id);
    const tk = byTechTickets.get(u.id);
    return {
      technicianId: u.id,
      technicianName: u.username,
      averageRating: sv?.averages.technicianRating ?? null,
      totalTickets: tk?.total ?? 0,
      resolutionRate: tk?.doneRate ?? null,
      averageResolutionTime: tk?.averageResolutionHours ?? null,
      totalSurveys: sv?.responses ?? 0,
      closedTickets: tk?.done ?? 0,
    };
  });

  return {
    totalResponses: allSurveys?.responses ?? 0,
    resolutionRate: allTickets?.assignedDoneRate ?? null,
    averageResolutionTime: allTickets?.averageResolutionHours ?? null,
    averageOverallRating: allSurveys?.averages.overallRating ?? null,
    averageTechnicianRating: allSurveys?.averages.technicianRating ?? null,
    averageResponseTimeRating: allSurveys?.averages.responseTimeRating ?? null,
    averageResolutionRating: allSurveys?.averages.resolutionRating ?? null,
    responseRate: invitations.rate,
    totalTickets: allTickets?.total ?? 0,
    closedTickets: allTickets?.done ?? 0,
    technicianPerformance,
    days,
    since: since.toISOString(),
    invitationsSent: invitations.sent,
    invitationsAnswered: invitations.answered,
    ratingDistribution: allSurveys?.distribution ?? EMPTY_COUNTS(),
    timeline: { bucket, points },
    recentFeedback: feedback.map(toSurveyResponse),
  };
}

/** Cursor text of a response: `<createdAt ms>_<id>`. */
export const encodeCursor = (c: SurveyCursor) => `${c.createdAt.getTime()}_${c.id}`;

/** Parses a cursor; undefined for a malformed one (the route answers 400). */
export function decodeCursor(text: string): SurveyCursor | undefined {
  const m = /^(\d{1,15})_([0-9a-f-]{36})$/.exec(text);
  return m ? { createdAt: new Date(Number(m[1])), id: m[2]! } : undefined;
}

/** GET /api/surveys: one page of the range's responses, newest first. */
export async function surveyPage(db: Database, opts: { days: number; limit: number; cursor?: SurveyCursor | undefined }, now: Date): Promise<SurveyPage> {
  const rowsPlusOne = await listSurveys(db, { since: rangeStart(now, opts.days), now, limit: opts.limit + 1, cursor: opts.cursor });
  const items = rowsPlusOne.slice(0, opts.limit);
  const last = items[items.length - 1];
  return {
    items: items.map(toSurveyResponse),
    nextCursor: rowsPlusOne.length > opts.limit && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}
