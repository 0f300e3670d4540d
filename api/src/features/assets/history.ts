/**
 * An asset's history (issue 53 item 2, docs/assets.md "History"): who created it, who changed which
 * field from what to what, which tickets were linked and unlinked, and when. Written in the write's
 * transaction (service.ts create and patch, ticketLinks.ts links); read newest first, at most
 * ASSET_HISTORY_LIMIT per asset, onto the asset page, the POST/PATCH answers and the delta feed (so
 * the phone's copy has it offline). Values are stored as shown: names, not ids.
 */
import { eq, sql } from 'drizzle-orm';
import { ASSET_HISTORY_LIMIT, ASSET_STATUS_NAMES, ASSET_TYPE_NAMES, type AssetChange, type AssetStatus, type AssetType, type Client } from '@portal/shared';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { assetChanges, ticketFacts } from '../../db/schema';
import { getClientCard } from '../clients/port';
import type { AssetRow } from './repository';

export type NewAssetChange = typeof assetChanges.$inferInsert;

/** Longest value kept (notes are cut with an ellipsis). */
const MAX_VALUE = 200;
const cut = (v: string) => (v.length > MAX_VALUE ? `${v.slice(0, MAX_VALUE - 1)}…` : v);

/** Writes history rows (none: nothing); read newest first, so one write's rows read in the given order. */
export async function recordAssetChanges(tx: Database, rows: NewAssetChange[]): Promise<void> {
  for (const row of [...rows].reverse()) await tx.insert(assetChanges).values(row);
}

/** The fields a history row names, in the order of the edit form. */
const TRACKED = ['name', 'type', 'status', 'assetTag', 'clientId', 'siteId', 'contactId', 'make', 'model', 'serialNumber', 'ipAddress', 'macAddress', 'operatingSystem', 'purchaseDate', 'warrantyEnd', 'notes', 'vaultEntryIds'] as const;

/** `field`'s value of `row` as a person reads it (`cards`: the client cards by id, for names). */
function shown(row: AssetRow, field: (typeof TRACKED)[number], cards: Map<string, Client | null>): string | null {
  const card = cards.get(row.clientId) ?? null;
  switch (field) {
    case 'type':
      return ASSET_TYPE_NAMES[row.type as AssetType] ?? row.type;
    case 'status':
      return ASSET_STATUS_NAMES[row.status as AssetStatus] ?? row.status;
    case 'clientId':
      return card?.name ?? null;
    case 'siteId':
      return row.siteId ? (card?.sites.find((s) => s.id === row.siteId)?.name ?? null) : null;
    case 'contactId':
      return row.contactId ? (card?.contacts.find((c) => c.id === row.contactId)?.name ?? null) : null;
    case 'vaultEntryIds':
      return row.vaultEntryIds.length === 0 ? null : `${row.vaultEntryIds.length} vault ${row.vaultEntryIds.length === 1 ? 'entry' : 'entries'}`;
    default: {
      const v = row[field];
      return v === null || v === undefined || v === '' ? null : cut(String(v));
    }
  }
}

/**
 * The `changed` rows from `before` to `after` (one per field whose shown value differs), by `actorId`
 * at `at`. Reads the client cards of both rows for names.
 */
export async function changeRows(db: Database, before: AssetRow, after: AssetRow, actorId: string | null, at: Date): Promise<NewAssetChange[]> {
  const ids = [...new Set([before.clientId, after.clientId])];
  const cards = new Map(await Promise.all(ids.map(async (id) => [id, await getClientCard(db, id)] as const)));
  const rows: NewAssetChange[] = [];
  for (const field of TRACKED) {
    if (JSON.stringify(before[field] ?? null) === JSON.stringify(after[field] ?? null)) continue;
    rows.push({ assetId: after.id, at, actorId, kind: 'changed', field, previousValue: shown(before, field, cards), newValue: shown(after, field, cards) });
  }
  return rows;
}

/** The `ticket_linked` / `ticket_unlinked` rows of one ticket's link change (the ticket's number as value). */
export async function linkRows(db: Database, o: { ticketId: string; added: string[]; removed: string[]; actorId: string | null; at: Date }): Promise<NewAssetChange[]> {
  if (o.added.length === 0 && o.removed.length === 0) return [];
  const [t] = await db.select({ n: ticketFacts.ticketNumber }).from(ticketFacts).where(eq(ticketFacts.id, o.ticketId)).limit(1);
  const number = t?.n ?? null;
  return [
    ...o.added.map((assetId): NewAssetChange => ({ assetId, at: o.at, actorId: o.actorId, kind: 'ticket_linked', ticketId: o.ticketId, newValue: number })),
    ...o.removed.map((assetId): NewAssetChange => ({ assetId, at: o.at, actorId: o.actorId, kind: 'ticket_unlinked', ticketId: o.ticketId, previousValue: number })),
  ];
}

interface ChangeSqlRow {
  id: string;
  asset_id: string;
  at: string | Date;
  kind: AssetChange['kind'];
  field: string | null;
  previous_value: string | null;
  new_value: string | null;
  ticket_id: string | null;
  username: string | null;
}

/** The newest ASSET_HISTORY_LIMIT history entries of each of `assetIds` (newest first; one query). */
export async function historyOfAssets(db: Database, assetIds: readonly string[]): Promise<Map<string, AssetChange[]>> {
  const out = new Map<string, AssetChange[]>();
  if (assetIds.length === 0) return out;
  const rows = await rowsOf<ChangeSqlRow>(
    db,
    sql`select c.id, c.asset_id, c.at, c.kind, c.field, c.previous_value, c.new_value, c.ticket_id, u.username
      from (select h.*, row_number() over (partition by h.asset_id order by h.seq desc) as rn
            from asset_changes h where h.asset_id = any(${sql.param([...assetIds])}::uuid[])) c
      left join users u on u.id = c.actor_id
      where c.rn <= ${ASSET_HISTORY_LIMIT}
      order by c.asset_id, c.rn`,
  );
  for (const r of rows) {
    const change: AssetChange = { id: r.id, at: new Date(r.at).toISOString(), actor: r.username, kind: r.kind, field: r.field, from: r.previous_value, to: r.new_value, ticketId: r.ticket_id };
    out.set(r.asset_id, [...(out.get(r.asset_id) ?? []), change]);
  }
  return out;
}
