/**
 * Loads something once, on first call (e.g. `() => import('./Chunk')`): every call shares one
 * promise. A failed load (e.g. offline before the chunk was ever fetched) is forgotten, so the next
 * call tries again instead of failing forever (code a page needs soon but not first).
 * @returns the loader; call it as often as needed.
 */
export function lazyModule<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | null = null;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    }));
}
