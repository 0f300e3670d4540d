/**
 * Which notification jobs survey events create. Called by the surveys feature inside its
 * own transaction with presented data, so the jobs commit or roll back with the invitation or the
 * response (kinds and texts: notifications.ts):
 * - invitation (a ticket entered resolved/closed, once per ticket): e-mail to the customer with the
 *   signed link; the job holds the invitation id, never the token (links.ts);
 * - bad rating (overall 1 or 2): e-mail to every notification recipient and web push to the assigned
 *   technician's devices.
 */
import { BAD_RATING_MAX, type SurveyResponse, type TicketSnapshot } from '@portal/shared';
import type { Database } from '../../db/client';
import { enqueue, enqueueJobs, getNotificationEmails, prepareJob, userSubscriptions, type PreparedJob } from '../../notify';
import { badRatingPush, badRatingStaff, surveyInvite } from './notifications';

/** What an invitation job needs: the ticket as it was, the invitation and its expiry (ISO). */
export interface SurveyInviteEvent {
  ticket: TicketSnapshot;
  invitationId: string;
  expiresAt: string;
}

/** Writes the invitation e-mail job to the customer. Call in the transaction that creates the invitation. */
export async function enqueueSurveyInvite(tx: Database, e: SurveyInviteEvent, now: Date): Promise<void> {
  await enqueue(tx, surveyInvite, { to: e.ticket.customerEmail, payload: { ticket: e.ticket, invitationId: e.invitationId, expiresAt: e.expiresAt } }, now);
}

/** True when a response's overall rating calls for an alert (1 or 2). */
export const isBadRating = (survey: Pick<SurveyResponse, 'overallRating'>) => survey.overallRating <= BAD_RATING_MAX;

/** Jobs for a new response: none unless it is a bad rating (see module doc). */
export async function surveyResponseJobs(tx: Database, survey: SurveyResponse): Promise<PreparedJob[]> {
  if (!isBadRating(survey)) return [];
  const payload = { survey };
  const jobs = (await getNotificationEmails(tx)).map((to) => prepareJob(badRatingStaff, { to, payload }));
  if (survey.assignedTechnicianId) {
    for (const to of await userSubscriptions(tx, survey.assignedTechnicianId)) jobs.push(prepareJob(badRatingPush, { to, payload }));
  }
  return jobs;
}

/** Writes the jobs of a new response (see module doc). Call in the submit transaction. */
export async function enqueueSurveyResponse(tx: Database, survey: SurveyResponse, now: Date): Promise<void> {
  await enqueueJobs(tx, await surveyResponseJobs(tx, survey), now);
}
