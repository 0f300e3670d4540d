/**
 * What one feature plugs into the offline engine: its outbox kinds (kinds.ts) and its cached
 * collections (collections.ts). Each feature exports one {@link OfflineFeature} from
 * `features/<name>/offline/index.ts`; pwa/src/offline-registry.ts lists them and registers them in
 * the page and in the service worker. Works without a window.
 */
import { registerCollection, type AnySyncCollection } from './collections';
import { registerOutboxKind, type OutboxKind } from './kinds';

/** A feature's offline part. */
export interface OfflineFeature {
  /** For messages and debugging, e.g. 'tickets'. */
  name: string;
  /** Offline writes the feature queues. */
  kinds?: readonly OutboxKind[];
  /** Cached collections, pulled in this order after those of features registered earlier. */
  collections?: readonly AnySyncCollection[];
}

/**
 * Registers every kind and collection of `feature` (replacing earlier registrations of the same
 * names, so calling it twice is harmless).
 * @returns a function that removes them again (tests).
 */
export function registerOfflineFeature(feature: OfflineFeature): () => void {
  const removers = [...(feature.kinds ?? []).map((k) => registerOutboxKind(k)), ...(feature.collections ?? []).map((c) => registerCollection(c))];
  return () => {
    for (const remove of removers) remove();
  };
}
