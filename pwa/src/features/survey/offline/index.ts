/**
 * The survey feature's offline part (no React: the service worker imports it through
 * pwa/src/offline-registry.ts): the public survey's `survey.submit` outbox kind.
 */
import type { OfflineFeature } from '../../../offline/core';
import { surveySubmitKind } from './surveySubmit';

export {
  SURVEY_SUBMIT,
  enqueueSurveySubmit,
  isSurveySubmit,
  readSurveySubmissions,
  surveyEntity,
  surveySubmitKind,
  type SurveySubmitItem,
} from './surveySubmit';

/** What the survey feature plugs into the offline engine (registered by offline-registry.ts). */
export const surveyOffline: OfflineFeature = { name: 'survey', kinds: [surveySubmitKind] };
