import type { PushPayload, PushSubscriptionBody } from '@portal/shared';

/**
 * Web push in the service worker (DESIGN.md 6). Called once from the service worker entry
 * (src/sw.ts) with `self`:
 * - `push`: the payload is the server's PushPayload JSON `{ title, body, url, tag }`; shows a
 *   notification with the app icon, grouped by `tag`, remembering `url`. An unreadable payload still
 *   shows a generic notification (Chromium requires one for every push with userVisibleOnly).
 * - `notificationclick`: closes it and opens `url` (same-origin paths only; else /technician):
 *   focuses an open window of the app and navigates it there, or opens a new window.
 * - `pushsubscriptionchange`: when the browser replaces the subscription, subscribes again with
 *   the same key and tells the server (POST new, DELETE old) with the session cookie.
 */

/** Icon of every notification (the manifest's 192 px icon). */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
/** Where a notification without a usable `url` leads. */
export const DEFAULT_NOTIFICATION_URL = '/technician';
/** Title used when the payload has none or cannot be read. */
export const DEFAULT_NOTIFICATION_TITLE = 'IT Support Portal';

/** Reads a push message's data as PushPayload; text that is not JSON becomes the body. */
export function parsePushPayload(data: { text(): string } | null | undefined): PushPayload {
  const fallback: PushPayload = { title: DEFAULT_NOTIFICATION_TITLE, body: '', url: DEFAULT_NOTIFICATION_URL };
  if (!data) return fallback;
  let text = '';
  try {
    text = data.text();
    const json = JSON.parse(text) as Partial<PushPayload> | null;
    if (!json || typeof json !== 'object') return { ...fallback, body: text };
    return {
      title: typeof json.title === 'string' && json.title ? json.title : fallback.title,
      body: typeof json.body === 'string' ? json.body : '',
      url: typeof json.url === 'string' ? json.url : fallback.url,
      ...(typeof json.tag === 'string' && json.tag ? { tag: json.tag } : {}),
    };
  } catch {
    return { ...fallback, body: text };
  }
}

/**
 * The absolute URL a notification opens: `url` resolved against the app's origin when it stays on
 * that origin, otherwise {@link DEFAULT_NOTIFICATION_URL} (a push can never send staff elsewhere).
 */
export function notificationTarget(url: unknown, origin: string): string {
  if (typeof url === 'string' && url) {
    try {
      const target = new URL(url, origin);
      if (target.origin === origin) return target.href;
    } catch {
      // fall through to the default
    }
  }
  return new URL(DEFAULT_NOTIFICATION_URL, origin).href;
}

/** Focuses an open window of the app and navigates it to `href`, or opens a new window. */
export async function openAppWindow(sw: ServiceWorkerGlobalScope, href: string): Promise<void> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const origin = new URL(href).origin;
  const client = windows.find((c) => c.url === href) ?? windows.find((c) => new URL(c.url).origin === origin);
  if (client) {
    const focused = await client.focus().catch(() => client);
    if (focused.url === href) return;
    const navigated = await focused.navigate(href).catch(() => null);
    if (navigated) return;
  }
  await sw.clients.openWindow(href);
}

async function resubscribe(sw: ServiceWorkerGlobalScope, event: Event): Promise<void> {
  const change = event as Event & { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null };
  const old = change.oldSubscription ?? null;
  const key = old?.options.applicationServerKey;
  const fresh =
    change.newSubscription ??
    (key ? await sw.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null);
  const send = (method: string, body: unknown) =>
    fetch('/api/push/subscriptions', {
      method,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  if (fresh) {
    const json = fresh.toJSON();
    const body: PushSubscriptionBody = {
      endpoint: fresh.endpoint,
      expirationTime: json.expirationTime ?? null,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    };
    await send('POST', body);
  }
  if (old && old.endpoint !== fresh?.endpoint) await send('DELETE', { endpoint: old.endpoint });
}

/** Adds the `push`, `notificationclick` and `pushsubscriptionchange` listeners to the service worker. */
export function registerPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const payload = parsePushPayload(event.data);
    event.waitUntil(
      sw.registration.showNotification(payload.title, {
        body: payload.body,
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_ICON,
        tag: payload.tag,
        data: { url: payload.url },
      }),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    event.waitUntil(openAppWindow(sw, notificationTarget(data?.url, sw.location.origin)));
  });

  sw.addEventListener('pushsubscriptionchange', (event) => {
    (event as ExtendableEvent).waitUntil(resubscribe(sw, event).catch(() => undefined));
  });
}
