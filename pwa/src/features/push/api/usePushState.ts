import { useQuery } from '@tanstack/react-query';
import { currentPushSubscription, pushAvailability, type PushAvailability } from '../../../lib/push';
import { PUSH_STATE_KEY } from './keys';

/** What this device can do and whether it is subscribed. */
export interface PushState {
  availability: PushAvailability;
  /** The endpoint of this device's subscription, or null when not subscribed. */
  endpoint: string | null;
}

/**
 * This device's push state (no server call): Notification permission (or 'unsupported' /
 * 'no-service-worker') and the current subscription of the app's service worker. Waits a few
 * seconds for the service worker on first load. Refreshed by the enable/disable mutations.
 */
export function usePushState() {
  return useQuery<PushState>({
    queryKey: PUSH_STATE_KEY,
    queryFn: async () => {
      const availability = pushAvailability();
      if (availability === 'unsupported') return { availability, endpoint: null };
      const subscription = await currentPushSubscription(5_000);
      const registered = subscription !== null || (await navigator.serviceWorker.getRegistration()) !== undefined;
      return {
        availability: registered ? availability : 'no-service-worker',
        endpoint: subscription?.endpoint ?? null,
      };
    },
    networkMode: 'always',
  });
}
