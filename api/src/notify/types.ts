/**
 * Types of the notification outbox (DESIGN.md 6): the messages providers send, the provider
 * interfaces the dispatcher sends through, and the errors that steer retries. What a job holds is
 * declared by its kind (kinds.ts).
 */
import type { PushPayload } from '@portal/shared';
import type { Config } from '../config';

/** Branding and links every message carries (DESIGN.md 4a). */
export type Brand = Pick<Config, 'appName' | 'supportPhone' | 'supportEmail' | 'publicUrl'>;

/** A rendered e-mail: plain text plus simple HTML (all user text escaped). */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (e.g. References carrying a ticket's reply token, docs/inbound-mail.md). */
  headers?: Record<string, string>;
  /** Files sent with it (a kind's `attachments`, e.g. a visit's service report PDF). */
  attachments?: EmailAttachment[];
}

/** A file sent with an e-mail. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
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
 * private or link-local address): nothing is sent and the subscription is deleted.
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

/**
 * The job's kind is not registered in this build (a newer or older version wrote it): the job is
 * kept, deferred until `until`, and sent by a process that knows the kind (deliver.ts).
 */
export class UnknownKindError extends DeferredError {
  constructor(
    readonly kind: string,
    until: Date,
  ) {
    super(until, `Unknown job kind "${kind}" (not registered in this version of the API); kept for a version that knows it`);
    this.name = 'UnknownKindError';
  }
}

/**
 * Rendering a job's message threw (anything but a PermanentError or DeferredError the kind threw on
 * purpose): a fault in the portal's code, such as a template meeting a change type it does not know,
 * not a provider problem. It would throw again on every attempt, so the job ends `failed` at once
 * and the administrators are alerted (dispatcher.ts, faultAlert.ts). The message is what the delivery
 * log shows; `detail` keeps the original error's message.
 */
export class RenderFaultError extends PermanentError {
  constructor(
    readonly kind: string,
    readonly detail: string,
  ) {
    super(`Not sent: a fault in the portal kept this message from being built (not a provider problem, so it is not retried; administrators were alerted). Detail: ${detail}`);
    this.name = 'RenderFaultError';
  }
}
