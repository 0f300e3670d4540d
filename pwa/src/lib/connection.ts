import { useSyncExternalStore } from 'react';
import { isApiError } from './api';

/**
 * How the screens talk about a server they cannot reach (docs/offline.md "Screens without a
 * server"): one text for "no answer", a test for it, and the rule that the browser's own network
 * message ('Failed to fetch', 'Network request failed', 'Load failed') is never shown.
 */

/** Shown when a request got no answer at all (the /admin wording, now every screen's). */
export const NO_CONNECTION_TEXT = 'No connection to the server. Check your connection and try again.';
/** Why a write button is disabled while the server cannot be reached. */
export const WRITES_NEED_CONNECTION_TEXT = 'Changes need a connection to the server.';
/** What a part of a screen never loaded says while the server cannot be reached (lib/ui NotLoaded). */
export const NOT_LOADED_TEXT = 'Not loaded yet: this part loads when the server answers.';
/** Generic failure with an answer but no message of the server's own. */
export const TRY_AGAIN_TEXT = 'Please try again.';

/**
 * True when `error` means the server was not reached: the browser's fetch/XHR TypeError
 * (lib/api.ts passes it through untouched), lib/http's NetworkError (by name, also across module
 * copies), or a gateway's 502/503/504 (a proxy in front of a stopped API).
 */
export function isNoConnection(error: unknown): boolean {
  if (isApiError(error)) return error.status === 502 || error.status === 503 || error.status === 504;
  if (error instanceof TypeError) return true;
  return error instanceof Error && error.name === 'NetworkError';
}

/**
 * The text of a failed request for a person: {@link NO_CONNECTION_TEXT} when the server was not
 * reached, the server's own `message` when it answered with one, else `fallback`. Never the
 * browser's raw network message nor a bare '500: ...' status line.
 */
export function failureText(error: unknown, fallback: string = TRY_AGAIN_TEXT): string {
  if (isNoConnection(error)) return NO_CONNECTION_TEXT;
  if (isApiError(error)) return error.serverMessage ?? fallback;
  return fallback;
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's online flag, live (`online` / `offline` events); true where unknown. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine !== false, () => true);
}
