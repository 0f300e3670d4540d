/**
 * Connectivity as the UI shows it (DESIGN.md 5 "The UI always shows connectivity"): offline when
 * the browser says so (`navigator.onLine`, `online` / `offline` events), and also when the last
 * request of the sync engine got no answer at all although the browser claims to be online
 * ("lie-fi"); the next answered request makes it online again. In lie-fi the engine probes
 * {@link LIVE_URL} every few seconds (retry.ts) to notice when the server answers again.
 */
import { useSyncExternalStore } from 'react';
import { createTransport, type Transport } from '../lib/http';

/**
 * The API's liveness URL: answers without a session lookup or a database query (api
 * features/health), so probing it every few seconds costs the server nearly nothing.
 */
export const LIVE_URL = '/api/health/live';
/** Time limit of one probe (ms): a server that does not answer within it counts as unreachable. */
export const PROBE_TIMEOUT_MS = 5_000;

const probeTransport = createTransport({ timeoutMs: PROBE_TIMEOUT_MS });

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

/** True while the engine's last request got no answer although the browser says online (lie-fi). */
export function isServerUnreachable(): boolean {
  return unreachable && browserOnline();
}

/**
 * Asks the server whether it answers at all: `HEAD` {@link LIVE_URL}, limited to
 * {@link PROBE_TIMEOUT_MS}. Any HTTP answer below 500 counts (a 404 from an older API still proves
 * the server is there); 5xx (e.g. a proxy whose API is down) and no answer do not. Never rejects.
 */
export async function probeServer(transport: Transport = probeTransport): Promise<boolean> {
  try {
    const res = await transport({ method: 'HEAD', url: LIVE_URL });
    return res.status < 500;
  } catch {
    return false;
  }
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
