import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { persistQueryClient, type PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { apiGet, isApiError } from './api';
import { createFlushingPersister } from './persister';

/**
 * Server-state cache (SPEC.md 7, DESIGN.md 2).
 *
 * Defaults: queries never retry, never refetch on focus, never poll and never go stale; mutations
 * never retry. The default query function joins the key parts with '/' into the URL and reads
 * JSON, so `useQuery({ queryKey: ['/api/config'] })` fetches `/api/config`; a 401 throws like any
 * other non-OK answer (ApiError).
 */

/** `['/api/tickets', id]` -> `/api/tickets/<id>`. */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join('/');
}

export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => apiGet(queryKeyToUrl(queryKey), { signal });

/** A client with the SPEC.md 7 defaults (tests make their own, the app one). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** Key under which the persisted cache lives in localStorage. */
export const QUERY_CACHE_KEY = 'portal-query-cache';

/**
 * Whether a query goes into the persisted cache (persistOptions): marked `meta.persist`, holding data,
 * and not refused by the server on its latest try (e.g. a revoked status link's 404 drops its view
 * from the device; a failed connection keeps it).
 */
export function shouldPersistQuery(query: { meta?: Record<string, unknown>; state: { data: unknown; error: unknown } }): boolean {
  return query.meta?.persist === true && query.state.data !== undefined && !isApiError(query.state.error);
}

/**
 * Persistence of the query cache (DESIGN.md 2): only queries marked `meta: { persist: true }` are
 * saved (public config, a status link's view), so customer data never lands in localStorage through
 * this path otherwise; the offline ticket store is Dexie (DESIGN.md 5). The cache is dropped on every
 * new build (`buster`). Written at most once a second, and at once when the page is hidden or left
 * (persister.ts).
 *
 * A marked query is saved whenever it holds data, also after its latest refresh failed: a page
 * opened or refreshed offline (the status link asks again on every open) keeps the last view it
 * showed for the next offline open. Saving only 'success' queries dropped the view from
 * localStorage at the first failed refresh, and a reload offline then showed none (status.e2e).
 */
export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: createFlushingPersister(typeof window === 'undefined' ? undefined : window.localStorage, QUERY_CACHE_KEY),
  buster: import.meta.env.VITE_BUILD_ID ?? 'dev',
  maxAge: 7 * 24 * 60 * 60 * 1000,
  dehydrateOptions: {
    shouldDehydrateQuery: shouldPersistQuery,
  },
};

/**
 * The app's client, ready to use (lib/queries.tsx loads this module with the first screen that
 * needs it): subscribed to the browser's focus and online events (what QueryClientProvider's mount
 * did), its persisted queries restored, and later changes saved ({@link persistOptions}). Resolves
 * once the restore is done, so a query rendered afterwards finds its saved data (a status link
 * opened offline). A failed restore (unreadable storage) leaves an empty cache.
 */
export async function startQueryClient(): Promise<QueryClient> {
  queryClient.mount();
  // The persist client's own copy of query-core types the same class differently (npm keeps two
  // versions); PersistQueryClientProvider passed this client to the same function.
  type PersistedFor = Parameters<typeof persistQueryClient>[0]['queryClient'];
  const [, restored] = persistQueryClient({ queryClient: queryClient as unknown as PersistedFor, ...persistOptions });
  await restored.catch(() => undefined);
  return queryClient;
}
