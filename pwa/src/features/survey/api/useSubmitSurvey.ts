import { useMutation } from '@tanstack/react-query';
import type { SurveySubmit, SurveySubmitted } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/ids';

/**
 * POST /api/surveys -> 201 SurveySubmitted (SPEC.md 7, issue 11), with an Idempotency-Key so a lost
 * answer can be sent again without a second response. Errors: ApiError 400 (`fieldErrors`, SPEC.md 5),
 * 404 ('Survey Not Found' text), 409 (already submitted), 429; or a network TypeError.
 */
export function useSubmitSurvey() {
  return useMutation<SurveySubmitted, Error, SurveySubmit>({
    mutationFn: (body) => apiRequest<SurveySubmitted>('POST', '/api/surveys', body, { headers: { 'Idempotency-Key': newIdempotencyKey() } }),
  });
}
