import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { FILES_KEY } from './keys';

/**
 * DELETE /api/admin/files/:name (SPEC.md 7; admin) -> 204. 409 while content items use the file
 * (the message names them). The file list is refetched afterwards.
 */
export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, string>({
    mutationFn: (name) => apiRequest<void>('DELETE', `/api/admin/files/${encodeURIComponent(name)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FILES_KEY }),
  });
}
