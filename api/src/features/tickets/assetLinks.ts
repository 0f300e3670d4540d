/**
 * A ticket's assets (issue 53, docs/assets.md), through the assets port: `assetIds` on ticket reads and
 * on PATCH /api/tickets/:id (the unlinking when a ticket changes client is the assets feature's
 * subscriber, features/assets/events.ts). The links are the assets feature's; the work history is this feature's:
 * each link and unlink is one row (`asset_link` / `asset_unlink`, the asset's tag and name stored).
 */
import type { Ticket, TicketPatch, TicketPatchResult, TicketWithAssets } from '@portal/shared';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../http/state';
import { assetForDevice, assetIdsOfTickets, setTicketAssets } from '../assets/port';
import { insertTicketUpdates } from './historyRepository';
import { presentTicket, presentTicketUpdate } from './presenter';
import { lockTicketForWrite, updateTicketFields } from './repository';

/** `tickets` with their `assetIds` (one query for all). */
export async function withAssetIds<T extends Ticket>(db: Database, tickets: T[]): Promise<(T & TicketWithAssets)[]> {
  const ids = await assetIdsOfTickets(db, tickets.map((t) => t.id));
  return tickets.map((t) => ({ ...t, assetIds: ids.get(t.id) ?? [] }));
}

/**
 * After the merge of a PATCH (`result`): sets the ticket's assets to `patch.assetIds` (assets port,
 * which checks them). A change writes its history rows at the update's version, or, when the merge
 * changed nothing else, as a new version of its own (moving the ticket in the phones' feed). Returns
 * the result with `assetIds` and the new rows. (When the client changes, the assets feature's
 * subscriber has already unlinked the old client's assets: features/assets/events.ts.)
 * @throws 400 under `assetIds` (an unknown asset, another client's, or assets without a client).
 */
export async function applyAssetLinks(tx: Database, ticketId: string, patch: TicketPatch, result: TicketPatchResult, actor: AuthUser, now: Date): Promise<TicketPatchResult> {
  const change = patch.assetIds !== undefined ? await setTicketAssets(tx, { ticketId, clientId: result.ticket.clientId ?? null, assetIds: patch.assetIds, now, actor }) : null;
  if (!change || (change.added.length === 0 && change.removed.length === 0)) {
    const [ticket] = await withAssetIds(tx, [result.ticket]);
    return { ...result, ticket: ticket! };
  }
  let ticket = result.ticket;
  if (result.updates.length === 0) {
    const current = (await lockTicketForWrite(tx, ticketId))!;
    ticket = presentTicket(await updateTicketFields(tx, ticketId, {}, current.version + 1, now));
  }
  const rows = await insertTicketUpdates(tx, [
    ...change.removed.map((a) => ({ updateType: 'asset_unlink' as const, previousValue: a.label, newValue: null })),
    ...change.added.map((a) => ({ updateType: 'asset_link' as const, previousValue: null, newValue: a.label })),
  ].map((h) => ({ ...h, comment: null, ticketId, updatedBy: actor.id, ticketVersion: ticket.version, createdAt: now })));
  const updates = [...result.updates, ...rows.map((r) => presentTicketUpdate({ ...r, updatedByName: actor.username }))];
  return { ...result, ticket: { ...ticket, assetIds: change.assetIds } as TicketWithAssets, updates };
}

/**
 * A staff-created ticket's assets (POST /api/tickets/staff `assetIds`, e.g. "New ticket for this
 * asset"): linked in the create's transaction, one `asset_link` row each at the ticket's version 1.
 * @throws 400 under `assetIds` (no client picked, an unknown asset or another client's).
 */
export async function linkAssetsOnCreate(tx: Database, o: { ticketId: string; clientId: string | null; assetIds: string[]; actor: AuthUser; now: Date }): Promise<void> {
  const change = await setTicketAssets(tx, { ticketId: o.ticketId, clientId: o.clientId, assetIds: o.assetIds, now: o.now, actor: o.actor });
  const rows = change.added.map((a) => ({ updateType: 'asset_link' as const, previousValue: null, newValue: a.label }));
  await insertTicketUpdates(tx, rows.map((h) => ({ ...h, comment: null, ticketId: o.ticketId, updatedBy: o.actor.id, ticketVersion: 1, createdAt: o.now })));
}

/**
 * A deleted asset's tickets (assets port's delete, wired by app.ts as `ticketsLostAsset`): each gets
 * a new version, so it moves in the phones' feed without the asset, and an `asset_unlink` row.
 */
export async function ticketsLostAsset(tx: Database, change: { ticketIds: string[]; label: string; actorId: string | null; now: Date }): Promise<void> {
  for (const ticketId of [...change.ticketIds].sort()) {
    const current = await lockTicketForWrite(tx, ticketId);
    if (!current) continue;
    const row = await updateTicketFields(tx, ticketId, {}, current.version + 1, change.now);
    await insertTicketUpdates(tx, [{ updateType: 'asset_unlink' as const, previousValue: change.label, newValue: null, comment: null, ticketId, updatedBy: change.actorId, ticketVersion: row.version, createdAt: change.now }]);
  }
}

/**
 * The public form's "Which device?" once a new ticket is matched to a client (newTicketClients.ts, in
 * the create's transaction): the asset of that client the text names (assets port `assetForDevice`:
 * its tag, else the one asset with that name, ignoring case) is linked, with one `asset_link` row at
 * version 1 by nobody (the customer's form) and the asset's `ticket_linked` history. No match: nothing
 * is linked; the text stays on the ticket (`device`) for staff.
 */
export async function linkDeviceAssets(tx: Database, tickets: readonly { ticketId: string; clientId: string; device: string; at: Date }[]): Promise<void> {
  for (const t of tickets) {
    const assetId = await assetForDevice(tx, t.clientId, t.device);
    if (!assetId) continue;
    const change = await setTicketAssets(tx, { ticketId: t.ticketId, clientId: t.clientId, assetIds: [assetId], now: t.at, actor: null });
    const rows = change.added.map((a) => ({ updateType: 'asset_link' as const, previousValue: null, newValue: a.label }));
    await insertTicketUpdates(tx, rows.map((h) => ({ ...h, comment: null, ticketId: t.ticketId, updatedBy: null, ticketVersion: 1, createdAt: t.at })));
  }
}
