/**
 * The customer's status link (DESIGN.md 7 "Public tokens"): texts, shapes and the reply rule both
 * the API and the public /status/:token page need. No zod here, so the page can use it before zod
 * has loaded (the public-route JavaScript budget, docs/benchmarks.md); the request schemas are in
 * schemas/ticketStatus.ts.
 */
import type { Severity, TicketStatus } from './constants';
import type { AttachmentInfo } from './rules/attachments';
import { LOST_LINK_TEXT } from './lostLinkText';
import type { LOOKUP_TEXT } from './lookupText';
import type { StatusVisitReport } from './schemas/visits';

/**
 * Text of the status page's link to a visit's service report (docs/visits.md). Here, not in
 * schemas/visits.ts: that module imports zod, and the status page must not load zod before it is usable.
 */
export const REPORT_LINK_TEXT = 'Download the service report';

/** Texts of the status page and the lookup form (tests find elements by them). */
export const STATUS_TEXT = {
  invalidLink: 'This link is no longer valid',
  replyField: 'Your reply',
  replyButton: 'Send Reply',
  lostLink: LOST_LINK_TEXT,
  closedSubmitNew: 'This ticket is closed. Please submit a new ticket if you still need help.',
  replyRequired: 'Please enter your reply',
  replyTooLong: 'Your reply is too long (at most 5000 characters)',
  technicianNone: 'Not assigned yet',
  /** An unassigned resolved/closed ticket whose resolver is unknown (e.g. closed from the e-mail import). */
  technicianTeam: 'Our support team',
  resolutionHeading: 'Resolution',
  surveyHeading: 'How did we do?',
  surveyLead: 'Please take a minute to rate the support you received; it helps us serve you better.',
  /** The same words as the invitation e-mail's button. */
  surveyButton: 'Rate our support',
} as const;

/** Longest customer reply, in characters. */
export const STATUS_REPLY_MAX = 5000;

/** Shape of a status link token: 43 base64url characters (256 bits, api/src/lib/public-tokens.ts). */
export const STATUS_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Path of a ticket's status page for a token (the link is `PUBLIC_URL` + this). */
export const statusPath = (token: string): string => `/status/${token}`;

/**
 * API path of a file shown on the status page (GET, the token holder only): the file, or its
 * thumbnail with `thumb`. Served as a download (`Content-Disposition: attachment`) unless a photo.
 */
export const statusAttachmentPath = (token: string, attachmentId: string, thumb = false): string =>
  `/api/ticket-status/${token}/attachments/${attachmentId}${thumb ? '?thumb=1' : ''}`;

/** Why a reply cannot be sent (null when it can): empty after trimming, or longer than {@link STATUS_REPLY_MAX}. */
export function statusReplyProblem(text: string): string | null {
  const t = text.trim();
  if (t.length === 0) return STATUS_TEXT.replyRequired;
  if (t.length > STATUS_REPLY_MAX) return STATUS_TEXT.replyTooLong;
  return null;
}

/**
 * One customer-visible event of the timeline: the ticket was created, its status changed, staff
 * replied (comments marked as replies; internal notes never appear), or the customer replied.
 */
export interface StatusEvent {
  id: string;
  kind: 'created' | 'status' | 'staff_reply' | 'customer_reply';
  /** ISO 8601. */
  at: string;
  /** The status entered (kind 'status'), else null. */
  status: TicketStatus | null;
  /** The reply text (kinds 'staff_reply' and 'customer_reply'), else null. */
  text: string | null;
  /**
   * Files of the event the customer may see (a staff reply's, the customer's own on 'created' and
   * their replies'; never an internal note's), each at {@link statusAttachmentPath}; absent when none.
   */
  attachments?: AttachmentInfo[];
}

/**
 * GET /api/ticket-status/:token: what the customer sees. Minimal personal data: no e-mail, no phone,
 * only the technician's first name.
 */
export interface TicketStatusView {
  ticketNumber: string;
  status: TicketStatus;
  severity: Severity;
  /**
   * First name (first word of the username) of the assigned technician; for an unassigned resolved
   * or closed ticket, of the staff member who resolved it; null otherwise.
   */
  technicianFirstName: string | null;
  /** The resolution text staff wrote (also in the update e-mail), null when none. */
  resolution: string | null;
  /**
   * The satisfaction survey of a resolved or closed ticket that was not answered yet: the path
   * (`/survey?ticket=N&token=T`, as in the invitation e-mail) and until when it works; else null.
   */
  survey: { path: string; expiresAt: string } | null;
  /** The support phone (SUPPORT_PHONE) to call. */
  supportPhone: string;
  createdAt: string;
  /** Oldest first. */
  timeline: StatusEvent[];
  /** False for a closed ticket: the page says to submit a new ticket instead. */
  canReply: boolean;
  /**
   * The service reports of the ticket's visits that are not superseded, oldest first (issue 54):
   * each downloads from `/api/ticket-status/:token/visits/:visitId/report.pdf`. Absent from older APIs.
   */
  reports?: StatusVisitReport[];
}

/** POST /api/ticket-status/:token/replies 201 answer. */
export interface StatusReplyResult {
  id: string;
  ticketNumber: string;
  status: TicketStatus;
  createdAt: string;
}

/** POST /api/ticket-status/lookup answer (always the same, match or not). */
export interface StatusLookupAnswer {
  message: typeof LOOKUP_TEXT.answer;
}
