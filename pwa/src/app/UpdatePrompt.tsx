import { useEffect } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useToast } from '../lib/toast';

/**
 * Registers the service worker (vite-plugin-pwa, registerType 'prompt', injectRegister false) and,
 * when a new version is waiting, shows a toast with a Reload action that activates it. Nothing
 * is reloaded without the user's consent, so a half-typed form is never lost.
 */
export function UpdatePrompt() {
  const toast = useToast();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW();

  useEffect(() => {
    if (!needRefresh) return;
    toast.show({
      title: 'Update available',
      description: 'A new version of the portal is ready.',
      duration: Infinity,
      action: { label: 'Reload', onClick: () => void updateServiceWorker(true) },
    });
  }, [needRefresh, toast, updateServiceWorker]);

  return null;
}
