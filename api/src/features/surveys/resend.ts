/**
 * "Send me the survey link" (docs/surveys.md "Lost survey link"): a customer who opened SPEC.md's
 * `/survey?ticket=TKT-…` without its token asks for the link again. The link goes only to the
 * ticket's stored contact (the e-mail, and the phone by SMS when the contact method is text), never
 * to anything the visitor typed, and the answer is the same 200 SURVEY_RESEND_TEXT.answer for every
 * number: known or not, answered, expired or still open.
 *
 * Both branches do the same work: the per-IP and per-ticket limits (the shared limit store, so every
 * API process counts together; over either one: 429 whatever the number), one lookup statement, one
 * token derivation (the found invitation's id, else a random one) and one enqueue call, which writes
 * the job rows only when an answerable invitation was found. The forgery defence is unchanged: the
 * token still reaches only the stored contact.
 */
import { randomUUID } from 'node:crypto';
import { SURVEY_RESEND_TEXT, surveyTicketKey, type SurveyResendAnswer } from '@portal/shared';
import type { Database } from '../../db/client';
import { consumeAll } from '../../http/rate-limit';
import { enqueueJobs } from '../../notify';
import type { Services } from '../../services';
import { surveyInviteJobs } from './alerts';
import { surveyLinksFor } from './links';
import { pendingInvitationByNumber } from './resendRepository';

/**
 * Sends the invitation of `ticketNumber` again to its stored contact when it is still answerable.
 * @throws 429 (Retry-After) when the IP or the ticket number used up its window.
 */
export async function resendSurveyLink(s: Pick<Services, 'db' | 'config' | 'clock' | 'limiters'>, ticketNumber: string, ip: string): Promise<SurveyResendAnswer> {
  const ticketKey = surveyTicketKey(ticketNumber);
  await consumeAll([
    [s.limiters.surveyResendIp, ip],
    [s.limiters.surveyResendTicket, ticketKey],
  ]);
  const now = s.clock();
  const links = surveyLinksFor(s.config);
  await s.db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    const found = await pendingInvitationByNumber(tx, ticketKey, now);
    // The same HMAC on both branches; the jobs derive the link again when they are rendered.
    links.token(found?.invitationId ?? randomUUID());
    const jobs = found ? surveyInviteJobs({ ticket: found.ticket, invitationId: found.invitationId, expiresAt: found.expiresAt.toISOString() }) : [];
    await enqueueJobs(tx, jobs, now);
  });
  return { message: SURVEY_RESEND_TEXT.answer };
}
