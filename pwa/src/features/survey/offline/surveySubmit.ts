/**
 * The `survey.submit` outbox kind: the survey page's `POST /api/surveys`, queued so a
 * customer with bad signal can answer, close the tab and have the answer sent once the phone is back
 * online (by the page, or by the service worker's Background Sync). Sent once: the item keeps its
 * Idempotency-Key for life, and the server keeps one response per ticket. Anonymous (whoever is
 * signed in on the device sends it); kept in state 'done' with the server's answer so the page can
 * say 'Thank You!' even after a reload. The page reports outcomes itself (no app toast). No React:
 * the service worker registers it too.
 */
import { surveyTicketKey, type SurveySubmit, type SurveySubmitted } from '@portal/shared';
import { enqueue, isItemOf, type OfflineDb, type OutboxItem, type OutboxKind } from '../../../offline/core';

/** Name of the kind (stored on queued items: never rename). */
export const SURVEY_SUBMIT = 'survey.submit';

/** A queued answer: payload = the validated body, result = the server's 201 body; entityId = the ticket number. */
export type SurveySubmitItem = OutboxItem<SurveySubmit, never, SurveySubmitted>;

/** The kind: POST /api/surveys with the body; 2xx keeps `{ id, ticketNumber, createdAt }` as the result. */
export const surveySubmitKind: OutboxKind<SurveySubmit, never, SurveySubmitted> = {
  kind: SURVEY_SUBMIT,
  auth: 'anonymous',
  keepDone: true,
  request: (item) => ({ method: 'POST', url: '/api/surveys', body: item.payload }),
  onSuccess: ({ body }) => body as SurveySubmitted,
};

/** True for items of {@link surveySubmitKind}. */
export const isSurveySubmit = (item: OutboxItem): item is SurveySubmitItem => isItemOf(surveySubmitKind, item);

/** The key answers are filed under: the ticket number as the server compares it (trimmed, upper case). */
export const surveyEntity = surveyTicketKey;

/**
 * Queues an answer (sent at once when the network allows).
 * @returns the item's seq.
 */
export function enqueueSurveySubmit(db: OfflineDb, body: SurveySubmit, now = new Date()): Promise<number> {
  const ticket = surveyEntity(body.ticketNumber);
  return enqueue<SurveySubmit>(db, { kind: SURVEY_SUBMIT, payload: body, label: `Survey for ${ticket}`, entityId: ticket, user: null }, now);
}

/** The answers queued on this device for a ticket (any state, done included), newest first. */
export async function readSurveySubmissions(db: OfflineDb, ticketNumber: string): Promise<SurveySubmitItem[]> {
  const items = await db.outbox.where('entityId').equals(surveyEntity(ticketNumber)).toArray();
  return items.filter(isSurveySubmit).sort((a, b) => b.seq - a.seq);
}
