/**
 * Asset rules (issue 53, docs/assets.md): create, edit and delete assets; one asset (with its
 * tickets), keyset pages and the phones' delta feed. Writes take the route's transaction and the
 * delta-sync lock (every write moves the asset's sync_seq); no SQL here (repository.ts).
 *
 * - The tag is unique ignoring case (409 ASSET_MSG.tagTaken under `assetTag`, also between processes:
 *   the unique index decides); without one the asset gets the next free `A-0001` style tag.
 * - Site and contact must be the client's (400 under `siteId` / `contactId`, clients port), and so
 *   must the linked vault entries (400 under `vaultEntryIds`, vault port passed in by app.ts).
 * - Another client on PATCH clears the site, contact and vault entries of the old one unless sent.
 * - Every create and field change is recorded in the asset's history (history.ts), in the write's transaction.
 * - A create may carry the `id` a phone chose offline (409 ASSET_MSG.idTaken under `id` when taken).
 * - An offline edit sends `base`: a field someone else changed to another value is a conflict (409
 *   `{ fields, current }`), nothing applied (shared conflictingFields).
 */
import { ASSET_MSG, CLIENT_MSG, conflictingFields } from '@portal/shared';
import type { Asset, AssetCreate, AssetDeltaPage, AssetDetail, AssetListQuery, AssetPage, AssetPatch } from '@portal/shared';
import type { Database } from '../../db/client';
import { lockSync } from '../../db/sync';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/state';
import { checkTicketLinks, getClientCard } from '../clients/port';
import { presentAsset } from './presenter';
import {
  deleteAssetRow,
  findAsset,
  findAssetByTag,
  insertAsset,
  listAssetPage,
  listAssetsSince,
  listTombstonesSince,
  nextAutoTag,
  ticketIdsOfAssets,
  updateAsset,
  type AssetRow,
  type NewAssetRow,
} from './repository';
import { changeRows, historyOfAssets, recordAssetChanges } from './history';
import { ticketsOfAsset } from './tickets';

/** What assets need of features that import this one (passed in by app.ts: the vault imports tickets, which import assets). */
export interface AssetPorts {
  /** The vault port's vaultEntryClients: the client of each vault entry (unknown ids absent). */
  vaultEntryClients(db: Database, ids: readonly string[]): Promise<Map<string, string | null>>;
  /**
   * The tickets port's ticketsLostAsset: a deleted asset's tickets get a new version (the phones'
   * feed moves) and an `asset_unlink` work-history row naming it.
   */
  ticketsLostAsset(tx: Database, change: { ticketIds: string[]; label: string; actorId: string | null; now: Date }): Promise<void>;
}

export const ASSET_PAGE_DEFAULT = 50;
export const ASSET_DELTA_LIMIT = 200;

/** A 409 under `assetTag`: the tag is taken. */
export const tagTaken = () => new ApiError(409, 'conflict', ASSET_MSG.tagTaken, { assetTag: [ASSET_MSG.tagTaken] });

/** true when `err` (or its cause) is PostgreSQL's unique_violation. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** The links of an asset as they will be after a write. */
export interface AssetLinks {
  clientId: string;
  siteId: string | null;
  contactId: string | null;
  vaultEntryIds: string[];
}

/**
 * Checks the client exists and the site, contact and vault entries are the client's.
 * @throws 400 under `clientId` (unknown client), `siteId`, `contactId` or `vaultEntryIds`.
 */
export async function checkAssetLinks(db: Database, ports: AssetPorts, l: AssetLinks): Promise<void> {
  if (!(await getClientCard(db, l.clientId))) throw badRequest(CLIENT_MSG.notFound, { clientId: [CLIENT_MSG.notFound] });
  await checkTicketLinks(db, { clientId: l.clientId, siteId: l.siteId, contactId: l.contactId });
  if (l.vaultEntryIds.length === 0) return;
  const owners = await ports.vaultEntryClients(db, l.vaultEntryIds);
  for (const id of l.vaultEntryIds) {
    if (!owners.has(id)) throw badRequest(ASSET_MSG.vaultNotFound, { vaultEntryIds: [ASSET_MSG.vaultNotFound] });
    if (owners.get(id) !== l.clientId) throw badRequest(ASSET_MSG.vaultOfOtherClient, { vaultEntryIds: [ASSET_MSG.vaultOfOtherClient] });
  }
}

