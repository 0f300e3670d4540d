import { queryRoots } from '../../../lib/ui/ServerConnection';

/** Query key prefix of the stats (one entry per range). */
export const SURVEY_STATS_KEY = ['/api/surveys/stats'] as const;
/** Query key prefix of the response pages (one entry per range). */
export const SURVEY_RESPONSES_KEY = ['/api/surveys'] as const;
/** The queries of /survey-dashboard's own parts (its connection notice's 'as of' reads only these). */
export const isSurveyDashboardQuery = queryRoots(SURVEY_STATS_KEY[0], SURVEY_RESPONSES_KEY[0]);
/** Responses per page of the Recent Responses tab. */
export const RESPONSES_PAGE_SIZE = 20;
