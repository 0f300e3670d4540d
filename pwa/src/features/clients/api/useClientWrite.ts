import { useCallback } from 'react';
import { useAuth } from '../../../lib/auth';
import { getOfflineDb, nudgeSync } from '../../../offline';
import { enqueueClientWrite, type ClientOp } from '../offline';

/**
 * Saves a client, contact or site write through the outbox (DESIGN.md 5: the ONE owner of writes):
 * shown at once on the card ('Waiting to sync' until sent), sent now when online, later otherwise,
 * applied once (Idempotency-Key). `label` is the client's name for the sync messages.
 */
export function useClientWrite(): (op: ClientOp, label: string) => Promise<number> {
  const { user } = useAuth();
  return useCallback(
    async (op, label) => {
      if (!user) throw new Error('Signed out');
      const seq = await enqueueClientWrite(getOfflineDb(), op, label, { id: user.id, username: user.username });
      nudgeSync();
      return seq;
    },
    [user],
  );
}
