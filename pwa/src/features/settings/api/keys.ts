import { SUPPORT_SMS_NUMBER_KEY } from '@portal/shared';

/**
 * Query keys of /admin/settings; the default query function joins them into the URL
 * (`['/api/settings/system', 'support_sms_number']` -> `/api/settings/system/support_sms_number`).
 */
export const SUPPORT_NUMBER_KEY = ['/api/settings/system', SUPPORT_SMS_NUMBER_KEY] as const;
export const NOTIFICATION_EMAILS_KEY = ['/api/settings/notification-emails'] as const;
/** The backup schedule and last backup (docs/backup.md). */
export const BACKUP_KEY = ['/api/admin/backup'] as const;
/** Prefix of every delivery-log query. */
export const DELIVERIES_KEY = ['/api/notifications/deliveries'] as const;
/** The service reports' business name and logo (issue 54, docs/visits.md). */
export const REPORT_BRANDING_KEY = ['/api/settings/report-branding'] as const;
/** How many deliveries the log shows (the API allows 1-200). */
export const DELIVERIES_LIMIT = 50;

/** First parts of the query keys of /admin/settings' own sections (the screen's connection notice reads only these). */
const SETTINGS_QUERY_ROOTS: ReadonlySet<unknown> = new Set([
  SUPPORT_NUMBER_KEY[0],
  NOTIFICATION_EMAILS_KEY[0],
  DELIVERIES_KEY[0],
  BACKUP_KEY[0],
  REPORT_BRANDING_KEY[0],
  'sla-policy',
  '/api/settings/inbound-mail',
  '/api/settings/inbound-mail/failures',
  '/api/auth/2fa/policy',
]);

/**
 * True for a query of a settings section. Without it the notice counted every page Ionic keeps
 * mounted (an earlier /technician's tickets), saying 'Showing the data as of ...' above sections that
 * were never loaded (issue 56 item 4).
 */
export function isSettingsQuery(queryKey: readonly unknown[]): boolean {
  return SETTINGS_QUERY_ROOTS.has(queryKey[0]);
}
