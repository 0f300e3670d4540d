import { useCallback, useState, type ReactNode } from 'react';
import type { TicketCreateInput } from '@portal/shared';
import { lazyBridge } from '../../lib/lazyBridge';
import { publicWrite, usePublicWrite } from '../../lib/publicWrite';
import type { QueuedRequest } from './QueueBridge';
import type { QueuedTicketView } from './offline';

/** localStorage key remembering the support request this browser is waiting for (survives a closed tab). */
export const PENDING_SUBMISSION_KEY = 'support.pendingRequest';

/** The form's link to the offline engine, loaded on demand (QueueBridge.tsx, its own chunk). */
const bridge = lazyBridge(() => import('./QueueBridge'));
/** QueuedView.tsx from the same chunk (it is shown only once the engine reports a waiting request). */
export const LazyQueuedView = bridge.component((m) => m.QueuedView);
/** The files' progress list from the same chunk (shown only once the engine reports files). */
export const LazyUploadList = bridge.component((m) => m.UploadList);
const write = publicWrite(bridge, (m) => m.queueActions);

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
  /** Connectivity as the offline engine sees it ('online' until the engine has loaded). */
  connectivity: 'online' | 'offline';
  /** Queues the request and its files in the outbox (sent at once when online) and remembers it. */
  submit(body: TicketCreateInput, files?: readonly { file: Blob; name: string }[]): Promise<void>;
  /** The request's files still being sent, with their progress. */
  uploads: QueuedRequest['uploads'];
  /** Sends queued requests now (ignoring backoff). */
  retryNow(): Promise<void>;
  /** The values of the remembered request, e.g. to put a rejected request back into the form. */
  body(): Promise<TicketCreateInput | null>;
  /** Forgets the remembered request; `discard` also removes it from the outbox (done or rejected ones only). */
  forget(options?: { discard?: boolean }): Promise<void>;
  /** Element the form must render (anywhere): it reads the outbox live once the engine has loaded. */
  live: ReactNode;
}

/**
 * The public form's submission through the outbox (DESIGN.md 5: the outbox is the
 * one owner of offline writes). A request is stored in IndexedDB with its Idempotency-Key before
 * anything is sent, so a customer with no signal can submit, close the tab, and see the ticket
 * number when they come back online; a lost answer is resent with the same key and never makes a
 * second ticket. The request being waited for is remembered in localStorage under
 * {@link PENDING_SUBMISSION_KEY} until the customer moves on ('Submit Another Request').
 *
 * The engine (Dexie, outbox) is loaded after the form is usable (QueueBridge.tsx): when
 * the page is idle, at once when a request is remembered, and before a submit.
 */
export function useQueuedSubmission(): QueuedSubmission {
  const [seq, setSeq] = useState<number | null>(readStoredSeq);
  const queue = usePublicWrite(write, { subject: seq, remembered: seq !== null });
  const { start, discard } = queue;

  const submit = useCallback(
    async (body: TicketCreateInput, files: readonly { file: Blob; name: string }[] = []) => {
      const next = await (await write.actions()).enqueue(body, files);
      storeSeq(next);
      setSeq(next);
      start();
    },
    [start],
  );

  const body = useCallback(async () => (seq === null ? null : (await write.actions()).read(seq)), [seq]);

  const forget = useCallback(
    async (options: { discard?: boolean } = {}) => {
      if (options.discard && seq !== null) await discard(seq);
      storeSeq(null);
      setSeq(null);
    },
    [seq, discard],
  );

  return { view: queue.data?.view, connectivity: queue.connectivity, uploads: queue.data?.uploads ?? [], submit, retryNow: queue.retryNow, body, forget, live: queue.live };
}
