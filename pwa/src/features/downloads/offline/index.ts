/**
 * The downloads feature's offline part (pwa/src/offline/README.md; no React: the service worker
 * imports it through offline-registry.ts): the collection `supportTools`, the active 'Support
 * Tools' content items of /downloads, cached in the generic `records` table so the page lists
 * them with no network, also after an app update (the persisted query cache is dropped on every
 * new build) and before the page was ever opened on this device. The files themselves live in
 * Cache Storage ("Keep on this device", lib/keptFiles). Like every collection it is cleared when
 * another user signs in.
 *
 * The list changes rarely and is a full snapshot, so the engine's frequent pulls fetch it at most
 * every {@link PULL_EVERY_MS}; the page also stores what it fetched itself ({@link storeSupportTools}).
 */
import { SUPPORT_TOOLS_CATEGORY, type ContentItem } from '@portal/shared';
import { clearRecords, replaceRecords, type OfflineDb, type OfflineFeature, type SyncCollection } from '../../../offline/core';

export const SUPPORT_TOOLS_COLLECTION = 'supportTools';
/** Minimum time between two pulls of the list by the sync engine. */
export const PULL_EVERY_MS = 10 * 60_000;

/** The items /downloads lists (SPEC.md 4): active, category 'Support Tools', with a file. */
export function supportToolsOf(items: readonly ContentItem[]): ContentItem[] {
  return items.filter((i) => i.isActive && i.category === SUPPORT_TOOLS_CATEGORY && i.fileName !== null);
}

/** Replaces the cached list with `items` (already narrowed or not). */
export function storeSupportTools(db: OfflineDb, items: readonly ContentItem[]): Promise<void> {
  return replaceRecords(
    db,
    SUPPORT_TOOLS_COLLECTION,
    supportToolsOf(items).map((i) => ({ id: i.id, data: i })),
  );
}

/** The cached list by title (a Dexie reader for `useOfflineQuery`). */
export async function readSupportTools(db: OfflineDb): Promise<ContentItem[]> {
  const rows = await db.records.where('collection').equals(SUPPORT_TOOLS_COLLECTION).toArray();
  return rows.map((r) => r.data as ContentItem).sort((a, b) => a.title.localeCompare(b.title));
}

/** Pulls GET /api/content at most every PULL_EVERY_MS; the cursor is the time of the last pull. */
export function supportToolsCollection(now: () => number = Date.now): SyncCollection {
  return {
    name: SUPPORT_TOOLS_COLLECTION,
    async pull(since, { db, get }) {
      if (since !== null && now() - Number(since) < PULL_EVERY_MS) return since;
      await storeSupportTools(db, await get<ContentItem[]>('/api/content'));
      return String(now());
    },
    clear: (db) => clearRecords(db, SUPPORT_TOOLS_COLLECTION),
  };
}

export const downloadsOffline: OfflineFeature = { name: 'downloads', kinds: [], collections: [supportToolsCollection()] };
