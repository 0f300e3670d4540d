import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentItem, ContentItemCreate } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { CONTENT_KEY } from './keys';

/** POST /api/content (SPEC.md 7; admin) -> 201 ContentItem. 400 with fieldErrors (SPEC.md 5 texts, `fileName` not stored). */
export function useCreateContent() {
  const queryClient = useQueryClient();
  return useMutation<ContentItem, Error, ContentItemCreate>({
    mutationFn: (body) => apiRequest<ContentItem>('POST', '/api/content', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONTENT_KEY }),
  });
}
