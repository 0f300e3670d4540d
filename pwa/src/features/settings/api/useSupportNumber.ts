import { useQuery } from '@tanstack/react-query';
import type { SystemSetting } from '@portal/shared';
import { SUPPORT_NUMBER_KEY } from './keys';

/**
 * GET /api/settings/system/support_sms_number -> SystemSetting `{ key, value, description, updatedAt }`
 * (SPEC.md 7; admin). `value` is null until a number is saved. Refetched when the screen mounts.
 */
export function useSupportNumber() {
  return useQuery<SystemSetting>({ queryKey: SUPPORT_NUMBER_KEY, refetchOnMount: 'always' });
}
