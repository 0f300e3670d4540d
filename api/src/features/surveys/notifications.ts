/**
 * The surveys feature's job kinds and their templates (DESIGN.md 6), registered in
 * api/src/notification-kinds.ts; alerts.ts decides who gets them.
 * - `survey_invite`: the customer's invitation; the job holds the invitation id, never the token:
 *   the signed link is derived when the e-mail is rendered (links.ts), and once the provider
 *   accepted the e-mail the invitation's sent time is recorded (the response rate counts by it).
 * - `survey_invite_sms`: the same invitation by SMS (the link, its expiry) to a customer whose contact
 *   method is text; the same payload, the link derived when the message is rendered.
 * - `bad_rating_staff` / `bad_rating_push`: a customer rated a ticket 1 or 2 overall: the ratings,
 *   the customer's words and a link to the ticket.
 */
import {
  RATING_LABELS,
  RATING_MAX,
  RATING_MIN,
  SURVEY_QUESTIONS,
  SURVEY_QUESTION_NAMES,
  TICKET_STATUS_LABELS,
  staffTicketPath,
  type SurveyResponse,
  type TicketSnapshot,
  type TicketStatus,
} from '@portal/shared';
import { PermanentError, defineJobKind, emailContent, portalLink, shorten } from '../../notify';
import { markInvitationSent, surveyLinksFor } from './links';

/**
 * The facts of an invitation: the ticket as it was, the invitation and its expiry (ISO). Jobs
 * written before signed links have no invitation and fail as permanent.
 */
export interface SurveyInvitePayload {
  ticket: TicketSnapshot;
  invitationId?: string;
  expiresAt?: string;
}

/** The facts of a bad-rating alert: the response as the API presents it. */
export interface BadRatingPayload {
  survey: SurveyResponse;
}

/**
 * `/survey?ticket=<ticketNumber>&token=<token>` (SPEC.md 2 Survey); `rating` adds `&rating=N`,
 * which only pre-selects the overall rating on the page (opening records nothing).
 */
export function surveyPath(ticketNumber: string, token: string, rating?: number): string {
  const base = `/survey?ticket=${encodeURIComponent(ticketNumber)}&token=${encodeURIComponent(token)}`;
  return rating === undefined ? base : `${base}&rating=${rating}`;
}

/** 'Mar 5, 2026' (SPEC.md 9 'MMM d, yyyy'), in UTC so every process renders the same date. */
const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A rating as e-mails show it: '2/5 (Poor)'. */
export const ratingText = (n: number) => `${n}/${RATING_MAX} (${RATING_LABELS[n] ?? n})`;

const statusLabel = (v: TicketStatus) => TICKET_STATUS_LABELS[v] ?? v;

/** The invitation e-mail: the signed link, five star links that pre-select the overall rating, the expiry. */
export const surveyInvite = defineJobKind<SurveyInvitePayload, 'email'>({
  kind: 'survey_invite',
  channel: 'email',
  ticketId: (p) => p.ticket.id,
  summary: (p) => `Survey invitation for ticket ${p.ticket.ticketNumber}`,
  render: (p, { brand, config }) => {
    const t = p.ticket;
    if (!p.invitationId) throw new PermanentError('Survey invitation without a signed link (written before signed survey links)');
    const token = surveyLinksFor(config).token(p.invitationId);
    const stars = [];
    for (let n = RATING_MIN; n <= RATING_MAX; n += 1) {
      stars.push({ text: `${n} \u2605`, title: `${n} - ${RATING_LABELS[n]}`, url: portalLink(brand, surveyPath(t.ticketNumber, token, n)) });
    }
    return emailContent(
      {
        subject: `How did we do? Rate your support for ticket ${t.ticketNumber}`,
        title: 'How did we do?',
        blocks: [
          { type: 'p', text: `Hello ${t.clientName},` },
          { type: 'p', text: `Your support ticket ${t.ticketNumber} is now ${statusLabel(t.status).toLowerCase()}. Please take a minute to rate the support you received; it helps us serve you better.` },
          { type: 'links', label: 'How was your overall experience? Pick a rating to start:', links: stars },
          { type: 'button', label: 'Rate our support', url: portalLink(brand, surveyPath(t.ticketNumber, token)) },
          ...(p.expiresAt ? [{ type: 'p' as const, text: `This link is personal to your ticket and works until ${formatDay(p.expiresAt)}.` }] : []),
        ],
      },
      brand,
    );
  },
  // The invitation counts as sent (response-rate denominator) once the provider accepted it.
  sent: async (p, { db, now }) => {
    if (p.invitationId) await markInvitationSent(db, p.invitationId, now);
  },
});

