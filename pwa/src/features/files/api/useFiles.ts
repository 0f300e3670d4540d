import { useQuery } from '@tanstack/react-query';
import type { FileEntry } from '@portal/shared';
import { FILES_KEY } from './keys';

/** GET /api/admin/files -> FileEntry[] by name (SPEC.md 7; admin). Refetched when the page mounts. */
export function useFiles() {
  return useQuery<FileEntry[]>({ queryKey: FILES_KEY, refetchOnMount: 'always' });
}
