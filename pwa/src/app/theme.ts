import { useCallback, useEffect, useState } from 'react';

/**
 * Theme switch (SPEC.md 1 / 4): light, dark or system (default system), remembered in
 * localStorage under {@link THEME_KEY}. Dark mode is Ionic's class palette: the `ion-palette-dark`
 * class on <html>. 'system' follows `prefers-color-scheme` live.
 */
export const THEME_MODES = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export const THEME_LABELS: Record<ThemeMode, string> = { light: 'Light', dark: 'Dark', system: 'System' };
export const THEME_KEY = 'theme';
const DARK_CLASS = 'ion-palette-dark';
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The stored mode, 'system' when none or unreadable. */
export function readThemeMode(): ThemeMode {
  try {
    const v = localStorage.getItem(THEME_KEY);
    return (THEME_MODES as readonly string[]).includes(v ?? '') ? (v as ThemeMode) : 'system';
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Sets or removes the dark palette class for a mode. */
export function applyThemeMode(mode: ThemeMode): void {
  const dark = mode === 'dark' || (mode === 'system' && systemPrefersDark());
  document.documentElement.classList.toggle(DARK_CLASS, dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

/** Current mode and a setter that stores and applies it; re-applies on OS changes in 'system'. */
export function useThemeMode(): [ThemeMode, (mode: ThemeMode) => void] {
  const [mode, setModeState] = useState<ThemeMode>(readThemeMode);

  useEffect(() => {
    applyThemeMode(mode);
    if (mode !== 'system' || typeof window.matchMedia !== 'function') return;
    const mql = window.matchMedia(DARK_QUERY);
    const onChange = () => applyThemeMode('system');
    mql.addEventListener('change', onChange);
    return () => mql.removeEventListener('change', onChange);
  }, [mode]);

  const setMode = useCallback((next: ThemeMode) => {
    try {
      localStorage.setItem(THEME_KEY, next);
    } catch {
      // not remembered; still applied
    }
    setModeState(next);
  }, []);

  return [mode, setMode];
}

/**
 * Puts Ionic's mode class ('ios' on iPhone/iPad, else 'md') on <html> before the first paint, the
 * class `setupIonicReact()` adds once Ionic loads (app/ionic.ts), so the page's font (Ionic's
 * `--ion-default-font` per mode) is the same before and after.
 */
export function applyModeClass(): void {
  const ua = navigator.userAgent;
  const ios = /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  document.documentElement.classList.add(ios ? 'ios' : 'md');
}
