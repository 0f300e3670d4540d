/**
 * The phone's copy of assets (issue 53 item 7, DESIGN.md 5): the assets of the clients whose tickets
 * this device holds, in the generic `records` table under collection 'assets', delta-synced with
 * `GET /api/assets?since=CURSOR` (pages of 200; deleted ids removed). The clients it was pulled for
 * are kept in records 'assets.clients': when a ticket of a new client arrives the feed restarts
 * from `since=0` so that client's older assets come too; at the end of a pass assets of clients no
 * longer held are dropped (unless an edit of theirs waits). An asset is replaced only by one at
 * least as new (`version`). No React.
 */
import type { Asset, AssetDeltaPage } from '@portal/shared';
import { clearRecords, type OfflineDb, type PagedSyncCollection } from '../../../offline/core';

/** Name of the collection (its rows in `records`, its cursor `cursor:assets`). */
export const ASSETS_COLLECTION = 'assets';
const CLIENTS_KEY = 'assets.clients';
/** Delta page size asked of the API (its maximum). */
export const ASSETS_PULL_LIMIT = 200;

const key = (id: string) => [ASSETS_COLLECTION, id] as unknown as string;

/** Stores assets, each only over an older or equal version. Runs in the caller's transaction when there is one. */
export async function putAssets(db: OfflineDb, items: Asset[]): Promise<void> {
  if (items.length === 0) return;
  await db.transaction('rw', db.records, async () => {
    const stored = await db.records.bulkGet(items.map((a) => key(a.id)));
    const newer = items.filter((a, i) => !stored[i] || (stored[i]!.data as Asset).version <= a.version);
    await db.records.bulkPut(newer.map((a) => ({ collection: ASSETS_COLLECTION, id: a.id, data: a })));
  });
}

/** Every cached asset (unsorted). */
export async function readAssets(db: OfflineDb): Promise<Asset[]> {
  return (await db.records.where('collection').equals(ASSETS_COLLECTION).toArray()).map((r) => r.data as Asset);
}

/** One cached asset, or undefined. */
export async function readAsset(db: OfflineDb, id: string): Promise<Asset | undefined> {
  return (await db.records.get(key(id)))?.data as Asset | undefined;
}

/** The cached asset with this tag (ignoring case, as the API), or undefined. */
export async function readAssetByTag(db: OfflineDb, tag: string): Promise<Asset | undefined> {
  const t = tag.toLowerCase();
  return (await readAssets(db)).find((a) => a.assetTag.toLowerCase() === t);
}

/** The clients of the tickets this device holds. */
export async function heldClientIds(db: OfflineDb): Promise<Set<string>> {
  const ids = new Set<string>();
  await db.tickets.each((t) => {
    if (t.clientId) ids.add(t.clientId);
  });
  return ids;
}

/** Whether an asset of `clientId` belongs on this device (`held` from {@link heldClientIds}). */
export const keepsClient = (held: Set<string>, clientId: string) => held.has(clientId);

/** The collection the engine pulls on every sync (after tickets: staff only, the API refuses others). */
export const assetsCollection: PagedSyncCollection = {
  name: ASSETS_COLLECTION,
  async pull(since, { db, get, prefetch }) {
    const held = await heldClientIds(db);
    const before = ((await db.records.get([CLIENTS_KEY, 'held'] as unknown as string))?.data as string[] | undefined) ?? [];
    const known = new Set(before);
    // A client new to this device: its assets may be older than the cursor, so start again.
    const restart = since !== null && [...held].some((c) => !known.has(c));
    const cursor = restart ? '0' : (since ?? '0');
    const url = (from: string) => `/api/assets?since=${encodeURIComponent(from)}&limit=${ASSETS_PULL_LIMIT}`;
    const page = await get<AssetDeltaPage>(url(cursor));
    if (page.more) prefetch?.(url(page.cursor)); // unused when the held clients change (a restart)
    // Assets with a write waiting (an edit, or a draft created here) stay whatever their client.
    const pendingIds = new Set((await db.outbox.where('kind').anyOf('asset.update', 'asset.create').toArray()).map((i) => i.entityId ?? ''));
    await db.transaction('rw', db.records, async () => {
      await putAssets(db, page.items.filter((a) => keepsClient(held, a.clientId)));
      if (page.deleted.length > 0) await db.records.bulkDelete(page.deleted.map(key));
      await db.records.put({ collection: CLIENTS_KEY, id: 'held', data: [...held] });
      if (!page.more) {
        const gone = (await readAssets(db)).filter((a) => !keepsClient(held, a.clientId) && !pendingIds.has(a.id));
        if (gone.length > 0) await db.records.bulkDelete(gone.map((a) => key(a.id)));
      }
    });
    return { cursor: page.cursor, more: page.more };
  },
  async clear(db) {
    await clearRecords(db, ASSETS_COLLECTION);
    await clearRecords(db, CLIENTS_KEY);
  },
};
