import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUPPORT_NUMBER_DESCRIPTION, SUPPORT_SMS_NUMBER_KEY, type SystemSetting } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { SUPPORT_NUMBER_KEY } from './keys';

/**
 * POST /api/settings/system `{ key: 'support_sms_number', value, description }` -> SystemSetting
 * (SPEC.md 7; admin). The saved setting replaces the cached one. Errors: ApiError (400
 * `validation_failed` with `fieldErrors.value`, SPEC.md 5) or a network TypeError.
 */
export function useSaveSupportNumber() {
  const queryClient = useQueryClient();
  return useMutation<SystemSetting, Error, string>({
    mutationFn: (value) =>
      apiRequest<SystemSetting>('POST', '/api/settings/system', {
        key: SUPPORT_SMS_NUMBER_KEY,
        value,
        description: SUPPORT_NUMBER_DESCRIPTION,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(SUPPORT_NUMBER_KEY, saved);
    },
  });
}
