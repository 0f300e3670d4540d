/** The one presenter of assets: rows -> the shared `Asset` (dates stay `YYYY-MM-DD`, times ISO 8601). */
import type { Asset } from '@portal/shared';
import type { AssetRow } from './repository';

/** `row` as the API returns it, with the ids of its linked tickets. */
export function presentAsset(row: AssetRow, ticketIds: readonly string[]): Asset {
  return {
    id: row.id,
    clientId: row.clientId,
    type: row.type,
    name: row.name,
    make: row.make,
    model: row.model,
    serialNumber: row.serialNumber,
    assetTag: row.assetTag,
    siteId: row.siteId,
    contactId: row.contactId,
    ipAddress: row.ipAddress,
    macAddress: row.macAddress,
    operatingSystem: row.operatingSystem,
    purchaseDate: row.purchaseDate,
    warrantyEnd: row.warrantyEnd,
    notes: row.notes,
    status: row.status,
    vaultEntryIds: row.vaultEntryIds,
    ticketIds: [...ticketIds],
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
