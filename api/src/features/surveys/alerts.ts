/**
 * Which notification jobs survey events create. Called by the surveys feature inside its
 * own transaction with presented data, so the jobs commit or roll back with the invitation or the
 * response (kinds and texts: notifications.ts):
 * - invitation (a ticket entered resolved/closed, once per ticket; again on "Send me the survey
 *   link"): e-mail to the customer with the signed link, and the same link by SMS when the ticket's
 *   contact method is text; the jobs hold the invitation id, never the token (links.ts);
 * - bad rating (overall 1 or 2): e-mail to every notification recipient and web push to the assigned
 *   technician's devices.
 */
import { BAD_RATING_MAX, type SurveyResponse, type TicketSnapshot } from '@portal/shared';
import type { Database } from '../../db/client';
import { enqueueJobs, getNotificationEmails, prepareJob, userSubscriptions, type PreparedJob } from '../../notify';
import { badRatingPush, badRatingStaff, surveyInvite, surveyInviteSms } from './notifications';

/** What an invitation job needs: the ticket as it was, the invitation and its expiry (ISO). */
export interface SurveyInviteEvent {
  ticket: TicketSnapshot;
  invitationId: string;
  expiresAt: string;
}

/** The invitation's jobs: e-mail to the stored address, plus SMS to the stored phone when the contact method is text. */
export function surveyInviteJobs(e: SurveyInviteEvent): PreparedJob[] {
  const payload = { ticket: e.ticket, invitationId: e.invitationId, expiresAt: e.expiresAt };
  const jobs = [prepareJob(surveyInvite, { to: e.ticket.customerEmail, payload })];
  if (e.ticket.contactMethod === 'text' && e.ticket.customerPhone) jobs.push(prepareJob(surveyInviteSms, { to: e.ticket.customerPhone, payload }));
  return jobs;
}

/** Writes the invitation jobs to the customer (see {@link surveyInviteJobs}). Call in the transaction that creates the invitation. */
export async function enqueueSurveyInvite(tx: Database, e: SurveyInviteEvent, now: Date): Promise<void> {
  await enqueueJobs(tx, surveyInviteJobs(e), now);
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
