import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unsubscribeFromPush } from '../../../lib/push';
import { PUSH_STATE_KEY } from './keys';

/**
 * "Turn off" notifications on this device: unsubscribes in the browser and DELETEs
 * /api/push/subscriptions `{ endpoint }` (204) through lib/push, which never throws. Refreshes the
 * push state afterwards.
 */
export function useDisablePush() {
  const queryClient = useQueryClient();
  return useMutation<boolean, Error, void>({
    mutationFn: () => unsubscribeFromPush(10_000),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: PUSH_STATE_KEY }),
  });
}
