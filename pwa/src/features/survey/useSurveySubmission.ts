import { useCallback } from 'react';
import type { SurveySubmit } from '@portal/shared';
import { discard, getOfflineDb, syncNow, useOfflineQuery } from '../../offline';
import { enqueueSurveySubmit, readSurveySubmissions, type SurveySubmitItem } from './offline';

/** The page's handle on its queued answer (see {@link useSurveySubmission}). */
export interface SurveySubmission {
  /** The newest answer queued on this device for the ticket; null when none; undefined while reading. */
  latest: SurveySubmitItem | null | undefined;
  /** Queues the answer in the outbox (sent at once when online). */
  submit(body: SurveySubmit): Promise<void>;
  /** Removes a settled (done or rejected) answer once the page has reported it. */
  forget(seq: number): Promise<void>;
  /** Sends queued answers now (ignoring backoff). */
  retryNow(): Promise<void>;
}

/**
 * The survey answer through the offline outbox (issue 11, DESIGN.md 5: the outbox is the one owner
 * of offline writes). The answer is stored in IndexedDB with its Idempotency-Key before anything is
 * sent, so bad signal, a reload or a closed tab lose nothing and it is recorded once. Answers are
 * found again by ticket number, so reopening the link shows the waiting answer or its outcome.
 */
export function useSurveySubmission(ticketNumber: string): SurveySubmission {
  const items = useOfflineQuery((db) => readSurveySubmissions(db, ticketNumber), [ticketNumber]);
  const submit = useCallback(async (body: SurveySubmit) => {
    await enqueueSurveySubmit(getOfflineDb(), body);
  }, []);
  const forget = useCallback(async (seq: number) => {
    await discard(getOfflineDb(), seq);
  }, []);
  return { latest: items === undefined ? undefined : (items[0] ?? null), submit, forget, retryNow: syncNow };
}
