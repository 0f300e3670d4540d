import { useEffect, useRef } from 'react';
import { apiRequest } from '../../../lib/api';
import { currentPushSubscription, subscriptionBody } from '../../../lib/push';

/**
 * Once per logged-in user and page load: when this device already has a push subscription, POSTs
 * it again to /api/push/subscriptions so the server links it to the user now logged in (a device
 * handed to another person, or a session that expired without logout). The server keeps
 * one row per endpoint, so repeating it is harmless. Failures are ignored (offline, 401).
 */
export function useResyncPush(userId: string | null, endpoint: string | null) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!userId || !endpoint || done.current === `${userId} ${endpoint}`) return;
    done.current = `${userId} ${endpoint}`;
    void (async () => {
      const subscription = await currentPushSubscription();
      if (subscription) await apiRequest('POST', '/api/push/subscriptions', subscriptionBody(subscription));
    })().catch(() => undefined);
  }, [userId, endpoint]);
}