/** The invitation by SMS: one short message with the signed link and the expiry (contact method text). */
export const surveyInviteSms = defineJobKind<SurveyInvitePayload, 'sms'>({
  kind: 'survey_invite_sms',
  channel: 'sms',
  ticketId: (p) => p.ticket.id,
  summary: (p) => `Survey invitation by SMS for ticket ${p.ticket.ticketNumber}`,
  render: (p, { brand, config }) => {
    if (!p.invitationId) throw new PermanentError('Survey invitation without a signed link');
    const link = portalLink(brand, surveyPath(p.ticket.ticketNumber, surveyLinksFor(config).token(p.invitationId)));
    const until = p.expiresAt ? ` (until ${formatDay(p.expiresAt)})` : '';
    return { body: `${brand.appName}: how did we do on ticket ${p.ticket.ticketNumber}? Rate our support${until}: ${link}` };
  },
  sent: async (p, { db, now }) => {
    if (p.invitationId) await markInvitationSent(db, p.invitationId, now);
  },
});

const lowRatingSummary = ({ survey: s }: BadRatingPayload) => `Low rating ${s.overallRating}/5 on ticket ${s.ticketNumber}`;

/** E-mail to a notification recipient about a bad rating: ratings, the customer's words, a link to the ticket. */
export const badRatingStaff = defineJobKind<BadRatingPayload, 'email'>({
  kind: 'bad_rating_staff',
  channel: 'email',
  ticketId: (p) => p.survey.ticketId,
  summary: lowRatingSummary,
  render: ({ survey: s }, { brand }) => {
    const who = s.customerName ?? s.customerEmail ?? 'A customer';
    return emailContent(
      {
        subject: `Low rating ${s.overallRating}/${RATING_MAX} for ticket ${s.ticketNumber} - ${who}`,
        title: `Low satisfaction rating on ticket ${s.ticketNumber}`,
        blocks: [
          { type: 'p', text: `${who} rated the support on ticket ${s.ticketNumber} ${ratingText(s.overallRating)} overall. Please follow up.` },
          {
            type: 'fields',
            rows: [
              ['Ticket', s.ticketNumber],
              ['Customer', [s.customerName, s.customerEmail].filter(Boolean).join(', ') || 'unknown'],
              ['Technician', s.assignedTechnicianName ?? 'Unassigned'],
              ...SURVEY_QUESTIONS.map((q): [string, string] => [SURVEY_QUESTION_NAMES[q], ratingText(s[q])]),
            ],
          },
          ...(s.comments ? [{ type: 'quote' as const, label: 'Comments', text: s.comments }] : []),
          ...(s.improvements ? [{ type: 'quote' as const, label: 'How we can improve', text: s.improvements }] : []),
          { type: 'button', label: 'Open the ticket', url: portalLink(brand, staffTicketPath(s.ticketId)) },
        ],
      },
      brand,
    );
  },
});

/** Web push to one device of the ticket's assigned technician about a bad rating. */
export const badRatingPush = defineJobKind<BadRatingPayload, 'push'>({
  kind: 'bad_rating_push',
  channel: 'push',
  ticketId: (p) => p.survey.ticketId,
  summary: lowRatingSummary,
  render: ({ survey: sv }) => {
    const words = sv.comments ?? sv.improvements;
    return {
      title: `Low rating ${sv.overallRating}/5 on ${sv.ticketNumber}`,
      body: `${sv.customerName ?? 'The customer'} rated your support ${sv.overallRating}/5${words ? `: ${shorten(words, 110)}` : '.'}`,
      url: staffTicketPath(sv.ticketId),
      tag: `survey-${sv.ticketId}`,
    };
  },
});

/** Every job kind of the surveys feature (api/src/notification-kinds.ts). */
export const surveyKinds = [surveyInvite, surveyInviteSms, badRatingStaff, badRatingPush];
