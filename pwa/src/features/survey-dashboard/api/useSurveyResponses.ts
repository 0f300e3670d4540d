import { useInfiniteQuery } from '@tanstack/react-query';
import type { SurveyPage } from '@portal/shared';
import { apiGet } from '../../../lib/api';
import { RESPONSES_PAGE_SIZE, SURVEY_RESPONSES_KEY } from './keys';

/**
 * GET /api/surveys?days=N&limit=&cursor= -> SurveyPage pages, newest first (staff): the Recent
 * Responses tab loads one page and 'Load More' the next (keyset cursor). Fetched again on open.
 */
export function useSurveyResponses(days: number) {
  return useInfiniteQuery({
    queryKey: [...SURVEY_RESPONSES_KEY, { days }],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ days: String(days), limit: String(RESPONSES_PAGE_SIZE) });
      if (pageParam) q.set('cursor', pageParam);
      return apiGet<SurveyPage>(`/api/surveys?${q}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
}
