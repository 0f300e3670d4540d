import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileUploaded } from '@portal/shared';
import { uploadWithProgress, type UploadProgress } from '../../../lib/upload';
import { FILES_KEY } from './keys';

/**
 * POST /api/admin/files/upload, multipart field `file` -> FileUploaded `{ file, replaced }`
 * (SPEC.md 7; admin), with upload progress (XMLHttpRequest). `progress` is null when idle. The
 * file list is refetched afterwards. Errors: ApiError (400 name/type, 409 reserved name, 413 too
 * large: the server's message says which) or a network TypeError.
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
      return queryClient.invalidateQueries({ queryKey: FILES_KEY });
    },
  });
  return { ...mutation, progress };
}
