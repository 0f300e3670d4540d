/** Query key of GET /api/content (the default query function turns it into the URL). */
export const CONTENT_KEY = ['/api/content'] as const;
