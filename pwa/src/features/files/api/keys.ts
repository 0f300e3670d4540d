/** Query key of GET /api/admin/files. */
export const FILES_KEY = ['/api/admin/files'] as const;
