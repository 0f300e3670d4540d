import { useSyncExternalStore } from 'react';

/** The browser's online flag, live (`online` / `offline` events); true where unknown. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      return () => {
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
      };
    },
    () => navigator.onLine !== false,
    () => true,
  );
}
