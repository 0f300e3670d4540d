import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { CONTENT_KEY } from './keys';

/**
 * DELETE /api/content/:id (SPEC.md 7; admin): removes a Support Tools content item from the
 * downloads page (its file stays in file management). Refetches the content list afterwards.
 */
export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, string>({
    mutationFn: (id) => apiRequest<void>('DELETE', `/api/content/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONTENT_KEY }),
  });
}