/** Presents rows with their ticket ids (one query) and, `withHistory`, their history (one more). */
export async function presentAssets(db: Database, rows: AssetRow[], withHistory = false): Promise<Asset[]> {
  const ids = rows.map((r) => r.id);
  const [tickets, history] = await Promise.all([ticketIdsOfAssets(db, ids), withHistory ? historyOfAssets(db, ids) : null]);
  return rows.map((r) => ({ ...presentAsset(r, tickets.get(r.id) ?? []), ...(history ? { history: history.get(r.id) ?? [] } : {}) }));
}

/** One asset with its tickets and their time. @throws 404 ASSET_MSG.notFound. */
export async function getAsset(db: Database, id: string): Promise<AssetDetail> {
  const row = await findAsset(db, id);
  if (!row) throw notFound(ASSET_MSG.notFound);
  return detail(db, row);
}

/** The asset with tag `tag` (ignoring case) and its tickets. @throws 404 ASSET_MSG.notFound. */
export async function getAssetByTag(db: Database, tag: string): Promise<AssetDetail> {
  const row = await findAssetByTag(db, tag);
  if (!row) throw notFound(ASSET_MSG.notFound);
  return detail(db, row);
}

async function detail(db: Database, row: AssetRow): Promise<AssetDetail> {
  const tickets = await ticketsOfAsset(db, row.id);
  const [asset] = await presentAssets(db, [row], true);
  return { ...asset!, tickets };
}

/** GET /api/assets: one keyset page (name order) of the assets matching the filters. */
export async function listAssets(db: Database, q: AssetListQuery): Promise<AssetPage> {
  const limit = q.limit ?? ASSET_PAGE_DEFAULT;
  const rows = await listAssetPage(db, q, { after: q.after, limit });
  const page = rows.slice(0, limit);
  return { items: await presentAssets(db, page), next: rows.length > limit ? page[page.length - 1]!.id : null };
}

/** GET /api/assets?since=CURSOR: assets changed after the cursor and ids of deleted ones, oldest change first. */
export async function assetsSince(db: Database, since: string, limit = ASSET_DELTA_LIMIT): Promise<AssetDeltaPage> {
  const from = Number(since);
  const [rows, tombs] = await Promise.all([listAssetsSince(db, from, limit + 1), listTombstonesSince(db, from, limit + 1)]);
  const changes = [...rows.map((r) => ({ seq: r.syncSeq, row: r as AssetRow | null, deleted: null as string | null })), ...tombs.map((t) => ({ seq: t.syncSeq, row: null, deleted: t.assetId }))].sort(
    (a, b) => a.seq - b.seq,
  );
  const page = changes.slice(0, limit);
  return {
    items: await presentAssets(db, page.flatMap((c) => (c.row ? [c.row] : [])), true),
    deleted: page.flatMap((c) => (c.deleted ? [c.deleted] : [])),
    cursor: String(page.reduce((max, c) => Math.max(max, c.seq), from)),
    more: changes.length > limit,
  };
}

/** A free automatic tag: the sequence's next value, skipping tags someone typed (at most 50 tries). */
async function freeAutoTag(tx: Database): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const tag = await nextAutoTag(tx);
    if (!(await findAssetByTag(tx, tag))) return tag;
  }
  throw tagTaken();
}

