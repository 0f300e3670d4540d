/**
 * E-mail texts (SPEC.md 4 and 7, issue 4): new-ticket alert to the notification recipients, the
 * customer's confirmation with the ticket number, the customer's update e-mail and the survey
 * invitation. Labels come from @portal/shared so mails read like the app.
 */
import {
  CONTACT_METHOD_LABELS,
  PHONE_SUPPORT_HOURS,
  RATING_LABELS,
  RATING_MAX,
  RATING_MIN,
  SEVERITY_LABELS,
  SEVERITY_NAMES,
  SURVEY_QUESTIONS,
  SURVEY_QUESTION_NAMES,
  TICKET_STATUS_LABELS,
  type SurveyResponse,
  type TicketStatus,
} from '@portal/shared';
import { PermanentError, type Brand, type EmailMessage, type JobPayload, type TicketChange, type TicketSnapshot } from '../types';
import { portalLink, renderHtml, renderText, surveyPath, ticketPath, type Block } from './layout';

type Content = { subject: string; title: string; blocks: Block[] };

/** What rendering needs besides the payload: the survey link token of an invitation (survey-links.ts). */
export interface RenderContext {
  surveyToken?: (invitationId: string) => string;
}

/** 'Mar 5, 2026' (SPEC.md 9 'MMM d, yyyy'), in UTC so every process renders the same date. */
const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A rating as e-mails show it: '2/5 (Poor)'. */
export const ratingText = (n: number) => `${n}/${RATING_MAX} (${RATING_LABELS[n] ?? n})`;

/** The survey invitation (issue 11): the signed link, five star links that pre-select the overall rating, the expiry. */
function surveyInvite(p: Extract<JobPayload, { kind: 'survey_invite' }>, brand: Brand, ctx: RenderContext): Content {
  const t = p.ticket;
  if (!p.invitationId || !ctx.surveyToken) throw new PermanentError('Survey invitation without a signed link (written before issue 11)');
  const token = ctx.surveyToken(p.invitationId);
  const stars = [];
  for (let n = RATING_MIN; n <= RATING_MAX; n += 1) {
    stars.push({ text: `${n} \u2605`, title: `${n} - ${RATING_LABELS[n]}`, url: portalLink(brand, surveyPath(t.ticketNumber, token, n)) });
  }
  return {
    subject: `How did we do? Rate your support for ticket ${t.ticketNumber}`,
    title: 'How did we do?',
    blocks: [
      { type: 'p', text: `Hello ${t.clientName},` },
      { type: 'p', text: `Your support ticket ${t.ticketNumber} is now ${statusLabel(t.status).toLowerCase()}. Please take a minute to rate the support you received; it helps us serve you better.` },
      { type: 'links', label: 'How was your overall experience? Pick a rating to start:', links: stars },
      { type: 'button', label: 'Rate our support', url: portalLink(brand, surveyPath(t.ticketNumber, token)) },
      ...(p.expiresAt ? [{ type: 'p' as const, text: `This link is personal to your ticket and works until ${formatDay(p.expiresAt)}.` }] : []),
    ],
  };
}

/** The bad-rating alert to the notification recipients (issue 11): ratings, the customer's words, a link to the ticket. */
function badRating(s: SurveyResponse, brand: Brand): Content {
  const who = s.customerName ?? s.customerEmail ?? 'A customer';
  return {
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
      { type: 'button', label: 'Open the ticket', url: portalLink(brand, ticketPath(s.ticketId)) },
    ],
  };
}

const statusLabel = (v: string | null) => (v ? (TICKET_STATUS_LABELS[v as TicketStatus] ?? v) : 'none');

/** Ticket fields staff need to act on a new ticket. */
function ticketFields(t: TicketSnapshot): Block {
  return {
    type: 'fields',
    rows: [
      ['Ticket', t.ticketNumber],
      ['Client', t.clientName],
      ...(t.businessName ? ([['Business', t.businessName]] as [string, string][]) : []),
      ['E-mail', t.customerEmail],
      ['Phone', t.customerPhone],
      ['Severity', SEVERITY_LABELS[t.severity]],
      ['Contact method', CONTACT_METHOD_LABELS[t.contactMethod]],
    ],
  };
}

