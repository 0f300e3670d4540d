/** Query key of the user list; the default query function turns it into GET /api/users. */
export const USERS_KEY = ['/api/users'] as const;
