import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileUploaded } from '@portal/shared';
import { uploadWithProgress, type UploadProgress } from './upload';

/** Query key of GET /api/admin/files (the uploaded files list of /admin/file-management and the content form). */
export const UPLOADED_FILES_KEY = ['/api/admin/files'] as const;

/**
 * POST /api/admin/files/upload, multipart field `file` -> FileUploaded `{ file, replaced }`
 * (SPEC.md 7; admin), with upload progress (XMLHttpRequest). `progress` is null when idle. The
 * file list is refetched afterwards. Used by /admin/file-management and the content form (one call,
 * one hook). Errors: ApiError (400 name/type, 409 reserved name, 413 too large: the server's message
 * says which) or a network TypeError.
 */
export function useUploadFile() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation<FileUploaded, Error, File>({
    mutationFn: (file) => {
      setProgress({ loaded: 0, total: file.size });
      return uploadWithProgress<FileUploaded>('/api/admin/files/upload', file, { onProgress: setProgress });
    },
    onSettled: () => {
      setProgress(null);
      return queryClient.invalidateQueries({ queryKey: UPLOADED_FILES_KEY });
    },
  });
  return { ...mutation, progress };
}
