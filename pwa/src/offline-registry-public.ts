/**
 * The public pages' offline parts: the outbox kinds a visitor's page may find queued in this browser
 * (the support form's `ticket.create` and its file uploads, the survey's `survey.submit`, the status
 * page's `status.reply`), and no collection (a visitor pulls nothing). A visitor's page registers
 * only these (offline-runtime.tsx), so it does not load and evaluate every staff feature's offline
 * module with its schemas (issue 59: about 280 ms of main thread at 4x CPU after the first paint);
 * offline-registry.ts lists them too, with every staff feature's part, for staff and the service worker.
 * Items of staff kinds found while only these are registered stay queued, untouched, until a staff
 * page registers their kinds (offline/README.md "Unknown kinds").
 */
import { registerOfflineFeature, type OfflineFeature } from './offline/core';
import { supportOffline } from './features/support/offline';
import { surveyOffline } from './features/survey/offline';
import { ticketStatusOffline } from './features/ticket-status/offline';

/** The public pages' offline parts (kinds only). */
export const PUBLIC_OFFLINE_FEATURES: readonly OfflineFeature[] = [supportOffline, surveyOffline, ticketStatusOffline];

/** Registers {@link PUBLIC_OFFLINE_FEATURES} (idempotent). */
export function registerPublicOfflineFeatures(): void {
  for (const feature of PUBLIC_OFFLINE_FEATURES) registerOfflineFeature(feature);
}
