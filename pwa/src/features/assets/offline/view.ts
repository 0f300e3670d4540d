/**
 * What the assets screens read from IndexedDB (no network): cached assets (and drafts of assets
 * created here) with this device's unsent edits applied, and an asset's tickets from the cached
 * tickets. No React.
 */
import type { Asset, AssetTicket } from '@portal/shared';
import { readOutbox, type OfflineDb } from '../../../offline/core';
import { readAsset, readAssetByTag, readAssets } from './collection';
import { isAssetCreate, type AssetCreateItem } from './create';
import { isAssetUpdate, type AssetUpdateItem } from './kind';

/** A queued write of one asset: its create (made offline) or an edit. */
export type AssetWriteItem = AssetUpdateItem | AssetCreateItem;

/** An asset as shown: `waiting` while its create or an edit is unsent; `attention` the writes needing a choice. */
export interface AssetView extends Asset {
  waiting: boolean;
  attention: AssetWriteItem[];
}

function withoutBase(body: object): Partial<Asset> {
  const { base: _base, ...rest } = body as { base?: unknown };
  return rest as Partial<Asset>;
}

/** `asset` with its unsent edits applied in order (as they will be sent); an unsent create makes it waiting. */
export function applyAssetEdits(asset: Asset, items: AssetWriteItem[]): AssetView {
  let view: Asset = asset;
  let waiting = false;
  const attention: AssetWriteItem[] = [];
  for (const item of items) {
    if (item.state === 'done') continue;
    if (item.state === 'conflict' || item.state === 'failed') attention.push(item);
    if (item.state === 'failed') continue;
    if (isAssetUpdate(item)) view = { ...view, ...withoutBase(item.payload.body) };
    waiting = true;
  }
  return { ...view, waiting, attention };
}

async function unsentByAsset(db: OfflineDb): Promise<Map<string, AssetWriteItem[]>> {
  const out = new Map<string, AssetWriteItem[]>();
  for (const item of await readOutbox(db)) {
    if (item.state === 'done') continue;
    const id = isAssetUpdate(item) ? item.payload.assetId : isAssetCreate(item) ? item.payload.id : null;
    if (id) out.set(id, [...(out.get(id) ?? []), item as AssetWriteItem]);
  }
  return out;
}

/** Every asset on this device as shown, by tag. */
export async function readAssetList(db: OfflineDb): Promise<AssetView[]> {
  const [items, unsent] = await Promise.all([readAssets(db), unsentByAsset(db)]);
  return items.map((a) => applyAssetEdits(a, unsent.get(a.id) ?? [])).sort((a, b) => a.name.localeCompare(b.name) || a.assetTag.localeCompare(b.assetTag));
}

/** One asset as shown (by id or, with `byTag`, by tag), or null when this device does not hold it. */
export async function readAssetView(db: OfflineDb, ref: string, byTag = false): Promise<AssetView | null> {
  const asset = byTag ? await readAssetByTag(db, ref) : await readAsset(db, ref);
  if (!asset) return null;
  return applyAssetEdits(asset, (await unsentByAsset(db)).get(asset.id) ?? []);
}

/** The asset's tickets this device holds, newest first, in the asset page's shape (minutes unknown offline: 0). */
export async function readAssetTickets(db: OfflineDb, asset: Pick<Asset, 'ticketIds'>): Promise<AssetTicket[]> {
  const tickets = (await db.tickets.bulkGet(asset.ticketIds)).filter((t) => t !== undefined);
  return tickets
    .map((t) => ({ id: t.id, ticketNumber: t.ticketNumber, issue: t.issue, status: t.status, createdAt: t.createdAt, minutes: 0 }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Search on this device like the API's `q`: name, tag, serial, make, model, IP, MAC (substring, ignoring case). */
export function matchesAssetSearch(a: Asset, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [a.name, a.assetTag, a.serialNumber, a.make, a.model, a.ipAddress, a.macAddress].some((v) => v?.toLowerCase().includes(q));
}
