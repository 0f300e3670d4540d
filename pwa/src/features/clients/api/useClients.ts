import { useEffect } from 'react';
import type { Client } from '@portal/shared';
import { apiGet } from '../../../lib/api';
import { getOfflineDb, useConnectivity, useOfflineQuery, whenCacheOwnerSet } from '../../../offline';
import { putClientCards, readClientList, readClientTickets, readClientVault, readClientView, type ClientCardView } from '../offline';

/** Every client on this device (IndexedDB, delta-synced), with unsent edits applied; undefined while reading. */
export function useClientList(): ClientCardView[] | undefined {
  return useOfflineQuery(readClientList);
}

/**
 * One client card as shown (null: not on this device; undefined while reading). Online, the card is
 * read again once when opened (GET /api/clients/:id) and stored, so its newest tickets are those of
 * now, kept for the next time it opens offline.
 */
export function useClientView(id: string): ClientCardView | null | undefined {
  const online = useConnectivity() === 'online';
  useEffect(() => {
    if (!online) return;
    const ctrl = new AbortController();
    // A card drafted on this device and not yet synced is 404: the cached draft stays as it is.
    apiGet<Client>(`/api/clients/${encodeURIComponent(id)}`, { signal: ctrl.signal })
      .then(async (card) => {
        await whenCacheOwnerSet();
        await putClientCards(getOfflineDb(), [card]);
      })
      .catch(() => undefined);
    return () => ctrl.abort();
  }, [id, online]);
  return useOfflineQuery((db) => readClientView(db, id), [id]);
}

/** The card's recent tickets (held tickets and the card's newest) and vault index entries on this device. */
export function useClientRelated(id: string) {
  const tickets = useOfflineQuery((db) => readClientTickets(db, id), [id]);
  const vault = useOfflineQuery((db) => readClientVault(db, id), [id]);
  return { tickets, vault };
}
