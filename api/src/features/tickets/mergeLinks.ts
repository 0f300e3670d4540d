/**
 * The tags and asset links of a merged ticket (docs/merge.md "Tags and assets", issue 57 point 2),
 * in the merge's transaction with both tickets locked: they MOVE to the target, which gets the union.
 * - Tags (tags port, set semantics): the target gains each of the source's tags it lacks (one `tag_add`
 *   row each); the source loses them (one `tag_remove` row each).
 * - Assets (assets port, which also writes each asset's own history): when both tickets are of the
 *   same client, the target gains the source's linked assets it lacks (`asset_link` rows) and the
 *   source is unlinked (`asset_unlink` rows). Assets may only be linked to a ticket of their client,
 *   so when the clients differ (or the target has none) they stay on the source and nothing is said.
 * Rows are written at the versions the merge gives the two tickets.
 */
import type { Database } from '../../db/client';
import type { AuthUser } from '../../http/state';
import { applyTicketTags, tagsOfTickets } from '../tags/port';
import { assetIdsOfTickets, setTicketAssets } from '../assets/port';
import { insertTicketUpdates } from './historyRepository';
import type { TicketRow } from './repository';

/** What moved: the tag names the target gained, and how many assets it gained. */
export interface MergedLinks {
  tags: string[];
  assets: number;
}

type History = { updateType: 'tag_add' | 'tag_remove' | 'asset_link' | 'asset_unlink'; previousValue: string | null; newValue: string | null };

/** Moves `source`'s tags and (same client) asset links to `target`; history rows at `versions`. */
export async function moveMergeLinks(
  tx: Database,
  source: TicketRow,
  target: TicketRow,
  versions: { source: number; target: number },
  actor: AuthUser,
  now: Date,
): Promise<MergedLinks> {
  const sourceTags = (await tagsOfTickets(tx, [source.id])).get(source.id) ?? [];
  const tags = sourceTags.length ? await applyTicketTags(tx, target.id, { add: sourceTags }, actor, now) : { added: [] };
  const untagged = sourceTags.length ? await applyTicketTags(tx, source.id, { remove: sourceTags }, actor, now) : { removed: [] };
  const assetIds = await assetIdsOfTickets(tx, [source.id, target.id]);
  const fromSource = assetIds.get(source.id) ?? [];
  const sameClient = source.clientId !== null && source.clientId === target.clientId;
  const moveAssets = sameClient && fromSource.length > 0;
  const onTarget = assetIds.get(target.id) ?? [];
  const linked = moveAssets ? await setTicketAssets(tx, { ticketId: target.id, clientId: target.clientId, assetIds: [...new Set([...onTarget, ...fromSource])], now, actor }) : null;
  const unlinked = moveAssets ? await setTicketAssets(tx, { ticketId: source.id, clientId: source.clientId, assetIds: [], now, actor }) : null;
  const rows = (ticketId: string, ticketVersion: number, h: History[]) => h.map((r) => ({ ...r, ticketId, ticketVersion, comment: null, updatedBy: actor.id, createdAt: now }));
  await insertTicketUpdates(tx, [
    ...rows(target.id, versions.target, [
      ...tags.added.map((name) => ({ updateType: 'tag_add' as const, previousValue: null, newValue: name })),
      ...(linked?.added ?? []).map((a) => ({ updateType: 'asset_link' as const, previousValue: null, newValue: a.label })),
    ]),
    ...rows(source.id, versions.source, [
      ...untagged.removed.map((name) => ({ updateType: 'tag_remove' as const, previousValue: name, newValue: null })),
      ...(unlinked?.removed ?? []).map((a) => ({ updateType: 'asset_unlink' as const, previousValue: a.label, newValue: null })),
    ]),
  ]);
  return { tags: tags.added, assets: linked?.added.length ?? 0 };
}
