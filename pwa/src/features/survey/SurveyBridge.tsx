import type { SurveySubmit } from '@portal/shared';
import { publicWriteBridge } from '../../lib/publicWrite';
import { discard, getOfflineDb, registerOfflineFeature, syncNow, useConnectivity, useOfflineQuery } from '../../offline';
import { enqueueSurveySubmit, readSurveySubmissions, surveyOffline, type SurveySubmitItem } from './offline';

/**
 * The survey page's link to the offline engine (lib/publicWrite.ts), in its own chunk so the page is usable
 * before the engine and Dexie have loaded: useSurveySubmission loads this module when
 * the page is idle, at once when an answer from an earlier visit is remembered, and on submit.
 */

/**
 * This page's outbox kinds, registered when this chunk loads (idempotent; the app's offline runtime
 * registers the same): the page may queue before the engine has started (lib/offlineStart.ts).
 */
registerOfflineFeature(surveyOffline);

/** The waiting view comes in this chunk too: it is shown only for a queued answer. */
export { SurveyQueuedView } from './SurveyQueuedView';

/** What the page does with the outbox (see useSurveySubmission). */
export const surveyActions = {
  /** Queues an answer (sent at once when online). */
  enqueue: (body: SurveySubmit): Promise<void> => enqueueSurveySubmit(getOfflineDb(), body).then(() => undefined),
  /** Removes a settled answer. */
  discard: (seq: number): Promise<void> => discard(getOfflineDb(), seq).then(() => undefined),
  syncNow,
};

/** The newest answer queued for the ticket (null when none), live; undefined while reading. */
function useLatestAnswer(ticketNumber: string): SurveySubmitItem | null | undefined {
  const items = useOfflineQuery((db) => readSurveySubmissions(db, ticketNumber), [ticketNumber]);
  return items === undefined ? undefined : (items[0] ?? null);
}

/** Reads the ticket's queued answers and connectivity live and reports every change. Renders nothing. */
export default publicWriteBridge({ useRead: useLatestAnswer, useConnectivity });
