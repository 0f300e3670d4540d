/**
 * Assets repository: ALL the SQL of assets, their tombstones and their ticket links (the warranty
 * sweep's claim is warranty.ts). Functions take the db or the caller's transaction first.
 */
import { and, asc, eq, gt, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AssetStatus, AssetType } from '@portal/shared';
import type { Database } from '../../db/client';
import { assetTombstones, assets, ticketAssets } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { nextSyncSeq } from '../../db/sync';

export type AssetRow = typeof assets.$inferSelect;
export type NewAssetRow = typeof assets.$inferInsert;

/** The list's filters (docs/api.md "Assets"). */
export interface AssetFilter {
  clientId?: string | undefined;
  siteId?: string | undefined;
  type?: AssetType | undefined;
  status?: AssetStatus | undefined;
  /** Warranty ends on or before this date (YYYY-MM-DD). */
  warrantyBefore?: string | undefined;
  q?: string | undefined;
}

/** `%term%` for ILIKE with the wildcards of `term` escaped. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterSql(f: AssetFilter): SQL[] {
  const where: SQL[] = [];
  if (f.clientId) where.push(eq(assets.clientId, f.clientId));
  if (f.siteId) where.push(eq(assets.siteId, f.siteId));
  if (f.type) where.push(eq(assets.type, f.type));
  if (f.status) where.push(eq(assets.status, f.status));
  if (f.warrantyBefore) where.push(isNotNull(assets.warrantyEnd), lte(assets.warrantyEnd, f.warrantyBefore));
  const term = f.q?.trim();
  if (term) {
    const p = containsPattern(term);
    where.push(
      sql`(${assets.name} ilike ${p} or ${assets.assetTag} ilike ${p} or ${assets.serialNumber} ilike ${p} or ${assets.make} ilike ${p} or ${assets.model} ilike ${p} or ${assets.ipAddress} ilike ${p} or ${assets.macAddress} ilike ${p})`,
    );
  }
  return where;
}

/**
 * One keyset page sorted by lower(name), id, filtered; `after` is the last asset id of the previous
 * page. Reads `limit + 1` rows (the extra one says a next page exists).
 */
export async function listAssetPage(db: Database, f: AssetFilter, o: { after?: string | undefined; limit: number }): Promise<AssetRow[]> {
  const where = filterSql(f);
  if (o.after) where.push(sql`(lower(${assets.name}), ${assets.id}) > (select lower(a2.name), a2.id from ${assets} a2 where a2.id = ${o.after})`);
  return db
    .select()
    .from(assets)
    .where(and(...where))
    .orderBy(sql`lower(${assets.name})`, asc(assets.id))
    .limit(o.limit + 1);
}

/** Every asset matching `f` in name order, `batch` rows at a time (the CSV export streams them). */
export async function* allAssets(db: Database, f: AssetFilter, batch = 500): AsyncGenerator<AssetRow[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await listAssetPage(db, f, { after, limit: batch });
    const page = rows.slice(0, batch);
    if (page.length) yield page;
    if (rows.length <= batch) return;
    after = page[page.length - 1]!.id;
  }
}

/** Assets changed after `since` in sync_seq order, at most `limit`. */
export async function listAssetsSince(db: Database, since: number, limit: number): Promise<AssetRow[]> {
  return db.select().from(assets).where(gt(assets.syncSeq, since)).orderBy(asc(assets.syncSeq)).limit(limit);
}

/** Tombstones after `since` (sync_seq order), at most `limit`. */
export async function listTombstonesSince(db: Database, since: number, limit: number): Promise<{ assetId: string; syncSeq: number }[]> {
  return db
    .select({ assetId: assetTombstones.assetId, syncSeq: assetTombstones.syncSeq })
    .from(assetTombstones)
    .where(gt(assetTombstones.syncSeq, since))
    .orderBy(asc(assetTombstones.syncSeq))
    .limit(limit);
}

/** One asset, optionally locked FOR UPDATE. */
export async function findAsset(db: Database, id: string, forUpdate = false): Promise<AssetRow | undefined> {
  const q = db.select().from(assets).where(eq(assets.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** Assets by id (any order). */
export async function findAssets(db: Database, ids: readonly string[]): Promise<AssetRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(assets).where(inArray(assets.id, [...ids]));
}

/** The assets of client `clientId` whose tag or name equals `text` ignoring case (at most 3; tag matches first). */
export async function findClientAssetsNamed(db: Database, clientId: string, text: string): Promise<AssetRow[]> {
  const t = text.trim().toLowerCase();
  return db
    .select()
    .from(assets)
    .where(and(eq(assets.clientId, clientId), sql`(lower(${assets.assetTag}) = ${t} or lower(${assets.name}) = ${t})`))
    .orderBy(sql`lower(${assets.assetTag}) = ${t} desc`, asc(assets.id))
    .limit(3);
}

/** The asset whose tag equals `tag` ignoring case (other than `exceptId`). */
export async function findAssetByTag(db: Database, tag: string, exceptId?: string): Promise<AssetRow | undefined> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(sql`lower(${assets.assetTag}) = lower(${tag})`, exceptId ? sql`${assets.id} <> ${exceptId}` : undefined))
    .limit(1);
  return row;
}

