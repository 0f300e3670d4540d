/**
 * Connectivity as the UI shows it (DESIGN.md 5 "The UI always shows connectivity"): offline when
 * the browser says so (`navigator.onLine`, `online` / `offline` events), and also when the last
 * request of the sync engine got no answer at all although the browser claims to be online
 * ("lie-fi"); the next answered request makes it online again.
 */
import { useSyncExternalStore } from 'react';

export type Connectivity = 'online' | 'offline';

let unreachable = false;
const listeners = new Set<() => void>();
let listening = false;

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Current connectivity. */
export function getConnectivity(): Connectivity {
  return browserOnline() && !unreachable ? 'online' : 'offline';
}

function emit() {
  for (const l of listeners) l();
}

/** Records whether the server answered the engine's last request (true) or not (false). */
export function reportReachable(ok: boolean): void {
  if (unreachable === !ok) return;
  unreachable = !ok;
  emit();
}

/** Subscribes to connectivity changes; returns the unsubscribe function. */
export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    window.addEventListener('online', () => {
      unreachable = false;
      emit();
    });
    window.addEventListener('offline', emit);
  }
  return () => listeners.delete(listener);
}

/** React hook: 'online' | 'offline', re-rendering on change. */
export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribeConnectivity, getConnectivity, () => 'online');
}
