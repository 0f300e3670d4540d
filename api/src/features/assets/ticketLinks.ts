/**
 * Tickets and assets, many to many (issue 53 item 2): what the tickets feature asks of assets for
 * `assetIds` on ticket reads and on PATCH /api/tickets/:id (through port.ts). The work-history rows of
 * a link and an unlink are the tickets feature's (it owns the history); this module only checks and
 * writes the links and names each asset for those rows.
 */
import { ASSET_MSG } from '@portal/shared';
import type { Database } from '../../db/client';
import { badRequest } from '../../http/errors';
import { linkRows, recordAssetChanges } from './history';
import { assetIdsOfTicketRows, findAssets, findClientAssetsNamed, touchAssets, writeTicketLinks } from './repository';

/** An asset as a work-history row names it: `A-0042 Reception printer`. */
export interface LinkedAsset {
  id: string;
  label: string;
}

/** What changed: the assets linked and unlinked (each in the order of the request / of the links). */
export interface TicketAssetChange {
  added: LinkedAsset[];
  removed: LinkedAsset[];
  /** The ticket's asset ids after the change (oldest link first). */
  assetIds: string[];
}

/** The asset ids of each ticket of `ticketIds` (tickets without assets absent; one query). */
export async function assetIdsOfTickets(db: Database, ticketIds: readonly string[]): Promise<Map<string, string[]>> {
  return assetIdsOfTicketRows(db, ticketIds);
}

/**
 * Sets the assets of ticket `ticketId` (client `clientId`, null: none) to `assetIds`; `undefined`
 * keeps the linked assets that are `clientId`'s and unlinks the others (the ticket moved to another
 * client). Moves every added or removed asset forward in the assets' delta feed and records each
 * link and unlink in the asset's history by `actor` (history.ts). Runs in `tx` after the ticket is locked.
 * @throws 400 under `assetIds`: ASSET_MSG.assetsNotFound (unknown id), assetOfOtherClient,
 *   assetsWithoutClient (assets on a ticket without a client), tooManyIds (over 50).
 */
export async function setTicketAssets(
  tx: Database,
  o: { ticketId: string; clientId: string | null; assetIds: string[] | undefined; now: Date; actor: { id: string } | null },
): Promise<TicketAssetChange> {
  const fail = (message: string) => badRequest(message, { assetIds: [message] });
  const current = (await assetIdsOfTicketRows(tx, [o.ticketId])).get(o.ticketId) ?? [];
  const wanted = o.assetIds ? [...new Set(o.assetIds)] : undefined;
  if (wanted && wanted.length > 50) throw fail(ASSET_MSG.tooManyIds);
  const rows = await findAssets(tx, [...new Set([...current, ...(wanted ?? [])])]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const target = wanted ?? current.filter((id) => byId.get(id)?.clientId === o.clientId);
  const added = wanted ? wanted.filter((id) => !current.includes(id)) : [];
  for (const id of added) {
    const asset = byId.get(id);
    if (!asset) throw fail(ASSET_MSG.assetsNotFound);
    if (!o.clientId) throw fail(ASSET_MSG.assetsWithoutClient);
    if (asset.clientId !== o.clientId) throw fail(ASSET_MSG.assetOfOtherClient);
  }
  const removed = current.filter((id) => !target.includes(id));
  if (added.length === 0 && removed.length === 0) return { added: [], removed: [], assetIds: current };
  await writeTicketLinks(tx, o.ticketId, added, removed, o.now);
  await touchAssets(tx, [...added, ...removed]);
  await recordAssetChanges(tx, await linkRows(tx, { ticketId: o.ticketId, added, removed, actorId: o.actor?.id ?? null, at: o.now }));
  const label = (id: string): LinkedAsset => {
    const a = byId.get(id);
    return { id, label: a ? `${a.assetTag} ${a.name}` : id };
  };
  return { added: added.map(label), removed: removed.map(label), assetIds: [...current.filter((id) => target.includes(id)), ...added] };
}

/**
 * The asset a customer meant by "Which device?" (docs/assets.md): among client `clientId`'s assets,
 * the one whose asset tag equals `text` ignoring case, else the only one whose name does; null when
 * none does or several share the name (staff then read the text on the ticket).
 */
export async function assetForDevice(db: Database, clientId: string, text: string): Promise<string | null> {
  if (!text.trim()) return null;
  const rows = await findClientAssetsNamed(db, clientId, text);
  const t = text.trim().toLowerCase();
  const byTag = rows.find((r) => r.assetTag.toLowerCase() === t);
  if (byTag) return byTag.id;
  return rows.length === 1 ? rows[0]!.id : null;
}
