import { z } from 'zod';
import { MSG } from '../messages';
import { safeText } from './text';

/**
 * Admin settings (SPEC.md 2 "Settings", 5, 7): the support SMS number and the notification e-mail
 * recipients. The same schemas validate the /admin/settings forms and the API bodies.
 */

/** Key of the support SMS number in the `settings` table (SPEC.md 7: GET /api/settings/system/support_sms_number). */
export const SUPPORT_SMS_NUMBER_KEY = 'support_sms_number';

/**
 * The description stored with the support number (SPEC.md 7: key, value, description): sent by the
 * PWA's SMS settings, and written by the API when a client sends none. One wording for both.
 */
export const SUPPORT_NUMBER_DESCRIPTION = 'Support phone number that receives SMS alerts for high and urgent tickets';
/** Key of the notification recipients list (JSON array of e-mails) in the `settings` table. */
export const NOTIFICATION_EMAILS_KEY = 'notification_emails';

/** Key of the business name printed at the top of service reports (issue 54; settings `report-branding`). */
export const REPORT_BUSINESS_NAME_KEY = 'report_business_name';
/** Key of the report logo: a JPEG (base64) made from the admin's image in an image process. */
export const REPORT_LOGO_KEY = 'report_logo';
/** Largest logo image accepted (bytes of the decoded upload). */
export const REPORT_LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** PUT /api/settings/report-branding body: the business name (null clears it) and optionally a new logo (base64 PNG/JPEG/WebP; null removes it). */
export const reportBrandingBodySchema = z.object({
  businessName: safeText().trim().max(200).nullable(),
  logoBase64: safeText()
    .pipe(
      z
        .string()
        .max(Math.ceil((REPORT_LOGO_MAX_BYTES * 4) / 3) + 4, 'The logo is too large (at most 2 MB).')
        .regex(/^[A-Za-z0-9+/]+=*$/, 'The logo must be base64.'),
    )
    .nullable()
    .optional(),
});
export type ReportBrandingBody = z.infer<typeof reportBrandingBodySchema>;

/** GET/PUT /api/settings/report-branding answer; `logo` is true when a logo is saved (GET /api/settings/report-branding/logo.jpg). */
export interface ReportBranding {
  businessName: string | null;
  logo: boolean;
}

/** SPEC.md 5: only digits, spaces, plus, hyphen and parentheses. */
const PHONE_CHARS = /^[0-9+\-() ]+$/;

/** Support SMS number: non-empty ('Please enter a phone number.'), allowed characters ('Please enter a valid phone number.'). */
export const supportPhoneSchema = safeText({ error: MSG.phoneNumberRequired })
  .trim()
  // `abort`: one message per input (an empty value is "required", not also "invalid").
  .min(1, { message: MSG.phoneNumberRequired, abort: true })
  .max(40, { message: MSG.phoneNumberInvalid, abort: true })
  .regex(PHONE_CHARS, { message: MSG.phoneNumberInvalid, abort: true })
  .refine((v) => /[0-9]/.test(v), MSG.phoneNumberInvalid);

/** Notification e-mail: non-empty ('Please enter an email address.'), basic shape ('Please enter a valid email address.'). */
export const notificationEmailSchema = safeText({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(254, MSG.emailInvalid)
  .pipe(z.email(MSG.emailInvalid))
  .transform((v) => v.toLowerCase());

/** POST/DELETE /api/settings/notification-emails body: `{ email }`. */
export const notificationEmailBodySchema = z.object({ email: notificationEmailSchema });

/**
 * POST /api/settings/system body (SPEC.md 7: key, value, description). Only known keys are accepted;
 * `support_sms_number` values are validated with {@link supportPhoneSchema}.
 */
export const systemSettingBodySchema = z.object({
  key: z.literal(SUPPORT_SMS_NUMBER_KEY, { message: 'Unknown setting' }),
  value: supportPhoneSchema,
  description: safeText().trim().max(500).optional().nullable(),
});
export type SystemSettingBody = z.infer<typeof systemSettingBodySchema>;

/** GET /api/settings/system/:key response; `value` is null when never saved. */
export interface SystemSetting {
  key: string;
  value: string | null;
  description: string | null;
  updatedAt: string | null;
}

/** GET/POST/DELETE /api/settings/notification-emails response: the whole list, sorted. */
export interface NotificationEmails {
  emails: string[];
}

/** Channels of the notification outbox (DESIGN.md 6). */
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Life of one notification job: pending -> sending -> sent | (retry) pending | failed (final). */
export const NOTIFICATION_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** One row of GET /api/notifications/deliveries (admin delivery log, newest first). */
export interface NotificationDelivery {
  id: string;
  channel: NotificationChannel;
  /** E-mail address, phone number or "push:<username>". */
  recipient: string;
  /** Short human description, e.g. "New ticket TKT-000012" or the e-mail subject. */
  summary: string;
  status: NotificationStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  /** Template of the job, e.g. `new_ticket_staff`, `customer_confirmation`, `survey_invite`, `test_sms`. */
  kind?: string;
  /** Ticket the job belongs to (null for a test SMS). */
  ticketId?: string | null;
  /** When it was delivered; null until then. */
  sentAt?: string | null;
  /** What the provider answered, e.g. the SMTP reply, the twilio message SID or the dev-log file it was written to. */
  detail?: string | null;
}

/** GET /api/notifications/deliveries query: `limit` 1-200 (default 50), optional `status` filter. */
export const deliveriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  status: z.enum(NOTIFICATION_STATUSES).optional(),
});
export type DeliveriesQuery = z.infer<typeof deliveriesQuerySchema>;
