/**
 * The `asset.update` outbox kind (issue 53 item 7): an asset edit made on this device, a queued
 * `PATCH /api/assets/:id` with `base` (the values shown when editing) and the item's Idempotency-Key,
 * so a resend is applied once. The answer replaces the cached asset; a 409 `{ fields, current }`
 * (someone else changed one of those fields to another value) waits in state 'conflict' for the
 * technician's choice on the asset page. No React: the service worker registers it too.
 */
import { assetStream, type Asset, type AssetPatchInput } from '@portal/shared';
import { enqueue, isItemOf, type OfflineDb, type OutboxItem, type OutboxKind } from '../../../offline/core';
import { putAssets } from './collection';

export const ASSET_UPDATE = 'asset.update';

export interface AssetOp {
  assetId: string;
  body: AssetPatchInput;
}

/** What a 409 left: the fields someone else changed and the server's asset then. */
export interface AssetConflict {
  fields: string[];
  current: Asset;
}

export type AssetUpdateItem = OutboxItem<AssetOp, AssetConflict, unknown>;

/** The stream of an asset's create and edits (sent in order, one at a time; shared). */
export { assetStream };

const SAVED = 'Asset has been saved.';

export const assetUpdateKind: OutboxKind<AssetOp, AssetConflict, unknown> = {
  kind: ASSET_UPDATE,
  auth: 'session',
  tables: ['records'],
  request: (item) => ({ method: 'PATCH', url: `/api/assets/${item.payload.assetId}`, body: item.payload.body }),
  async onSuccess({ db, body }) {
    if (body && typeof body === 'object' && 'id' in body) await putAssets(db, [body as Asset]);
  },
  onConflict({ body }) {
    const b = body as Partial<AssetConflict> | undefined;
    return b?.fields && b.current ? { action: 'conflict', conflict: { fields: b.fields, current: b.current } } : { action: 'fail' };
  },
  link: (item) => `/assets?asset=${item.payload.assetId}`,
  notices: {
    sent: (labels) => ({ title: 'Success', description: labels.length === 1 ? `${labels[0]}: ${SAVED}` : `${labels.length} assets: ${SAVED}` }),
    conflict: (item) => ({ title: 'Changed by someone else', description: `${item.label}: choose which values to keep.`, variant: 'destructive' }),
    failed: (item) => ({ title: 'Error', description: `${item.label}: ${item.error?.message ?? 'The change was refused.'}`, variant: 'destructive' }),
  },
};

export const isAssetUpdate = (item: OutboxItem): item is AssetUpdateItem => isItemOf(assetUpdateKind, item);

/**
 * Queues an edit of `asset` (label: its tag and name): `changes` are the edited fields; `base` the
 * shown values of those fields. @returns the item's seq.
 */
export async function enqueueAssetUpdate(db: OfflineDb, asset: Asset, changes: Partial<Asset>, user: { id: string; username: string }, now = new Date()): Promise<number> {
  const base: Record<string, unknown> = {};
  for (const k of Object.keys(changes)) base[k] = (asset as unknown as Record<string, unknown>)[k] ?? null;
  const body = { ...changes, base } as AssetPatchInput;
  return enqueue<AssetOp>(db, { kind: ASSET_UPDATE, payload: { assetId: asset.id, body }, label: `${asset.assetTag} ${asset.name}`, entityId: asset.id, stream: assetStream(asset.id), user }, now);
}

/**
 * The technician's choice on a conflicted edit: 'mine' resends it over the server's values (its
 * `base` becomes them); 'server' drops the conflicting fields (the item goes when nothing is left).
 */
export async function resolveAssetConflict(db: OfflineDb, seq: number, choice: 'mine' | 'server'): Promise<'requeued' | 'dropped' | null> {
  return db.transaction('rw', db.outbox, db.records, async () => {
    const item = await db.outbox.get(seq);
    if (!item || !isAssetUpdate(item) || item.state !== 'conflict' || !item.conflict) return null;
    const { fields, current } = item.conflict;
    await putAssets(db, [current]);
    const body = { ...(item.payload.body as Record<string, unknown>) };
    const base = { ...((body.base as Record<string, unknown> | undefined) ?? {}) };
    for (const f of fields) {
      if (choice === 'mine') base[f] = (current as unknown as Record<string, unknown>)[f] ?? null;
      else {
        delete body[f];
        delete base[f];
      }
    }
    body.base = base;
    if (Object.keys(body).every((k) => k === 'base')) {
      await db.outbox.delete(seq);
      return 'dropped' as const;
    }
    await db.outbox.put({ ...item, payload: { ...item.payload, body: body as AssetPatchInput }, state: 'pending', conflict: null, nextAttemptAt: 0, error: null });
    return 'requeued' as const;
  });
}
