/**
 * The assets feature's offline part (issue 53 item 7; no React: the service worker imports it
 * through pwa/src/offline-registry.ts): the `assets` collection (the assets of the clients of the
 * tickets held, delta-synced) and the `asset.update` and `asset.create` outbox kinds (edits and new
 * assets made offline).
 */
import type { OfflineFeature } from '../../../offline/core';
import { assetsCollection } from './collection';
import { assetCreateKind } from './create';
import { assetUpdateKind } from './kind';

export { ASSETS_COLLECTION, assetsCollection, heldClientIds, putAssets, readAsset, readAssetByTag, readAssets } from './collection';
export { ASSET_UPDATE, assetStream, assetUpdateKind, enqueueAssetUpdate, isAssetUpdate, resolveAssetConflict, type AssetConflict, type AssetOp, type AssetUpdateItem } from './kind';
export { ASSET_CREATE, assetCreateKind, draftAsset, enqueueAssetCreate, isAssetCreate, type AssetCreateItem, type AssetCreateOp } from './create';
export { TIME_ENTRY_KIND, enqueueAssetVisit, readAssetVaultEntries, visitEntry, type AssetVaultEntry, type VisitInput } from './visit';
export { applyAssetEdits, matchesAssetSearch, readAssetList, readAssetTickets, readAssetView, type AssetView, type AssetWriteItem } from './view';

/** What assets plug into the offline engine. */
export const assetsOffline: OfflineFeature = { name: 'assets', kinds: [assetUpdateKind, assetCreateKind], collections: [assetsCollection] };
