/**
 * The offline vault INDEX (DESIGN.md 5): the list fields of every entry (business,
 * contact, e-mail, phone, address, ISP, endpoint names and URLs, `has...` flags), cached in the
 * generic `records` table under collection 'vault' with delta sync (GET /api/vault?since=CURSOR,
 * pages of 500 until `more` is false; deleted ids are removed). NEVER a secret, a username or the
 * notes: the API does not send them in this feed. No React (the service worker imports it).
 */
import type { VaultDeltaPage, VaultEntry, VaultIndexEntry } from '@portal/shared';
import { clearRecords, type OfflineDb, type SyncCollection } from '../../../offline/core';

/** Name of the collection (its rows in `records` and its cursor `cursor:vault`). */
export const VAULT_COLLECTION = 'vault';
/** Delta page size asked of the API. */
export const VAULT_PULL_LIMIT = 500;

/** Compound `[collection+id]` keys of `records` (Dexie's typing of compound keys is loose). */
const keys = (ids: string[]) => ids.map((id) => [VAULT_COLLECTION, id]) as unknown as string[];

/** The index fields of a full entry (what the list needs; drops usernames, notes and the rest). */
export function toIndexEntry(e: VaultEntry | VaultIndexEntry): VaultIndexEntry {
  return {
    id: e.id,
    businessName: e.businessName,
    clientId: e.clientId ?? null,
    contactName: e.contactName,
    contactEmail: e.contactEmail,
    contactPhone: e.contactPhone,
    address: e.address,
    ispProvider: e.ispProvider,
    endpoints: e.endpoints.map((p) => ({ id: p.id, name: p.name, url: p.url, hasPassword: p.hasPassword })),
    hasDomainPassword: e.hasDomainPassword,
    hasHostingPassword: e.hasHostingPassword,
    hasWifiPassword: e.hasWifiPassword,
    hasRouterPassword: e.hasRouterPassword,
    hasIspAccountNumber: e.hasIspAccountNumber,
    hasPhoneAccountNumber: e.hasPhoneAccountNumber,
    version: e.version,
    updatedAt: e.updatedAt,
  };
}

/**
 * Stores entries in the index; a stored row is replaced only by an equal or newer version (a
 * write's answer may be newer than a delta page that arrives after it). Runs in the caller's
 * transaction when there is one.
 */
export async function putVaultIndex(db: OfflineDb, entries: (VaultEntry | VaultIndexEntry)[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map(toIndexEntry);
  await db.transaction('rw', db.records, async () => {
    const stored = await db.records.bulkGet(keys(rows.map((r) => r.id)));
    const newer = rows.filter((r, i) => !stored[i] || (stored[i]!.data as VaultIndexEntry).version <= r.version);
    await db.records.bulkPut(newer.map((r) => ({ collection: VAULT_COLLECTION, id: r.id, data: r })));
  });
}

/** Removes entries from the index (deleted on the server). */
export async function removeVaultIndex(db: OfflineDb, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.records.bulkDelete(keys(ids));
}

/** Every cached index entry (unsorted). */
export async function readVaultIndex(db: OfflineDb): Promise<VaultIndexEntry[]> {
  return (await db.records.where('collection').equals(VAULT_COLLECTION).toArray()).map((r) => r.data as VaultIndexEntry);
}

/** The collection the engine pulls after sign-in and on every sync (staff only). */
export const vaultCollection: SyncCollection = {
  name: VAULT_COLLECTION,
  async pull(since, { db, get }) {
    let cursor = since ?? '0';
    for (let more = true; more; ) {
      const page = await get<VaultDeltaPage>(`/api/vault?since=${encodeURIComponent(cursor)}&limit=${VAULT_PULL_LIMIT}`);
      await putVaultIndex(db, page.items);
      await removeVaultIndex(db, page.deleted);
      more = page.more && page.cursor !== cursor;
      cursor = page.cursor;
    }
    return cursor;
  },
  clear: (db) => clearRecords(db, VAULT_COLLECTION),
};
