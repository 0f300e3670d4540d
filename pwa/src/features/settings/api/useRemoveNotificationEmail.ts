import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationEmails } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { NOTIFICATION_EMAILS_KEY } from './keys';

/**
 * DELETE /api/settings/notification-emails with `{ email }` in the body -> the remaining list
 * `{ emails }` (SPEC.md 7; admin), which replaces the cached list. Errors: ApiError or TypeError.
 */
export function useRemoveNotificationEmail() {
  const queryClient = useQueryClient();
  return useMutation<NotificationEmails, Error, string>({
    mutationFn: (email) => apiRequest<NotificationEmails>('DELETE', '/api/settings/notification-emails', { email }),
    onSuccess: (list) => queryClient.setQueryData(NOTIFICATION_EMAILS_KEY, list),
  });
}
