/**
 * The clients feature's cached client cards, read as data (records collection 'clients', kept by
 * the clients feature's offline sync): features import nothing of each other, and these reads work
 * with no signal. Used by the Update Ticket panel's pickers and New Ticket's.
 */
import type { Client } from '@portal/shared';
import type { OfflineDb } from '../../offline';

/** Every cached client card, by name. */
export async function readClientCards(db: OfflineDb): Promise<Client[]> {
  const rows = await db.records.where('collection').equals('clients').toArray();
  return rows.map((r) => r.data as Client).sort((a, b) => a.name.localeCompare(b.name));
}
