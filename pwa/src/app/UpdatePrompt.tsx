import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useToast } from '../lib/toast';
import { registerAgain, retryFailedInstalls } from './installRetry';

/** How often an open app asks the server for a newer service worker (ms): hourly, plus on return to the app. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (src/sw/sw.ts; vite-plugin-pwa, registerType 'prompt', injectRegister
 * false) and, when a new deployment is waiting, shows "A new version is available" with a Reload
 * action. The new version activates only on that click, and the old one keeps serving its
 * own complete precache until then, so the app is never half updated and a half-typed form is never
 * reloaded away. Queued offline updates live in IndexedDB and survive the reload.
 */
export default function UpdatePrompt() {
  const toast = useToast();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      retryFailedInstalls(registration);
      const check = () => {
        if (navigator.onLine && document.visibilityState === 'visible') void registration.update().catch(() => {});
      };
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', check);
    },
    // The worker's script could not be fetched (no signal, server restarting): try again later.
    onRegisterError: () => registerAgain('/sw.js'),
  });

  useEffect(() => {
    if (!needRefresh) return;
    toast.show({
      title: 'A new version is available',
      description: 'Reload to start using it. Your queued updates are kept.',
      duration: Infinity,
      action: {
        label: 'Reload',
        onClick: () => {
          // vite-plugin-pwa reloads on 'controlling' only when this page load started controlled;
          // reload on the switch in every case so the page never runs against the new worker.
          navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
          void updateServiceWorker(true);
        },
      },
    });
  }, [needRefresh, toast, updateServiceWorker]);

  return null;
}