/** Assets whose tag (ignoring case) is one of `tags`, or whose serial number (ignoring case) is one of `serials`. */
export async function findAssetsByTagOrSerial(db: Database, tags: string[], serials: string[]): Promise<AssetRow[]> {
  if (tags.length === 0 && serials.length === 0) return [];
  const lower = (l: string[]) => l.map((v) => v.toLowerCase());
  return db
    .select()
    .from(assets)
    .where(
      sql`lower(${assets.assetTag}) = any(${sql.param(lower(tags))}::text[]) or (${assets.serialNumber} is not null and lower(${assets.serialNumber}) = any(${sql.param(lower(serials))}::text[]))`,
    );
}

/** The next automatic tag `A-0001`, `A-0002`, ... (sequence asset_tag_seq; the caller skips taken ones). */
export async function nextAutoTag(db: Database): Promise<string> {
  const [row] = await rowsOf<{ n: string | number }>(db, sql`select nextval('asset_tag_seq') as n`);
  return `A-${String(row!.n).padStart(4, '0')}`;
}

/**
 * Inserts an asset. A tag taken ignoring case fails on the unique index `assets_tag_key` (of two
 * processes creating one tag at once, the second waits for the first's commit, then fails): the
 * caller turns that unique violation into 409.
 */
export async function insertAsset(db: Database, values: NewAssetRow): Promise<AssetRow> {
  const [row] = await db
    .insert(assets)
    .values({ ...values, syncSeq: nextSyncSeq() })
    .returning();
  return row!;
}

/** Applies `set`, bumps version and sync_seq; returns the new row. */
export async function updateAsset(db: Database, id: string, set: Partial<NewAssetRow>): Promise<AssetRow> {
  const [row] = await db
    .update(assets)
    .set({ ...set, version: sql`${assets.version} + 1`, syncSeq: nextSyncSeq() })
    .where(eq(assets.id, id))
    .returning();
  return row!;
}

/** Moves assets forward in the delta feed (their ticket links changed). */
export async function touchAssets(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(assets)
    .set({ syncSeq: nextSyncSeq() })
    .where(inArray(assets.id, [...ids]));
}

/** Deletes the asset (its ticket links cascade) and leaves a tombstone; false when it did not exist. */
export async function deleteAssetRow(db: Database, id: string, now: Date): Promise<boolean> {
  const gone = await db.delete(assets).where(eq(assets.id, id)).returning({ id: assets.id });
  if (gone.length === 0) return false;
  await db
    .insert(assetTombstones)
    .values({ assetId: id, syncSeq: nextSyncSeq(), deletedAt: now })
    .onConflictDoUpdate({ target: assetTombstones.assetId, set: { syncSeq: nextSyncSeq(), deletedAt: now } });
  return true;
}

/** Deletes every asset of a client, each leaving a tombstone (the phones drop them); returns their ids. */
export async function deleteAssetsOfClientRows(db: Database, clientId: string, now: Date): Promise<string[]> {
  const gone = await db.delete(assets).where(eq(assets.clientId, clientId)).returning({ id: assets.id });
  if (gone.length === 0) return [];
  await db
    .insert(assetTombstones)
    .values(gone.map((g) => ({ assetId: g.id, syncSeq: nextSyncSeq(), deletedAt: now })))
    .onConflictDoUpdate({ target: assetTombstones.assetId, set: { syncSeq: nextSyncSeq(), deletedAt: now } });
  return gone.map((g) => g.id);
}

/** Ticket ids linked to each of `assetIds` (oldest link first). */
export async function ticketIdsOfAssets(db: Database, assetIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (assetIds.length === 0) return out;
  const rows = await db
    .select({ assetId: ticketAssets.assetId, ticketId: ticketAssets.ticketId })
    .from(ticketAssets)
    .where(inArray(ticketAssets.assetId, [...assetIds]))
    .orderBy(asc(ticketAssets.createdAt), asc(ticketAssets.ticketId));
  for (const r of rows) out.set(r.assetId, [...(out.get(r.assetId) ?? []), r.ticketId]);
  return out;
}

/** Asset ids linked to each of `ticketIds` (oldest link first). */
export async function assetIdsOfTicketRows(db: Database, ticketIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ticketIds.length === 0) return out;
  const rows = await db
    .select({ assetId: ticketAssets.assetId, ticketId: ticketAssets.ticketId })
    .from(ticketAssets)
    .where(inArray(ticketAssets.ticketId, [...ticketIds]))
    .orderBy(asc(ticketAssets.createdAt), asc(ticketAssets.assetId));
  for (const r of rows) out.set(r.ticketId, [...(out.get(r.ticketId) ?? []), r.assetId]);
  return out;
}

/** Adds and removes links of one ticket. */
export async function writeTicketLinks(db: Database, ticketId: string, add: string[], remove: string[], now: Date): Promise<void> {
  if (add.length) await db.insert(ticketAssets).values(add.map((assetId) => ({ ticketId, assetId, createdAt: now }))).onConflictDoNothing();
  if (remove.length) await db.delete(ticketAssets).where(and(eq(ticketAssets.ticketId, ticketId), inArray(ticketAssets.assetId, remove)));
}
