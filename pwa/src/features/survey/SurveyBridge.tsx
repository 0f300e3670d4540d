import { useEffect } from 'react';
import type { SurveySubmit } from '@portal/shared';
import { discard, getOfflineDb, syncNow, useConnectivity, useOfflineQuery, type Connectivity } from '../../offline';
import { enqueueSurveySubmit, readSurveySubmissions, type SurveySubmitItem } from './offline';

/**
 * The survey page's link to the offline engine, in its own chunk so the page is usable
 * before the engine and Dexie have loaded: useSurveySubmission loads this module when
 * the page is idle, at once when an answer from an earlier visit is remembered, and on submit.
 */

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

/** Live state the page shows: the newest answer queued for the ticket (undefined while reading) and connectivity. */
export interface SurveyLiveState {
  ticketNumber: string;
  latest: SurveySubmitItem | null | undefined;
  connectivity: Connectivity;
}

/** Reads the ticket's queued answers and connectivity live and reports every change to `onChange`. Renders nothing. */
export default function SurveyBridge({ ticketNumber, onChange }: { ticketNumber: string; onChange(state: SurveyLiveState): void }) {
  const items = useOfflineQuery((db) => readSurveySubmissions(db, ticketNumber), [ticketNumber]);
  const connectivity = useConnectivity();
  const latest = items === undefined ? undefined : (items[0] ?? null);
  useEffect(() => onChange({ ticketNumber, latest, connectivity }), [ticketNumber, latest, connectivity, onChange]);
  return null;
}
