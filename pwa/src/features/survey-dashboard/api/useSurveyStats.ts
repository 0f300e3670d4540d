import { useQuery } from '@tanstack/react-query';
import type { SurveyStats } from '@portal/shared';
import { apiGet } from '../../../lib/api';
import { SURVEY_STATS_KEY } from './keys';

/**
 * GET /api/surveys/stats?days=N -> SurveyStats (SPEC.md 3 / 7 / 9; staff). Fetched again each time the
 * dashboard opens (a new response shows without a reload); no retry (SPEC.md 7).
 */
export function useSurveyStats(days: number) {
  return useQuery<SurveyStats>({
    queryKey: [...SURVEY_STATS_KEY, { days }],
    queryFn: ({ signal }) => apiGet<SurveyStats>(`/api/surveys/stats?days=${days}`, { signal }),
    refetchOnMount: 'always',
  });
}
