import { useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';

/**
 * The server-state cache (TanStack Query, lib/queryClient.ts) loaded with the screens that use it
 * (issue 58: the public form pages must be usable with at most 110 KB of JavaScript, and the query
 * cache is about 11 KB gzip of it). The entry holds only this file: the context's provider
 * ({@link QueryRoot}, around every route) and the loader. Every screen that reads or writes through
 * TanStack Query is loaded with {@link withQueries} (the staff screens through app/ionic.ts's
 * `withIonic`, the status page directly), which restores the persisted cache before the screen's
 * module resolves, so no query ever renders without its client. The public forms (/support,
 * /customer-support, /login, /survey) and / never load it before they are usable.
 */
let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

/**
 * Loads the query client once and restores its persisted queries (`meta.persist`) before resolving;
 * later calls share the promise. A failed load (the chunk could not be fetched, e.g. offline before
 * it was ever cached) is forgotten, so the next call tries again. @throws the import's error.
 */
export function loadQueries(): Promise<QueryClient> {
  loading ??= import('./queryClient')
    .then((m) => m.startQueryClient())
    .then((started) => {
      client = started;
      for (const listener of listeners) listener();
      return started;
    })
    .catch((e: unknown) => {
      loading = undefined;
      throw e;
    });
  return loading;
}

/**
 * Wraps a dynamic import so that the query client is ready before the module is used, e.g.
 * `lazy(() => withQueries(() => import('../features/ticket-status/StatusPage')))`. Both load in parallel.
 */
export async function withQueries<T>(load: () => Promise<T>): Promise<T> {
  const [, mod] = await Promise.all([loadQueries(), load()]);
  return mod;
}

/** Drops every cached query (sign-out); nothing to do when the client was never loaded on this page. */
export function clearQueries(): void {
  client?.clear();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => client;

/**
 * TanStack Query's context around the whole app, holding the client once {@link loadQueries} has
 * loaded it (undefined before: nothing rendered then uses a query).
 */
export function QueryRoot({ children }: { children: ReactNode }) {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  return <QueryClientContext.Provider value={current}>{children}</QueryClientContext.Provider>;
}
