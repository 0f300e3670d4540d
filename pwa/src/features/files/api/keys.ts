import { queryRoots } from '../../../lib/ui/ServerConnection';

/** Query key of GET /api/admin/files. */
export const FILES_KEY = ['/api/admin/files'] as const;
/** The queries of /admin/file-management's own parts (its connection notice's 'as of' reads only these). */
export const isFilesScreenQuery = queryRoots(FILES_KEY[0]);
