/**
 * Service worker entry (DESIGN.md 2 and 5), built by vite-plugin-pwa's injectManifest strategy.
 * - Precaches the app shell (`self.__WB_MANIFEST`, filled in at build time) and drops caches of
 *   older builds, so a version is always complete: never half old, half new.
 * - Answers navigations (deep links such as /technician) with the cached /index.html; /api/* never.
 * - Waits for the page's consent before activating (the "A new version is available" prompt sends
 *   SKIP_WAITING), then claims open clients.
 * Feature handlers (Background Sync of the outbox, web push) live in ./sw/.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
