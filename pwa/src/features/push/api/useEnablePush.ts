import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushSubscriptionBody } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { requestPushPermission, subscribeToPush } from '../../../lib/push';
import { fetchPushPublicKey } from './fetchPushPublicKey';
import { PUSH_STATE_KEY } from './keys';

/**
 * "Enable notifications": asks for notification permission, fetches the server's VAPID
 * key, subscribes this device (lib/push) and POSTs /api/push/subscriptions with the subscription
 * JSON (201). Permission is asked first, while the click's user activation is fresh.
 * Errors: PushSetupError (browser side), ApiError / TypeError (server side). Refreshes the push
 * state either way.
 */
export function useEnablePush() {
  const queryClient = useQueryClient();
  return useMutation<PushSubscriptionBody, Error, void>({
    mutationFn: async () => {
      await requestPushPermission();
      const publicKey = await fetchPushPublicKey(queryClient);
      const body = await subscribeToPush(publicKey);
      await apiRequest('POST', '/api/push/subscriptions', body);
      return body;
    },
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: PUSH_STATE_KEY }),
  });
}
