import { SUPPORT_SMS_NUMBER_KEY } from '@portal/shared';

/**
 * Query keys of /admin/settings; the default query function joins them into the URL
 * (`['/api/settings/system', 'support_sms_number']` -> `/api/settings/system/support_sms_number`).
 */
export const SUPPORT_NUMBER_KEY = ['/api/settings/system', SUPPORT_SMS_NUMBER_KEY] as const;
export const NOTIFICATION_EMAILS_KEY = ['/api/settings/notification-emails'] as const;
/** Prefix of every delivery-log query. */
export const DELIVERIES_KEY = ['/api/notifications/deliveries'] as const;
/** How many deliveries the log shows (the API allows 1-200). */
export const DELIVERIES_LIMIT = 50;
