/** Vault entries and clients (docs/clients.md): what the clients feature asks of the vault. */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customerVault } from '../../db/schema';

/**
 * Whether any vault entry refers to `clientId` (then the client may only be archived, not deleted).
 * Reads on `db` (pass the caller's transaction to see its own writes); never throws but the
 * database's errors.
 */
export async function vaultEntriesUseClient(db: Database, clientId: string): Promise<boolean> {
  const rows = await db.select({ id: customerVault.id }).from(customerVault).where(eq(customerVault.clientId, clientId)).limit(1);
  return rows.length > 0;
}
