/**
 * Job kinds (DESIGN.md 6, api/README.md "To add an alert"): what a notification job is, declared by
 * the feature that sends it. A kind names its channel, the delivery log's one-line summary and the
 * renderer of its message; the dispatcher looks the kind of each claimed job up in the registry
 * createApp passes to createNotifier (`api/src/notification-kinds.ts`). notify/ itself names no kind.
 *
 * A job stores facts (the payload), never rendered text: `render` runs at send time with the
 * branding and configuration of the sending process.
 */
import type { NotificationChannel, PushPayload } from '@portal/shared';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Brand, EmailAttachment } from './types';

/** A rendered e-mail: subject, plain text and simple HTML (user text escaped: templates/layout.ts). */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  /** Extra headers (e.g. References carrying a ticket's reply token, docs/inbound-mail.md). */
  headers?: Record<string, string>;
}

/** A rendered SMS (near one or two segments: 160-300 characters). */
export interface SmsContent {
  body: string;
}

/** What `render` returns, by channel: e-mail {subject,text,html}; SMS {body}; push the shared PushPayload. */
export interface ChannelContent {
  email: EmailContent;
  sms: SmsContent;
  push: PushPayload;
}

/** One device of a staff member (a push subscription) as the recipient readers return it. */
export interface PushSubscriber {
  /** push_subscriptions.id; the job keeps it and looks the endpoint up at send time. */
  id: string;
  /** The owner's username: the delivery log shows `push:<username>`. */
  username: string;
}

/** Whom a job goes to, by channel: an e-mail address, a phone number as typed, a push subscription. */
export interface ChannelRecipient {
  email: string;
  sms: string;
  push: PushSubscriber;
}

/** What `render` may use besides the payload. */
export interface RenderContext {
  /** APP_NAME, SUPPORT_PHONE, SUPPORT_EMAIL, PUBLIC_URL (DESIGN.md 4a). */
  brand: Brand;
  /** The sending process's configuration (e.g. a secret a link is signed with). */
  config: Config;
}

/** What `sent` receives: the database (not a transaction) and the time of the hand-over. */
export interface SentContext {
  db: Database;
  now: Date;
}

/** The declaration of a job kind (see {@link defineJobKind}). `P` is the payload (JSON-safe facts). */
export interface JobKindSpec<P extends object, C extends NotificationChannel> {
  /** Unique name, stored in `notification_jobs.kind` (lower snake case, e.g. `sla_breach_email`). */
  kind: string;
  channel: C;
  /** The delivery log's line, e.g. `New ticket TKT-000123 (Urgent)`; no customer text in it. */
  summary(payload: P): string;
  /**
   * The message. Throw `PermanentError` when it can never be rendered (the job ends failed with
   * that reason); any other throw is a fault in the code (RenderFaultError): the job ends failed at
   * once and the administrators are alerted (notify/faultAlert.ts), never retried for ever.
   */
  render(payload: P, ctx: RenderContext): ChannelContent[C];
  /** The ticket the job is about (`notification_jobs.ticket_id`, shown in the delivery log); default none. */
  ticketId?(payload: P): string | null;
  /** Runs once the provider accepted the message (e.g. record that an invitation went out). */
  sent?(payload: P, ctx: SentContext): Promise<void>;
  /**
   * E-mail kinds only: files to send with the message, read at send time (e.g. a stored PDF). A
   * throw is retried like a provider failure (a PermanentError fails the job at once).
   */
  attachments?(payload: P, ctx: AttachmentContext): Promise<EmailAttachment[]>;
}

/** What `attachments` may use: the database (not a transaction) and the sending process's configuration. */
export interface AttachmentContext {
  db: Database;
  config: Config;
}

/** A defined job kind: pass it to `enqueue` and list it in the registry. */
export interface JobKind<P extends object, C extends NotificationChannel = NotificationChannel> extends Readonly<JobKindSpec<P, C>> {
  /** Type marker only (never set): the payload type, for `PayloadOf`. */
  readonly __payload?: P;
}

/** A kind of any payload and channel (the registry's element type). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobKind = JobKind<any, NotificationChannel>;

/** The payload type of a kind. */
export type PayloadOf<K> = K extends JobKind<infer P, NotificationChannel> ? P : never;

const KIND_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * Declares a job kind (module doc). Usage, in `features/<name>/notifications.ts`:
 * `export const slaBreachEmail = defineJobKind<SlaPayload, 'email'>({ kind: 'sla_breach_email', channel: 'email', summary: (p) => ..., render: (p, ctx) => emailContent({...}, ctx.brand) })`.
 * @throws Error when the name is not lower snake case (1-63 characters).
 */
export function defineJobKind<P extends object, C extends NotificationChannel>(spec: JobKindSpec<P, C>): JobKind<P, C> {
  if (!KIND_NAME.test(spec.kind)) throw new Error(`job kind name must be lower snake case: ${JSON.stringify(spec.kind)}`);
  return Object.freeze({ ...spec });
}

/** The kinds one app knows, by name. */
export interface KindRegistry {
  get(kind: string): AnyJobKind | undefined;
  /** Every registered name, sorted. */
  names(): string[];
}

/**
 * Builds the registry of `kinds`.
 * @throws Error when two kinds share a name (two features would fight over one template).
 */
export function createKindRegistry(kinds: readonly AnyJobKind[]): KindRegistry {
  const byName = new Map<string, AnyJobKind>();
  for (const k of kinds) {
    const existing = byName.get(k.kind);
    if (existing && existing !== k) throw new Error(`job kind ${k.kind} is registered twice`);
    byName.set(k.kind, k);
  }
  return { get: (kind) => byName.get(kind), names: () => [...byName.keys()].sort() };
}
