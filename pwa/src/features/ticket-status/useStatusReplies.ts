import { useCallback, useState, type ReactNode } from 'react';
import { lazyBridge } from '../../lib/lazyBridge';
import { publicWrite, usePublicWrite } from '../../lib/publicWrite';
import { storedSet } from '../../lib/storedSet';
import type { StatusReplyItem } from './offline';

/**
 * localStorage key listing the links (by entity, `status:<token>`) whose replies this browser
 * queued and the page has not confirmed yet: reopening such a link loads the offline engine at once.
 */
export const PENDING_REPLIES_KEY = 'status.pendingReplies';

const bridge = lazyBridge(() => import('./StatusBridge'));
const write = publicWrite(bridge, (m) => m.statusActions);

const pending = storedSet(PENDING_REPLIES_KEY);
/** Adds (`on`) or removes a link's entry of {@link PENDING_REPLIES_KEY}. */
const markPending = (token: string, on: boolean) => pending.mark(`status:${token}`, on);

/** The page's handle on its queued replies (see {@link useStatusReplies}). */
export interface StatusReplies {
  /** Replies queued on this device for the link, oldest first; undefined while reading (or before the engine loaded). */
  replies: StatusReplyItem[] | undefined;
  /** Connectivity as the offline engine sees it ('online' until the engine has loaded). */
  connectivity: 'online' | 'offline';
  /** Queues a reply in the outbox (sent at once when online). */
  send(comment: string): Promise<void>;
  /** Removes a settled reply once the page has reported it; `last` clears the reminder. */
  forget(seq: number, last: boolean): Promise<void>;
  /** Sends queued replies now (ignoring backoff). */
  retryNow(): Promise<void>;
  /** Element the page must render in every state (the live outbox reader once loaded). */
  live: ReactNode;
}

/**
 * Customer replies through the offline outbox (DESIGN.md 5: the outbox is the one owner of offline
 * writes), like the public form and the survey: stored in IndexedDB with an Idempotency-Key before
 * anything is sent, so bad signal, a reload or a closed tab lose nothing and the reply is recorded
 * once (lib/publicWrite.ts). The engine loads only when needed (StatusBridge.tsx): at once when a reply of this link is
 * remembered as waiting ({@link PENDING_REPLIES_KEY}), and on send.
 */
export function useStatusReplies(token: string): StatusReplies {
  const [remembered] = useState(() => pending.has(`status:${token}`));
  // Not on idle: most visits only read (Lighthouse mobile: the engine's load is the page's main-thread cost).
  const queue = usePublicWrite(write, { subject: token, remembered, idle: false });
  const { start, discard } = queue;

  const send = useCallback(
    async (comment: string) => {
      await (await write.actions()).enqueue({ token, comment });
      markPending(token, true);
      start();
    },
    [token, start],
  );
  const forget = useCallback(
    async (seq: number, last: boolean) => {
      await discard(seq);
      if (last) markPending(token, false);
    },
    [token, discard],
  );
  return { replies: queue.data, connectivity: queue.connectivity, send, forget, retryNow: queue.retryNow, live: queue.live };
}
