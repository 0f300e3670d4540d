/** Query key prefix of the stats (one entry per range). */
export const SURVEY_STATS_KEY = ['/api/surveys/stats'] as const;
/** Query key prefix of the response pages (one entry per range). */
export const SURVEY_RESPONSES_KEY = ['/api/surveys'] as const;
/** Responses per page of the Recent Responses tab. */
export const RESPONSES_PAGE_SIZE = 20;
