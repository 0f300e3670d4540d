/** Query keys of /survey-dashboard (prefixes, so a new response can refresh them all). */
export const SURVEY_STATS_KEY = ['/api/surveys/stats'] as const;
export const SURVEY_RESPONSES_KEY = ['/api/surveys'] as const;
/** Responses per page of the Recent Responses tab. */
export const RESPONSES_PAGE_SIZE = 20;
