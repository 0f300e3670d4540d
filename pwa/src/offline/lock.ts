/**
 * The drain's lock (drain.ts): one drainer at a time per origin, through the Web Locks API across
 * tabs and the service worker, or an in-memory lock where it is missing (jsdom, old browsers).
 */

/** Name of the Web Lock that serialises drains across tabs and the service worker. */
export const DRAIN_LOCK = 'outbox-drain';

/** Runs `fn` while holding a lock. */
export type LockRunner = <T>(fn: () => Promise<T>) => Promise<T>;

const memoryChains = new Map<string, Promise<unknown>>();

/** In-memory fallback lock (one JS context only). */
export function memoryLock(name: string): LockRunner {
  return <T>(fn: () => Promise<T>) => {
    const previous = memoryChains.get(name) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    memoryChains.set(name, run.catch(() => undefined));
    return run;
  };
}

/** Web Locks when available (windows and workers of one origin share them), else {@link memoryLock}. */
export function webLock(name = DRAIN_LOCK): LockRunner {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (!locks || typeof locks.request !== 'function') return memoryLock(name);
  return <T>(fn: () => Promise<T>) => locks.request(name, () => fn()) as Promise<T>;
}
