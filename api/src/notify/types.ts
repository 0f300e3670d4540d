/**
 * Types of the notification outbox (issue 4, DESIGN.md 6): what a job's payload holds, the messages
 * rendered from it, and the provider interfaces the dispatcher sends through.
 *
 * A job stores facts (a ticket snapshot, the changes), never rendered text: the dispatcher renders at
 * send time with the portal's branding (APP_NAME, SUPPORT_PHONE, SUPPORT_EMAIL, PUBLIC_URL).
 */
import type { PushPayload, SurveyResponse, Ticket } from '@portal/shared';
import type { Config } from '../config';

/** The ticket as it was when the job was written (the API's Ticket shape without assignee and sync fields; ISO times). */
export type TicketSnapshot = Pick<
  Ticket,
  | 'id'
  | 'ticketNumber'
  | 'clientName'
  | 'businessName'
  | 'customerEmail'
  | 'customerPhone'
  | 'severity'
  | 'contactMethod'
  | 'issue'
  | 'status'
  | 'resolution'
  | 'createdAt'
>;

/**
 * One change a staff update made (SPEC.md 4). `from`/`to` are status values for `status_change`,
 * usernames (null = unassigned) for `assignment`, texts for `resolution`; `comment` uses `to`.
 */
export interface TicketChange {
  type: 'status_change' | 'assignment' | 'resolution' | 'comment';
  from: string | null;
  to: string | null;
  /** Comments only: true for a reply to the customer, false/absent for an internal note (issue 10). */
  reply?: boolean;
}

/** Payload of one job, by kind (the `kind` column repeats it for queries). */
export type JobPayload =
  /** E-mail to a notification recipient about a new ticket (SPEC.md 7). */
  | { kind: 'new_ticket_staff'; ticket: TicketSnapshot }
  /** Confirmation e-mail to the customer with the ticket number. */
  | { kind: 'customer_confirmation'; ticket: TicketSnapshot }
  /** SMS to the support number for a high or urgent ticket (SPEC.md 7). */
  | { kind: 'support_sms'; ticket: TicketSnapshot }
  /** SMS to the customer: contact method text, or a high/urgent ticket (SPEC.md 7). */
  | { kind: 'customer_sms'; ticket: TicketSnapshot }
  /** Web push to one staff device about a new ticket. */
  | { kind: 'new_ticket_push'; ticket: TicketSnapshot; subscriptionId: string }
  /** E-mail to the customer describing a staff update (SPEC.md 4 "The customer is e-mailed on update"). */
  | { kind: 'ticket_updated'; ticket: TicketSnapshot; changes: TicketChange[]; actorName: string }
  /**
   * Survey invitation when a ticket becomes resolved or closed (issue 11):
   * `PUBLIC_URL/survey?ticket=N&token=T`, T derived from `invitationId` at render time (survey-links.ts),
   * never stored. Jobs written before signed links have no invitation and fail as permanent.
   */
  | { kind: 'survey_invite'; ticket: TicketSnapshot; invitationId?: string; expiresAt?: string }
  /** E-mail to a notification recipient: a customer rated a ticket 1 or 2 overall (issue 11). */
  | { kind: 'bad_rating_staff'; survey: SurveyResponse }
  /** Web push to one device of the ticket's assigned technician about a bad rating (issue 11). */
  | { kind: 'bad_rating_push'; survey: SurveyResponse; subscriptionId: string }
  /** Web push to one device of the new assignee. */
  | { kind: 'assigned_push'; ticket: TicketSnapshot; subscriptionId: string; actorName: string }
  /** POST /api/settings/test-sms (sent at once, logged like a job). */
  | { kind: 'test_sms' };

export type JobKind = JobPayload['kind'];

/** Branding and links every message carries (DESIGN.md 4a). */
export type Brand = Pick<Config, 'appName' | 'supportPhone' | 'supportEmail' | 'publicUrl'>;

/** A rendered e-mail: plain text plus simple HTML (all user text escaped). */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A rendered SMS; `to` is the number as stored (providers normalise it). */
export interface SmsMessage {
  to: string;
  body: string;
}

/** Where a web push goes: a stored browser subscription. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What a provider reports after a successful hand-over, shown in the delivery log. */
export interface SendResult {
  detail: string;
}

/** Sends e-mail (nodemailer over SMTP, or .eml files in the dev log). */
export interface EmailProvider {
  /** e.g. `smtp mail.example.com:587` or `log <folder>`. */
  readonly description: string;
  send(message: EmailMessage): Promise<SendResult>;
  close(): void;
}

/** Sends SMS (twilio, or JSON lines in the dev log). */
export interface SmsProvider {
  readonly description: string;
  send(message: SmsMessage): Promise<SendResult>;
}

/** Sends web push (web-push with VAPID). */
export interface PushProvider {
  readonly description: string;
  /** The VAPID public key browsers subscribe with (base64url). */
  publicKey(): Promise<string>;
  send(target: PushTarget, payload: PushPayload): Promise<SendResult>;
}

/** The three channels' providers; createApp deps may replace any of them. */
export interface Providers {
  email: EmailProvider;
  sms: SmsProvider;
  push: PushProvider;
}

/** A failure that retrying cannot fix (bad address, rejected number): the job ends `failed` at once. */
export class PermanentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentError';
  }
}

/** The push service answered 404/410: the subscription is dead and is deleted; no retry. */
export class SubscriptionGoneError extends PermanentError {
  constructor(readonly statusCode: number) {
    super(`Subscription expired (push service answered ${statusCode}); removed`);
    this.name = 'SubscriptionGoneError';
  }
}

/**
 * The push endpoint breaks the endpoint rules (not https, or its host resolves to a loopback,
 * private or link-local address; issue 17): nothing is sent and the subscription is deleted.
 */
export class EndpointRefusedError extends PermanentError {
  constructor(reason: string) {
    super(`Push endpoint refused: ${reason}; subscription removed`);
    this.name = 'EndpointRefusedError';
  }
}

/**
 * Not sent now, and not an attempt: the target is backing off (a push subscription that keeps
 * failing) until `until`. The dispatcher puts the job back to `pending` for then without counting it.
 */
export class DeferredError extends Error {
  constructor(
    readonly until: Date,
    message: string,
  ) {
    super(message);
    this.name = 'DeferredError';
  }
}
