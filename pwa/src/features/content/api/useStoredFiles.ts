import { useQuery } from '@tanstack/react-query';
import type { FileEntry } from '@portal/shared';
import { FILES_KEY } from './keys';

/** GET /api/admin/files -> FileEntry[] (SPEC.md 7; admin): the files a content item can point at. */
export function useStoredFiles(enabled: boolean) {
  return useQuery<FileEntry[]>({ queryKey: FILES_KEY, enabled, refetchOnMount: 'always' });
}
