/**
 * Which notification jobs survey events create (issue 11). Called by the surveys feature inside its
 * own transaction with presented data, so the jobs commit or roll back with the invitation or the
 * response:
 * - invitation (a ticket entered resolved/closed, once per ticket): e-mail to the customer with the
 *   signed link; the job holds the invitation id, never the token (survey-links.ts);
 * - bad rating (overall 1 or 2): e-mail to every notification recipient and web push to the assigned
 *   technician's devices, with the ratings, the comments and a link to the ticket.
 */
import { BAD_RATING_MAX, type SurveyResponse } from '@portal/shared';
import type { Database } from '../db/client';
import { insertJobs, type NewJob } from './jobs';
import { getNotificationEmails, userSubscriptions } from './recipients';
import type { TicketSnapshot } from './types';

/** What an invitation job needs: the ticket as it was, the invitation and its expiry (ISO). */
export interface SurveyInviteEvent {
  ticket: TicketSnapshot;
  invitationId: string;
  expiresAt: string;
}

/** The invitation e-mail to the customer. */
export function surveyInviteJob(e: SurveyInviteEvent): NewJob {
  const t = e.ticket;
  return {
    channel: 'email',
    recipient: t.customerEmail,
    ticketId: t.id,
    summary: `Survey invitation for ticket ${t.ticketNumber}`,
    payload: { kind: 'survey_invite', ticket: t, invitationId: e.invitationId, expiresAt: e.expiresAt },
  };
}

/** Writes the invitation e-mail job. Call in the transaction that creates the invitation. */
export async function enqueueSurveyInvite(tx: Database, e: SurveyInviteEvent, now: Date): Promise<void> {
  await insertJobs(tx, [surveyInviteJob(e)], now);
}

/** True when a response's overall rating calls for an alert (1 or 2). */
export const isBadRating = (survey: Pick<SurveyResponse, 'overallRating'>) => survey.overallRating <= BAD_RATING_MAX;

/** Jobs for a new response: none unless it is a bad rating (see module doc). */
export async function surveyResponseJobs(tx: Database, survey: SurveyResponse): Promise<NewJob[]> {
  if (!isBadRating(survey)) return [];
  const ticketId = survey.ticketId;
  const summary = `Low rating ${survey.overallRating}/5 on ticket ${survey.ticketNumber}`;
  const jobs: NewJob[] = (await getNotificationEmails(tx)).map((email) => ({
    channel: 'email',
    recipient: email,
    ticketId,
    summary,
    payload: { kind: 'bad_rating_staff', survey },
  }));
  if (survey.assignedTechnicianId) {
    for (const sub of await userSubscriptions(tx, survey.assignedTechnicianId)) {
      jobs.push({ channel: 'push', recipient: `push:${sub.username}`, ticketId, summary, payload: { kind: 'bad_rating_push', survey, subscriptionId: sub.id } });
    }
  }
  return jobs;
}

/** Writes the jobs of a new response (see module doc). Call in the submit transaction. */
export async function enqueueSurveyResponse(tx: Database, survey: SurveyResponse, now: Date): Promise<void> {
  await insertJobs(tx, await surveyResponseJobs(tx, survey), now);
}
