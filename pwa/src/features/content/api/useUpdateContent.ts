import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentItem, ContentItemPatch } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { CONTENT_KEY } from './keys';

/** PATCH /api/content/:id (SPEC.md 7; admin) -> ContentItem; 404 when the item is gone. */
export function useUpdateContent() {
  const queryClient = useQueryClient();
  return useMutation<ContentItem, Error, { id: string; patch: ContentItemPatch }>({
    mutationFn: ({ id, patch }) => apiRequest<ContentItem>('PATCH', `/api/content/${encodeURIComponent(id)}`, patch),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONTENT_KEY }),
  });
}
