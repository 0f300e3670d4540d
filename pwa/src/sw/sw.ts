/**
 * Service worker entry (DESIGN.md 2 and 5), built by vite-plugin-pwa's injectManifest strategy.
 * - Precaches the app shell (`self.__WB_MANIFEST`, filled in at build time) and drops caches of
 *   older builds, so a version is always complete: never half old, half new.
 * - Answers navigations (deep links such as /technician) with the cached /index.html; /api/* never.
 * - Waits for the page's consent before activating (the "A new version is available" prompt sends
 *   SKIP_WAITING), then claims open clients.
 * - Background Sync (Chromium): the page registers {@link SYNC_TAG} after queueing an update; the
 *   browser fires `sync` when the network is back, even with the app closed, and the worker drains
 *   the outbox itself (session cookie auth), with the same outbox kinds as the page
 *   (offline-registry.ts). A rejected drain makes the browser retry later.
 * - Web push: ./push.ts (notifications for new tickets and assignments, tap opens the ticket).
 * - Kept downloads (lib/keptFiles): `/api/downloads/*` goes to the network; when that
 *   fails, the copy kept on this device answers (with its stored headers, so a kept HTML page is
 *   still sandboxed), else the network error stands.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { DOWNLOADS_PATH, KEPT_FILES_CACHE } from '../lib/keptFiles';
import { SYNC_TAG, backgroundSyncDrain } from '../offline/core';
import { registerOfflineFeatures } from '../offline-registry';
import { registerPushHandlers } from './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** The Background Sync event (not yet in TypeScript's WebWorker lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

registerOfflineFeatures();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith(DOWNLOADS_PATH) && request.method === 'GET',
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (err) {
      const kept = await (await caches.open(KEPT_FILES_CACHE)).match(new URL(request.url).pathname);
      if (kept) return kept;
      throw err;
    }
  },
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const sync = event as unknown as SyncEvent;
  if (sync.tag === SYNC_TAG) sync.waitUntil(backgroundSyncDrain());
});

registerPushHandlers(self);
