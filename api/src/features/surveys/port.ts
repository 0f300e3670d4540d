/**
 * The surveys feature's port: what other features may call.
 *
 * - {@link inviteOnResolution}: the tickets feature calls it in every staff-update transaction. When
 *   the ticket enters resolved or closed from another status for the first time, it writes the
 *   ticket's one invitation (hash of the link token, expiry SURVEY_TTL_DAYS later) and the
 *   invitation e-mail job, in that same transaction. Later transitions write nothing.
 * - `surveyLinksFor(config)`: the link token deriver its deps take.
 */
import { SURVEY_TICKET_STATUSES, ticketSnapshot, type Ticket } from '@portal/shared';
import type { Database } from '../../db/client';
import { enqueueSurveyInvite } from './alerts';
import { insertInvitation } from './repository';
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
