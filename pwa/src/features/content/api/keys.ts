import { queryRoots } from '../../../lib/ui/ServerConnection';

/** Query keys of /admin/content: the content list and the uploaded files it can point at. */
export const CONTENT_KEY = ['/api/content'] as const;
export const FILES_KEY = ['/api/admin/files'] as const;
/** The queries of /admin/content's own parts (its connection notice's 'as of' reads only these). */
export const isContentScreenQuery = queryRoots(CONTENT_KEY[0], FILES_KEY[0]);
