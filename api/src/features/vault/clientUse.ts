/** Vault entries and clients (docs/clients.md): what the clients feature asks of the vault. */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customerVault } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { nextSyncSeq } from '../../db/sync';
import { clientKeySql as norm, emailDomainSql as domainOf, type ClientLinkPorts, type LinkDomainRow, type LinkNameRow } from '../clients/port';

/**
 * Whether any vault entry refers to `clientId` (then the client may only be archived, not deleted).
 * Reads on `db` (pass the caller's transaction to see its own writes); never throws but the
 * database's errors.
 */
export async function vaultEntriesUseClient(db: Database, clientId: string): Promise<boolean> {
  const rows = await db.select({ id: customerVault.id }).from(customerVault).where(eq(customerVault.clientId, clientId)).limit(1);
  return rows.length > 0;
}

const v = customerVault;

/**
 * The vault's side of `npm run clients:link` (clients/link.ts; passed in by scripts/clients-link.ts):
 * business names of entries without a client, contact e-mail domains per business name over all
 * entries, and `link`, which sets the client of entries still without one by business name key
 * (moving them forward in the delta feed only: their version binds the sealed secrets). Call `link`
 * in the run's transaction; throws only the database's errors.
 */
export const vaultClientLinks: ClientLinkPorts['vault'] = {
  names: (db: Database) =>
    rowsOf<LinkNameRow>(db, sql`
      select ${norm(v.businessName)} as key, btrim(${v.businessName}) as name, count(*) as n
        from ${v} where ${v.clientId} is null and btrim(${v.businessName}) <> '' group by 1, 2`),
  domains: (db: Database) =>
    rowsOf<LinkDomainRow>(db, sql`
      select ${norm(v.businessName)} as key, ${domainOf(v.contactEmail)} as domain, count(*) as n
        from ${v} where btrim(${v.businessName}) <> '' and ${v.contactEmail} like '%@%' group by 1, 2`),
  async link(tx: Database, { byKey }) {
    const rows = await rowsOf<{ id: string }>(tx, sql`
      update ${v} set client_id = m.client_id, sync_seq = ${nextSyncSeq()}
        from jsonb_to_recordset(${JSON.stringify(byKey)}::jsonb) as m(key text, client_id uuid)
       where ${v.clientId} is null and ${norm(v.businessName)} = m.key returning ${v.id}`);
    return rows.length;
  },
};

/**
 * The client of each vault entry of `ids` (null: an entry without a client); unknown ids are absent
 * (assets feature: an asset links only its client's vault entries; passed in by app.ts).
 */
export async function vaultEntryClients(db: Database, ids: readonly string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: customerVault.id, clientId: customerVault.clientId }).from(customerVault).where(inArray(customerVault.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.clientId]));
}
