/**
 * The query cache's localStorage persister (queryClient.ts `persistOptions`, DESIGN.md 2).
 *
 * TanStack's sync storage persister writes at most once a second: the latest state, a second after
 * the first change. A page reloaded or closed within that second lost the change: a customer's
 * status view that had just arrived was not there for the reload offline (status.e2e failed 2 of 3
 * runs on a quiet machine). This wrapper keeps the latest state and also writes it at once when the
 * page is hidden or left (`visibilitychange` to hidden, `pagehide`: the last events a phone's
 * browser is sure to give a page), the same JSON under the same key as the throttled write.
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';

/** Where the page-leave events come from (the window; a stub in tests). */
type PageEvents = Pick<Window, 'addEventListener'> & { document?: Pick<Document, 'visibilityState'> };

/**
 * A persister of `key` in `storage` (see module doc). Without `storage` (no window: tests in Node,
 * the service worker) every method does nothing, as TanStack's does. A write that fails (storage
 * full or blocked) is dropped silently like TanStack's: the cache is a convenience, not a store.
 */
export function createFlushingPersister(storage: Storage | undefined, key: string, page: PageEvents | undefined = typeof window === 'undefined' ? undefined : window): Persister {
  const throttled = createSyncStoragePersister({ storage, key });
  if (!storage || !page) return throttled;
  let latest: PersistedClient | null = null;
  const flush = () => {
    if (!latest) return;
    try {
      storage.setItem(key, JSON.stringify(latest));
    } catch {
      // As TanStack's persister: a full or blocked storage keeps the previous copy.
    }
    latest = null;
  };
  page.addEventListener('pagehide', flush);
  page.addEventListener('visibilitychange', () => {
    if (page.document?.visibilityState === 'hidden') flush();
  });
  return {
    persistClient: (client) => {
      latest = client;
      return throttled.persistClient(client);
    },
    restoreClient: () => throttled.restoreClient(),
    removeClient: () => {
      latest = null;
      return throttled.removeClient();
    },
  };
}
