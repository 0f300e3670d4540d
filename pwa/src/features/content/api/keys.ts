/** Query keys of /admin/content: the content list and the uploaded files it can point at. */
export const CONTENT_KEY = ['/api/content'] as const;
export const FILES_KEY = ['/api/admin/files'] as const;
