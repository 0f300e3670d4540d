/**
 * The `asset.create` outbox kind (issue 53 item 7, docs/assets.md "Created offline"): a technician
 * adds an asset on site with no signal. Its id is chosen here (a UUID the API keeps: `id` on POST
 * /api/assets), a draft joins the device's copy at once (version 0, shown 'Waiting to sync'), and
 * the POST is queued with its Idempotency-Key in the asset's stream `asset:<id>` (its later edits
 * and a ticket naming it are sent after it), after the client's stream (a client created offline
 * exists first). The answer replaces the draft (same id; the server's tag when none was typed);
 * a discarded create removes the draft. No React: the service worker registers it too.
 */
import { assetStream, clientStream, type Asset, type AssetCreateInput } from '@portal/shared';
import { enqueue, isItemOf, type OfflineDb, type OutboxItem, type OutboxKind } from '../../../offline/core';
import { ASSETS_COLLECTION, putAssets, readAsset } from './collection';

/** Name of the kind (stored on queued items: never rename). */
export const ASSET_CREATE = 'asset.create';

/** The POST body with the id chosen on this device. */
export type AssetCreateOp = AssetCreateInput & { id: string };
export type AssetCreateItem = OutboxItem<AssetCreateOp, never, unknown>;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The draft shown until the server answers: `version` 0 (any server copy replaces it), no tag unless typed. */
export function draftAsset(body: AssetCreateOp, now: Date): Asset {
  return {
    id: body.id,
    clientId: body.clientId,
    type: body.type,
    name: body.name.trim(),
    make: text(body.make),
    model: text(body.model),
    serialNumber: text(body.serialNumber),
    assetTag: text(body.assetTag) ?? '',
    siteId: body.siteId ?? null,
    contactId: body.contactId ?? null,
    ipAddress: text(body.ipAddress),
    macAddress: text(body.macAddress),
    operatingSystem: text(body.operatingSystem),
    purchaseDate: text(body.purchaseDate),
    warrantyEnd: text(body.warrantyEnd),
    notes: text(body.notes),
    status: body.status ?? 'active',
    vaultEntryIds: body.vaultEntryIds ?? [],
    history: [],
    ticketIds: [],
    version: 0,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

export const assetCreateKind: OutboxKind<AssetCreateOp, never, unknown> = {
  kind: ASSET_CREATE,
  auth: 'session',
  tables: ['records'],
  request: (item) => ({ method: 'POST', url: '/api/assets', body: item.payload }),
  async onSuccess({ db, body }) {
    if (body && typeof body === 'object' && 'id' in body) await putAssets(db, [body as Asset]);
  },
  async onDiscard({ db, item }) {
    const draft = await readAsset(db, item.payload.id);
    if (draft?.version === 0) await db.records.delete([ASSETS_COLLECTION, draft.id] as unknown as string);
  },
  link: (item) => `/assets?asset=${item.payload.id}`,
  notices: {
    sent: (labels) => ({ title: 'Success', description: labels.length === 1 ? `${labels[0]}: Asset created.` : `${labels.length} assets created.` }),
    failed: (item) => ({ title: 'Error', description: `${item.label}: ${item.error?.message ?? 'The asset was refused.'}`, variant: 'destructive' }),
  },
};

export const isAssetCreate = (item: OutboxItem): item is AssetCreateItem => isItemOf(assetCreateKind, item);

/**
 * Queues a new asset (`body` as POST /api/assets takes it) and puts its draft in the device's copy,
 * in one transaction. @returns the new asset's id.
 */
export async function enqueueAssetCreate(db: OfflineDb, body: AssetCreateInput, user: { id: string; username: string }, now = new Date()): Promise<string> {
  const payload: AssetCreateOp = { ...body, id: body.id ?? crypto.randomUUID() };
  const label = text(payload.assetTag) ? `${payload.assetTag} ${payload.name}` : payload.name;
  await db.transaction('rw', db.outbox, db.records, async () => {
    await putAssets(db, [draftAsset(payload, now)]);
    await enqueue<AssetCreateOp>(db, { kind: ASSET_CREATE, payload, label, entityId: payload.id, stream: assetStream(payload.id), after: [clientStream(payload.clientId)], user }, now);
  });
  return payload.id;
}
