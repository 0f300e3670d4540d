/**
 * What other features may use of assets (issue 53; api/README.md "Features and ports"). Each takes
 * the db or the caller's transaction first.
 *
 * - assetIdsOfTickets(db, ticketIds) -> Map<ticketId, assetId[]>: `assetIds` on ticket reads.
 * - setTicketAssets(tx, { ticketId, clientId, assetIds, now, actor }) -> { added, removed, assetIds }: the
 *   links of PATCH /api/tickets/:id `assetIds` (checked: the ticket's client's assets only); the
 *   caller writes the work-history rows (`asset_link` / `asset_unlink`) from `added` / `removed`;
 *   the asset's own history (`ticket_linked` / `ticket_unlinked`) is written here.
 * - assetForDevice(db, clientId, text) -> asset id | null: the asset a customer named in the public
 *   form's "Which device?" (its tag, else the one asset with that name; ignoring case).
 */
export { assetForDevice, assetIdsOfTickets, setTicketAssets, type LinkedAsset, type TicketAssetChange } from './ticketLinks';
/** `sweepWarrantyAlerts(db, now)`: claims and enqueues the due warranty alerts once (main.ts, with the SLA sweep, in every process). */
export { sweepWarrantyAlerts } from './warranty';
/** `deleteAssetsOfClientRows(tx, clientId, now)`: a deleted client's assets go with tombstones (clients feature, wired by app.ts). */
export { deleteAssetsOfClientRows } from './repository';
