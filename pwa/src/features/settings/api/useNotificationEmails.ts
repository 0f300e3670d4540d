import { useQuery } from '@tanstack/react-query';
import type { NotificationEmails } from '@portal/shared';
import { NOTIFICATION_EMAILS_KEY } from './keys';

/**
 * GET /api/settings/notification-emails -> `{ emails }` (SPEC.md 7; admin): everyone e-mailed about
 * each new ticket, sorted. Refetched when the screen mounts.
 */
export function useNotificationEmails() {
  return useQuery<NotificationEmails>({ queryKey: NOTIFICATION_EMAILS_KEY, refetchOnMount: 'always' });
}
