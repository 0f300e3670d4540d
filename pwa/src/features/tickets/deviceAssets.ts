/**
 * The assets feature's copy on this device (records collection 'assets'), read as data: features
 * import nothing of each other. Used by the Update Ticket panel's and New Ticket's asset pickers.
 */
import type { Asset } from '@portal/shared';
import type { OfflineDb } from '../../offline';

/** The cached assets of client `clientId`, by name. */
export async function readClientAssets(db: OfflineDb, clientId: string): Promise<Asset[]> {
  const rows = await db.records.where('collection').equals('assets').toArray();
  return rows.map((r) => r.data as Asset).filter((a) => a.clientId === clientId).sort((a, b) => a.name.localeCompare(b.name));
}

/** The cached asset `id`, or null when this device does not hold it. */
export async function readDeviceAsset(db: OfflineDb, id: string): Promise<Asset | null> {
  const rows = await db.records.where('collection').equals('assets').toArray();
  return (rows.find((r) => (r.data as Asset).id === id)?.data as Asset | undefined) ?? null;
}
