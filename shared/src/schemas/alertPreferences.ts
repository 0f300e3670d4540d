/**
 * Alerts each person chooses, and their inbox (issue 57 point 5, docs/notifications.md "Your alerts",
 * docs/api.md "Notification preferences and inbox"): the contracts of
 * `GET|PUT /api/me/notification-preferences`, `GET /api/me/inbox?since=` and `POST /api/me/inbox/read`.
 * The rule that applies a person's choices is rules/alertPreferences.ts.
 */
import { z } from 'zod';
import { isTimeZone } from './sla';
import { safeText } from './text';

/** The channels a person chooses for (the in-app inbox lists every event any channel wants). */
export const ALERT_CHANNELS = ['email', 'sms', 'push'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** New tickets: every one, only urgent ones, or none. */
export const NEW_TICKET_CHOICES = ['all', 'urgent', 'none'] as const;
/** SLA warnings and breaches: on tickets assigned to me, on every ticket, or none. */
export const SLA_CHOICES = ['mine', 'all', 'none'] as const;

/** What one channel brings to a person. */
export const channelPreferencesSchema = z.object({
  newTickets: z.enum(NEW_TICKET_CHOICES),
  /** A ticket was assigned to me (by someone else). */
  assigned: z.boolean(),
  /** The customer replied on a ticket assigned to me. */
  customerReplies: z.boolean(),
  sla: z.enum(SLA_CHOICES),
  /** Someone wrote `@myname` in an internal note. */
  mentions: z.boolean(),
});
export type ChannelPreferences = z.infer<typeof channelPreferencesSchema>;

const hhmm = safeText().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the 24-hour form HH:MM');

/**
 * Quiet hours: from `start` to `end` (local wall-clock HH:MM in `timeZone`; `end` before `start`
 * spans midnight) no e-mail, SMS or push reaches the person, except urgent tickets' when
 * `urgentBreaksThrough`. The inbox still lists everything.
 */
export const quietHoursSchema = z.object({
  enabled: z.boolean(),
  start: hhmm,
  end: hhmm,
  timeZone: safeText().min(1).max(64).refine(isTimeZone, 'Unknown time zone (use an IANA name such as America/New_York)'),
  urgentBreaksThrough: z.boolean(),
});
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** One person's choices (the body of PUT and the answer of GET /api/me/notification-preferences). */
export const alertPreferencesSchema = z.object({
  channels: z.object({ email: channelPreferencesSchema, sms: channelPreferencesSchema, push: channelPreferencesSchema }),
  quietHours: quietHoursSchema,
});
export type AlertPreferences = z.infer<typeof alertPreferencesSchema>;

const off: ChannelPreferences = { newTickets: 'none', assigned: false, customerReplies: false, sla: 'none', mentions: false };

/**
 * The choices of someone who never chose: what the portal did before people could choose (push to
 * every staff device on a new ticket, to the assignee on assignment, customer replies and SLA
 * alerts on their tickets) plus mentions by push; no personal e-mail or SMS. The admin-set
 * notification e-mails and the support SMS number (SPEC.md "Settings") are not personal and are
 * never filtered by anyone's choices.
 */
export const DEFAULT_ALERT_PREFERENCES: AlertPreferences = {
  channels: {
    email: off,
    sms: off,
    push: { newTickets: 'all', assigned: true, customerReplies: true, sla: 'mine', mentions: true },
  },
  quietHours: { enabled: false, start: '22:00', end: '07:00', timeZone: 'UTC', urgentBreaksThrough: true },
};

/** Read inbox entries created longer ago than this many days are removed (server housekeeping and the phone's copy; docs/notifications.md). */
export const INBOX_READ_RETENTION_DAYS = 90;

/** True when inbox entry `i` is read and older than {@link INBOX_READ_RETENTION_DAYS} at `now` (removed). */
export function inboxEntryExpired(i: { createdAt: string; readAt: string | null }, now: Date): boolean {
  return i.readAt !== null && Date.parse(i.createdAt) < now.getTime() - INBOX_READ_RETENTION_DAYS * 86_400_000;
}

/** The kinds of inbox entries (one per event that reached the person). */
export const INBOX_KINDS = ['new_ticket', 'assigned', 'customer_reply', 'sla', 'mention'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** One inbox entry as the API returns it. `cursor` orders entries (a higher one changed later). */
export interface InboxItem {
  id: string;
  ticketId: string;
  ticketNumber: string;
  kind: InboxKind;
  text: string;
  createdAt: string;
  readAt: string | null;
  /** The entry's change position (decimal string): it moves on when the entry is read. */
  cursor: string;
}

/**
 * GET /api/me/inbox: entries changed after `since` (new, or read since), newest change first, at
 * most `limit`, keyset paged: while `more`, ask again with the same `since` and `before`. `cursor`
 * is the next pull's `since` (the highest change position after `since`, the same on every page);
 * `unread` counts all of the person's unread entries.
 */
export interface InboxPage {
  items: InboxItem[];
  unread: number;
  cursor: string;
  more: boolean;
  /** When `more`: send as `before` for the next page. */
  before?: string;
}

/** Most entries per inbox page. */
export const INBOX_PAGE_MAX = 100;

export const inboxQuerySchema = z.object({
  since: safeText().regex(/^\d{1,18}$/, 'Invalid cursor').optional(),
  before: safeText().regex(/^\d{1,18}$/, 'Invalid cursor').optional(),
  limit: z.coerce.number().int().min(1).max(INBOX_PAGE_MAX).optional(),
});

/** POST /api/me/inbox/read: these entries, or all of mine. Answers `{ unread }`. */
export const inboxReadSchema = z.union([
  z.object({ ids: z.array(z.string().uuid()).min(1).max(INBOX_PAGE_MAX) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type InboxRead = z.infer<typeof inboxReadSchema>;