/** The row values of a create (no checks). */
function createValues(input: AssetCreate, tag: string, actor: AuthUser | null, now: Date): NewAssetRow {
  return {
    ...(input.id ? { id: input.id } : {}),
    clientId: input.clientId,
    type: input.type,
    name: input.name,
    make: input.make ?? null,
    model: input.model ?? null,
    serialNumber: input.serialNumber ?? null,
    assetTag: tag,
    siteId: input.siteId ?? null,
    contactId: input.contactId ?? null,
    ipAddress: input.ipAddress ?? null,
    macAddress: input.macAddress ?? null,
    operatingSystem: input.operatingSystem ?? null,
    purchaseDate: input.purchaseDate ?? null,
    warrantyEnd: input.warrantyEnd ?? null,
    notes: input.notes ?? null,
    status: input.status ?? 'active',
    vaultEntryIds: [...new Set(input.vaultEntryIds ?? [])],
    createdBy: actor?.id ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

/** POST /api/assets (history: `created`). @throws 409 tag or id taken; 400 a site, contact or vault entry of another client. */
export async function createAsset(tx: Database, ports: AssetPorts, input: AssetCreate, actor: AuthUser | null, now: Date): Promise<Asset> {
  const vaultEntryIds = [...new Set(input.vaultEntryIds ?? [])];
  await checkAssetLinks(tx, ports, { clientId: input.clientId, siteId: input.siteId ?? null, contactId: input.contactId ?? null, vaultEntryIds });
  await lockSync(tx);
  if (input.id && (await findAsset(tx, input.id))) throw new ApiError(409, 'conflict', ASSET_MSG.idTaken, { id: [ASSET_MSG.idTaken] });
  if (input.assetTag && (await findAssetByTag(tx, input.assetTag))) throw tagTaken();
  const tag = input.assetTag ?? (await freeAutoTag(tx));
  const row = await insertAsset(tx, createValues(input, tag, actor, now)).catch((err: unknown) => {
    throw isUniqueViolation(err) ? tagTaken() : err;
  });
  await recordAssetChanges(tx, [{ assetId: row.id, at: now, actorId: actor?.id ?? null, kind: 'created', newValue: `${row.assetTag} ${row.name}` }]);
  return (await presentAssets(tx, [row], true))[0]!;
}

const EDITABLE = ['clientId', 'type', 'name', 'make', 'model', 'serialNumber', 'assetTag', 'siteId', 'contactId', 'ipAddress', 'macAddress', 'operatingSystem', 'purchaseDate', 'warrantyEnd', 'notes', 'status', 'vaultEntryIds'] as const;

/** The fields of `patch` that were sent (base excluded), vault ids de-duplicated. */
function sentFields(patch: AssetPatch): Record<string, unknown> {
  const sent: Record<string, unknown> = {};
  for (const f of EDITABLE) if (patch[f] !== undefined) sent[f] = f === 'vaultEntryIds' ? [...new Set(patch.vaultEntryIds)] : patch[f];
  return sent;
}

/**
 * PATCH /api/assets/:id: only sent fields change; nothing new -> no version bump; each changed field
 * is one history row by `actor`.
 * @throws 404; 409 conflict (with `base`) or tag taken; 400 as create.
 */
export async function patchAsset(tx: Database, ports: AssetPorts, id: string, patch: AssetPatch, actor: AuthUser | null, now: Date): Promise<Asset> {
  await lockSync(tx);
  const current = await findAsset(tx, id, true);
  if (!current) throw notFound(ASSET_MSG.notFound);
  const sent = sentFields(patch);
  const currentValues = current as unknown as Record<string, unknown>;
  const conflicts = conflictingFields(currentValues, patch.base, sent);
  if (conflicts.length > 0) throw conflict(`Changed by someone else meanwhile: ${conflicts.join(', ')}`, { fields: conflicts, current: await getAsset(tx, id) });
  if (sent.clientId !== undefined && sent.clientId !== current.clientId) {
    for (const f of ['siteId', 'contactId'] as const) if (!(f in sent)) sent[f] = null;
    if (!('vaultEntryIds' in sent)) sent.vaultEntryIds = [];
  }
  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(sent)) if (JSON.stringify(v) !== JSON.stringify(currentValues[k] ?? null)) set[k] = v;
  if (Object.keys(set).length === 0) return (await presentAssets(tx, [current], true))[0]!;
  const next = { ...current, ...set } as AssetRow;
  await checkAssetLinks(tx, ports, { clientId: next.clientId, siteId: next.siteId, contactId: next.contactId, vaultEntryIds: next.vaultEntryIds });
  if (typeof set.assetTag === 'string' && (await findAssetByTag(tx, set.assetTag, id))) throw tagTaken();
  const row = await updateAsset(tx, id, { ...(set as Partial<NewAssetRow>), updatedAt: now }).catch((err: unknown) => {
    throw isUniqueViolation(err) ? tagTaken() : err;
  });
  await recordAssetChanges(tx, await changeRows(tx, current, row, actor?.id ?? null, now));
  return (await presentAssets(tx, [row], true))[0]!;
}

/** DELETE /api/assets/:id: the asset and its ticket links go (the tickets stay); phones get a tombstone. @throws 404. */
export async function deleteAsset(tx: Database, ports: AssetPorts, id: string, actorId: string | null, now: Date): Promise<void> {
  await lockSync(tx);
  const row = await findAsset(tx, id);
  if (!row) throw notFound(ASSET_MSG.notFound);
  const ticketIds = (await ticketIdsOfAssets(tx, [id])).get(id) ?? [];
  if (!(await deleteAssetRow(tx, id, now))) throw notFound(ASSET_MSG.notFound);
  if (ticketIds.length > 0) await ports.ticketsLostAsset(tx, { ticketIds, label: `${row.assetTag} ${row.name}`, actorId, now });
}
