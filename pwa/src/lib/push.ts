import type { PushSubscriptionBody } from '@portal/shared';
import { apiRequest } from './api';

/**
 * Browser side of web push (DESIGN.md 6): what this device can do, and subscribing /
 * unsubscribing the app's service worker. Server calls that belong to a screen live in
 * features/push/api; {@link unsubscribeFromPush} is here because logout (lib/auth) needs it.
 *
 * A push subscription needs a secure context, a service worker (registered by the production build;
 * the Vite dev server has none), the Push API and notification permission.
 */

/** Why this device cannot receive push, or the permission it has. */
export type PushAvailability = 'unsupported' | 'no-service-worker' | 'denied' | 'default' | 'granted';

/** A failed subscribe attempt; `reason` picks the text the UI shows. */
export class PushSetupError extends Error {
  readonly reason: 'unsupported' | 'no-service-worker' | 'denied' | 'dismissed' | 'failed';

  constructor(reason: PushSetupError['reason'], message: string) {
    super(message);
    this.name = 'PushSetupError';
    this.reason = reason;
  }
}

/** How long to wait for the service worker before saying there is none (ms). */
export const SERVICE_WORKER_WAIT_MS = 10_000;
/** A subscribe the browser's push service has not answered by then fails (ms): offline it can hang for minutes. */
export const SUBSCRIBE_TIMEOUT_MS = 30_000;
/** Logout waits at most this long for the unsubscribe (ms); it never blocks logout. */
export const LOGOUT_UNSUBSCRIBE_MS = 3_000;

/** True when the browser has every API push needs (secure context, service worker, Push, Notification). */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The notification permission, or 'unsupported' when push cannot work in this browser at all. */
export function pushAvailability(): PushAvailability {
  if (!isPushSupported()) return 'unsupported';
  return Notification.permission;
}

/** Decodes a base64url string (the VAPID public key) into the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** `promise`, or `onTimeout()` (a value, or a throw) when it takes longer than `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => T): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      try {
        resolve(onTimeout());
      } catch (e) {
        reject(e);
      }
    }, ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e); // as is: a DOMException keeps its message
      },
    );
  });
}

/**
 * The app's service worker registration: the existing one at once, else the one that becomes ready
 * within `waitMs`; null when there is none (unsupported browser, dev server, blocked workers).
 */
export async function appServiceWorker(waitMs = SERVICE_WORKER_WAIT_MS): Promise<ServiceWorkerRegistration | null> {
  if (!isPushSupported()) return null;
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing?.active) return existing;
  return withTimeout<ServiceWorkerRegistration | null>(navigator.serviceWorker.ready, waitMs, () => null);
}

/** This device's current push subscription, or null (none, unsupported, no service worker yet). */
export async function currentPushSubscription(waitMs = 0): Promise<PushSubscription | null> {
  const registration = await appServiceWorker(waitMs);
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * Asks for notification permission when it is not decided yet (call it first in a click handler,
 * while the user activation is fresh). Resolves when granted.
 * @throws PushSetupError 'unsupported', 'denied' (blocked) or 'dismissed' (prompt closed without a choice).
 */
export async function requestPushPermission(): Promise<void> {
  if (!isPushSupported()) throw new PushSetupError('unsupported', 'This browser cannot receive push notifications.');
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission === 'denied') throw new PushSetupError('denied', 'Notifications are blocked for this site.');
  if (permission !== 'granted') throw new PushSetupError('dismissed', 'Notifications were not allowed.');
}

/**
 * Subscribes this device's service worker with the server's VAPID key (`userVisibleOnly: true`),
 * once permission is granted ({@link requestPushPermission}); never prompts itself. A subscription
 * made with another key (the server's key changed) is replaced. Resolves with the
 * `PushSubscription.toJSON()` body for POST /api/push/subscriptions.
 * @throws PushSetupError: 'unsupported', 'denied' / 'dismissed' (no permission), 'no-service-worker'
 *   or 'failed' (the browser's push service refused, or did not answer within SUBSCRIBE_TIMEOUT_MS).
 */
export async function subscribeToPush(publicKey: string): Promise<PushSubscriptionBody> {
  if (!isPushSupported()) throw new PushSetupError('unsupported', 'This browser cannot receive push notifications.');
  if (Notification.permission === 'denied') throw new PushSetupError('denied', 'Notifications are blocked for this site.');
  if (Notification.permission !== 'granted') throw new PushSetupError('dismissed', 'Notifications were not allowed.');

  const registration = await appServiceWorker();
  if (!registration) throw new PushSetupError('no-service-worker', 'The offline app is not installed in this browser yet.');
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe().catch(() => false);
    subscription = null;
  }
  try {
    subscription ??= await withTimeout(
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
      SUBSCRIBE_TIMEOUT_MS,
      () => {
        throw new Error('The push service did not answer.');
      },
    );
  } catch (e) {
    const message = e && typeof e === 'object' && 'message' in e ? String(e.message) : String(e);
    throw new PushSetupError('failed', message);
  }
  return subscriptionBody(subscription);
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const a = new Uint8Array(current);
  return a.length === wanted.length && a.every((b, i) => b === wanted[i]);
}

/** `PushSubscription.toJSON()` narrowed to the shape the API validates (pushSubscriptionSchema). */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/**
 * Removes this device's push subscription: unsubscribes in the browser and DELETEs
 * /api/push/subscriptions `{ endpoint }` with the current session. Never throws and gives up after
 * `timeoutMs`, so logout is never blocked (the server also drops the session's subscriptions on
 * logout). Resolves true when a subscription existed.
 */
export async function unsubscribeFromPush(timeoutMs = LOGOUT_UNSUBSCRIBE_MS): Promise<boolean> {
  const work = async () => {
    const subscription = await currentPushSubscription();
    if (!subscription) return false;
    const { endpoint } = subscription;
    await Promise.allSettled([subscription.unsubscribe(), apiRequest('DELETE', '/api/push/subscriptions', { endpoint })]);
    return true;
  };
  try {
    return await withTimeout(work(), timeoutMs, () => false);
  } catch {
    return false;
  }
}
