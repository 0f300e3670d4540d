import { queryRoots } from '../../../lib/ui/ServerConnection';

/** Query key of GET /api/content (the default query function turns it into the URL). */
export const CONTENT_KEY = ['/api/content'] as const;
/**
 * The queries of /downloads' own list (its connection notice's 'as of' reads only these): the
 * managed tools. The SHA-256 lines are the files' fixed fingerprints, shown when known, not a part.
 */
export const isDownloadsScreenQuery = queryRoots(CONTENT_KEY[0]);
