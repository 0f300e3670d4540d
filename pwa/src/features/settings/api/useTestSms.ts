import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { DELIVERIES_KEY } from './keys';

/**
 * POST /api/settings/test-sms `{}` -> `{ message }` (SPEC.md 7; admin): sends a test SMS to the
 * saved support number. Errors: ApiError 400 ('Please save a phone number before testing SMS.',
 * SPEC.md 5), 502 `provider_failed` (the SMS provider refused or is unreachable), or TypeError.
 * The delivery log is refetched either way, since the attempt is recorded there.
 */
export function useTestSms() {
  const queryClient = useQueryClient();
  return useMutation<{ message: string }, Error, void>({
    mutationFn: () => apiRequest<{ message: string }>('POST', '/api/settings/test-sms', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DELIVERIES_KEY }),
  });
}