/** One line per change, worded for the customer. */
function describeChange(c: TicketChange, actorName: string): Block {
  switch (c.type) {
    case 'status_change':
      return { type: 'p', text: `Status: ${statusLabel(c.from)} -> ${statusLabel(c.to)}` };
    case 'assignment':
      return { type: 'p', text: c.to ? `Your ticket is now handled by technician ${c.to}.` : 'Your ticket is waiting for a technician to be assigned.' };
    case 'resolution':
      return { type: 'quote', label: 'Resolution', text: c.to ?? '' };
    case 'comment':
      return { type: 'quote', label: `Comment from ${actorName}`, text: c.to ?? '' };
  }
}

function content(p: JobPayload, brand: Brand, ctx: RenderContext): Content {
  switch (p.kind) {
    case 'new_ticket_staff': {
      const t = p.ticket;
      return {
        subject: `New ticket ${t.ticketNumber} (${SEVERITY_NAMES[t.severity]}) - ${t.clientName}`,
        title: `New support ticket ${t.ticketNumber}`,
        blocks: [
          ticketFields(t),
          { type: 'quote', label: 'Issue', text: t.issue },
          { type: 'button', label: 'Open the ticket', url: portalLink(brand, ticketPath(t.id)) },
        ],
      };
    }
    case 'customer_confirmation': {
      const t = p.ticket;
      return {
        subject: `We received your support request - ticket ${t.ticketNumber}`,
        title: `Your ticket number is ${t.ticketNumber}`,
        blocks: [
          { type: 'p', text: `Hello ${t.clientName},` },
          { type: 'p', text: `Thank you for contacting ${brand.appName}. We received your support request and our team will get back to you soon. Please keep your ticket number ${t.ticketNumber} for reference.` },
          { type: 'fields', rows: [['Ticket', t.ticketNumber], ['Severity', SEVERITY_LABELS[t.severity]], ['Contact method', CONTACT_METHOD_LABELS[t.contactMethod]]] },
          { type: 'quote', label: 'Your request', text: t.issue },
          { type: 'p', text: `Need us sooner? Call ${brand.supportPhone} (${PHONE_SUPPORT_HOURS}) or write to ${brand.supportEmail}.` },
        ],
      };
    }
    case 'ticket_updated': {
      const t = p.ticket;
      return {
        subject: `Update on your ticket ${t.ticketNumber}`,
        title: `Update on ticket ${t.ticketNumber}`,
        blocks: [
          { type: 'p', text: `Hello ${t.clientName},` },
          { type: 'p', text: `There is an update on your support ticket ${t.ticketNumber}:` },
          ...p.changes.map((c) => describeChange(c, p.actorName)),
          { type: 'fields', rows: [['Current status', statusLabel(t.status)]] },
          { type: 'p', text: `Questions? Call ${brand.supportPhone} or write to ${brand.supportEmail} and mention ${t.ticketNumber}.` },
        ],
      };
    }
    case 'survey_invite':
      return surveyInvite(p, brand, ctx);
    case 'bad_rating_staff':
      return badRating(p.survey, brand);
    default:
      throw new Error(`No e-mail template for ${p.kind}`);
  }
}

/**
 * Renders the e-mail of a job (plain text + HTML, user text escaped). `ctx` supplies the survey link
 * token of an invitation.
 * @throws Error for a payload kind that is not an e-mail; PermanentError for an unsigned invitation.
 */
export function renderEmail(payload: JobPayload, to: string, brand: Brand, ctx: RenderContext = {}): EmailMessage {
  const c = content(payload, brand, ctx);
  return { to, subject: c.subject.replace(/\s+/g, ' ').trim(), text: renderText(c.title, c.blocks, brand), html: renderHtml(c.title, c.blocks, brand) };
}
