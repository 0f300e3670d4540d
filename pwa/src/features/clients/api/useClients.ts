import { useOfflineQuery } from '../../../offline';
import { readClientList, readClientTickets, readClientVault, readClientView, type ClientCardView } from '../offline';

/** Every client on this device (IndexedDB, delta-synced), with unsent edits applied; undefined while reading. */
export function useClientList(): ClientCardView[] | undefined {
  return useOfflineQuery(readClientList);
}

/** One client card as shown (null: not on this device; undefined while reading). */
export function useClientView(id: string): ClientCardView | null | undefined {
  return useOfflineQuery((db) => readClientView(db, id), [id]);
}

/** The card's recent tickets and vault index entries on this device. */
export function useClientRelated(id: string) {
  const tickets = useOfflineQuery((db) => readClientTickets(db, id), [id]);
  const vault = useOfflineQuery((db) => readClientVault(db, id), [id]);
  return { tickets, vault };
}
