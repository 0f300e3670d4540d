import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { surveyTicketKey, type SurveySubmit } from '@portal/shared';
import { lazyBridge } from '../../lib/lazyBridge';
import { publicWrite, usePublicWrite } from '../../lib/publicWrite';
import { storedSet } from '../../lib/storedSet';
import type { SurveySubmitItem } from './offline';

/**
 * localStorage key listing the tickets (as {@link surveyTicketKey}) whose answer this browser queued
 * and has not reported yet: reopening such a link loads the offline engine at once.
 */
export const PENDING_SURVEYS_KEY = 'survey.pendingAnswers';

/** The page's link to the offline engine, loaded on demand (SurveyBridge.tsx, its own chunk). */
const bridge = lazyBridge(() => import('./SurveyBridge'));
/** SurveyQueuedView.tsx from the same chunk (it is shown only once the engine reports a waiting answer). */
export const LazySurveyQueuedView = bridge.component((m) => m.SurveyQueuedView);
const write = publicWrite(bridge, (m) => m.surveyActions);

const pending = storedSet(PENDING_SURVEYS_KEY);
/** Adds (`on`) or removes the ticket's entry of {@link PENDING_SURVEYS_KEY}. */
const markPending = (ticketNumber: string, on: boolean) => pending.mark(surveyTicketKey(ticketNumber), on);

/** The page's handle on its queued answer (see {@link useSurveySubmission}). */
export interface SurveySubmission {
  /** The newest answer queued on this device for the ticket; null when none; undefined while reading (or before the engine loaded). */
  latest: SurveySubmitItem | null | undefined;
  /** Connectivity as the offline engine sees it ('online' until the engine has loaded). */
  connectivity: 'online' | 'offline';
  /** Queues the answer in the outbox (sent at once when online). */
  submit(body: SurveySubmit): Promise<void>;
  /** Removes a settled (done or rejected) answer once the page has reported it. */
  forget(seq: number): Promise<void>;
  /** Sends queued answers now (ignoring backoff). */
  retryNow(): Promise<void>;
  /** Element the page must render (in the same place in every state): it reads the outbox live once the engine has loaded. */
  live: ReactNode;
}

/**
 * The survey answer through the offline outbox (DESIGN.md 5: the outbox is the one owner
 * of offline writes). The answer is stored in IndexedDB with its Idempotency-Key before anything is
 * sent, so bad signal, a reload or a closed tab lose nothing and it is recorded once. Answers are
 * found again by ticket number, so reopening the link shows the waiting answer or its outcome.
 *
 * The engine (Dexie, outbox) is loaded after the page is usable (SurveyBridge.tsx, lib/publicWrite.ts): when
 * the page is idle, at once when this browser queued an answer for the ticket that the page has not
 * reported yet ({@link PENDING_SURVEYS_KEY}), and before a submit.
 */
export function useSurveySubmission(ticketNumber: string): SurveySubmission {
  const [remembered] = useState(() => ticketNumber !== '' && pending.has(surveyTicketKey(ticketNumber)));
  const queue = usePublicWrite(write, { subject: ticketNumber, remembered });
  const { start, discard } = queue;

  const submitted = useRef(false);
  const submit = useCallback(
    async (body: SurveySubmit) => {
      submitted.current = true;
      await (await write.actions()).enqueue(body);
      markPending(body.ticketNumber, true);
      start();
    },
    [start],
  );
  const forget = useCallback(
    async (seq: number) => {
      await discard(seq);
      markPending(ticketNumber, false);
    },
    [ticketNumber, discard],
  );

  const latest = queue.data;
  useEffect(() => {
    // Nothing queued for this ticket (e.g. another tab reported it): forget the reminder. Not after a
    // submit on this page: a read that started before the answer was stored can still report none.
    if (latest === null && !submitted.current) markPending(ticketNumber, false);
  }, [latest, ticketNumber]);
  return { latest, connectivity: queue.connectivity, submit, forget, retryNow: queue.retryNow, live: queue.live };
}
