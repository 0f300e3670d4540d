import { useCallback, useMemo, useState } from 'react';
import type { TicketCreateInput } from '@portal/shared';
import { discard as discardItem, getOfflineDb, syncNow, useOutboxItem } from '../../offline';
import { enqueueTicketCreate, isTicketCreate, queuedTicketView, type QueuedTicketView } from './offline';

/** localStorage key remembering the support request this browser is waiting for (survives a closed tab). */
export const PENDING_SUBMISSION_KEY = 'support.pendingRequest';

function readStoredSeq(): number | null {
  try {
    const value = Number(localStorage.getItem(PENDING_SUBMISSION_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function storeSeq(seq: number | null): void {
  try {
    if (seq === null) localStorage.removeItem(PENDING_SUBMISSION_KEY);
    else localStorage.setItem(PENDING_SUBMISSION_KEY, String(seq));
  } catch {
    // storage unavailable: the request still sits in the outbox and is sent; only the reminder is lost
  }
}

export interface QueuedSubmission {
  /** Live state of the remembered request: undefined while reading or when there is none; null when it was forgotten. */
  view: QueuedTicketView | null | undefined;
  /** Queues the request in the outbox (it is sent at once when online) and remembers it. */
  submit(body: TicketCreateInput): Promise<void>;
  /** Sends queued requests now (ignoring backoff). */
  retryNow(): Promise<void>;
  /** The values of the remembered request, e.g. to put a rejected request back into the form. */
  body(): Promise<TicketCreateInput | null>;
  /** Forgets the remembered request; `discard` also removes it from the outbox (done or rejected ones only). */
  forget(options?: { discard?: boolean }): Promise<void>;
}

/**
 * The public form's submission through the outbox (issue 3 flow 6, DESIGN.md 5: the outbox is the
 * one owner of offline writes). A request is stored in IndexedDB with its Idempotency-Key before
 * anything is sent, so a customer with no signal can submit, close the tab, and see the ticket
 * number when they come back online; a lost answer is resent with the same key and never makes a
 * second ticket. The request being waited for is remembered in localStorage under
 * {@link PENDING_SUBMISSION_KEY} until the customer moves on ('Submit Another Request').
 */
export function useQueuedSubmission(): QueuedSubmission {
  const [seq, setSeq] = useState<number | null>(readStoredSeq);
  const item = useOutboxItem(seq);
  const view = useMemo(() => (item === undefined ? undefined : queuedTicketView(item)), [item]);

  const submit = useCallback(async (body: TicketCreateInput) => {
    const next = await enqueueTicketCreate(getOfflineDb(), body);
    storeSeq(next);
    setSeq(next);
  }, []);

  const body = useCallback(async () => {
    if (seq === null) return null;
    const stored = await getOfflineDb().outbox.get(seq);
    return stored && isTicketCreate(stored) ? stored.payload : null;
  }, [seq]);

  const forget = useCallback(
    async ({ discard = false }: { discard?: boolean } = {}) => {
      if (discard && seq !== null) await discardItem(getOfflineDb(), seq);
      storeSeq(null);
      setSeq(null);
    },
    [seq],
  );

  return { view, submit, retryNow: syncNow, body, forget };
}
