import { useSyncExternalStore } from 'react';

/** Ionic's "lg" breakpoint: the desktop layout starts here (header links inline, panel beside list). */
export const DESKTOP_QUERY = '(min-width: 992px)';

/**
 * Live result of a CSS media query (false where matchMedia is missing, e.g. jsdom).
 * Subscribes with useSyncExternalStore so every consumer switches in the same render.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** True at desktop widths (>= 992 px). */
export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY);
}
