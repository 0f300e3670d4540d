import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { CONTENT_KEY } from './keys';

/** DELETE /api/content/:id (SPEC.md 7; admin) -> 204. The item's file stays in file management. */
export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, string>({
    mutationFn: (id) => apiRequest<void>('DELETE', `/api/content/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONTENT_KEY }),
  });
}
