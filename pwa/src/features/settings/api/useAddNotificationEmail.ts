import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationEmails } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { NOTIFICATION_EMAILS_KEY } from './keys';

/**
 * POST /api/settings/notification-emails `{ email }` -> the whole list `{ emails }` (SPEC.md 7;
 * admin), which replaces the cached list. Errors: ApiError (400 `fieldErrors.email`, SPEC.md 5) or
 * a network TypeError.
 */
export function useAddNotificationEmail() {
  const queryClient = useQueryClient();
  return useMutation<NotificationEmails, Error, string>({
    mutationFn: (email) => apiRequest<NotificationEmails>('POST', '/api/settings/notification-emails', { email }),
    onSuccess: (list) => queryClient.setQueryData(NOTIFICATION_EMAILS_KEY, list),
  });
}
