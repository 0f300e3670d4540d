import { useQuery } from '@tanstack/react-query';
import type { ContentItem } from '@portal/shared';
import { CONTENT_KEY } from './keys';

/** GET /api/content -> ContentItem[] by title (SPEC.md 7; admins get inactive items too). Refetched on mount. */
export function useContentItems() {
  return useQuery<ContentItem[]>({ queryKey: CONTENT_KEY, refetchOnMount: 'always' });
}
