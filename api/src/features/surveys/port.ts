/**
 * The surveys feature's port: what other features may call.
 *
 * - {@link inviteOnResolution}: the tickets feature calls it in every staff-update transaction. When
 *   the ticket enters resolved or closed from another status for the first time, it writes the
 *   ticket's one invitation (hash of the link token, expiry SURVEY_TTL_DAYS later) and the
 *   invitation e-mail job, in that same transaction. Later transitions write nothing.
 * - `surveyLinksFor(config)`: the link token deriver its deps take.
 * - {@link openSurveyLink}: the survey link of a resolved or closed ticket that was not answered yet
 *   (the customer's status page shows it, issue 56).
 * - The read view `survey_facts` (migration 0026, db/schema/readViews.ts): the responses as the
 *   scheduler's KPIs read them, never satisfaction_surveys itself (architecture.test.ts).
 */
import { SURVEY_TICKET_STATUSES, ticketSnapshot, type Ticket } from '@portal/shared';
import type { Database } from '../../db/client';
import { enqueueSurveyInvite } from './alerts';
import { findInvitationOfTicket, insertInvitation } from './repository';
import { surveyLinksFor } from './links';
import { surveyPath } from './notifications';
import type { Config } from '../../config';
import { newInvitation, type SurveyInviteDeps } from './service';

/** What {@link inviteOnResolution} needs from the caller: the token deriver and SURVEY_TTL_DAYS. */
export type { SurveyInviteDeps } from './service';
/** The token deriver of a configuration (SURVEY_SECRET or the key file in DATA_DIR), for {@link SurveyInviteDeps}. */
export { surveyLinksFor } from './links';

/** Invites the customer when `after` (the presented ticket) entered resolved/closed (see module doc). Call in the update transaction. */
export async function inviteOnResolution(tx: Database, change: { before: Ticket; after: Ticket }, deps: SurveyInviteDeps, now: Date): Promise<void> {
  const { before, after } = change;
  if (!SURVEY_TICKET_STATUSES.includes(after.status) || SURVEY_TICKET_STATUSES.includes(before.status)) return;
  const invitation = newInvitation(deps, now);
  const row = await insertInvitation(tx, { ...invitation, ticketId: after.id, createdAt: now });
  if (!row) return; // invited before (a ticket reopened and resolved again)
  await enqueueSurveyInvite(tx, { ticket: ticketSnapshot(after), invitationId: row.id, expiresAt: row.expiresAt.toISOString() }, now);
}

/**
 * The path of the ticket's survey (`/survey?ticket=N&token=T`, the token derived as in the invitation
 * e-mail) and until when it works, while the ticket is resolved or closed, its invitation exists, has
 * not been answered and has not expired; otherwise null.
 */
export async function openSurveyLink(
  db: Database,
  config: Pick<Config, 'surveySecret' | 'dataDir'>,
  ticket: Pick<Ticket, 'id' | 'ticketNumber' | 'status'>,
  now: Date,
): Promise<{ path: string; expiresAt: string } | null> {
  if (!SURVEY_TICKET_STATUSES.includes(ticket.status)) return null;
  const invitation = await findInvitationOfTicket(db, ticket.id);
  if (!invitation || invitation.respondedAt || invitation.expiresAt <= now) return null;
  return { path: surveyPath(ticket.ticketNumber, surveyLinksFor(config).token(invitation.id)), expiresAt: invitation.expiresAt.toISOString() };
}
