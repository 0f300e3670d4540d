import { useQuery } from '@tanstack/react-query';
import { SUPPORT_TOOLS_CATEGORY, type ContentItem } from '@portal/shared';
import { CONTENT_KEY } from './keys';

/**
 * GET /api/content -> ContentItem[] (SPEC.md 7; staff), narrowed to what /downloads lists (SPEC.md
 * 4): active items of category 'Support Tools' that have a file. Refetched when the page mounts;
 * persisted (meta.persist: tool names, not personal data) so the list still shows offline.
 */
export function useSupportTools() {
  return useQuery<ContentItem[], Error, ContentItem[]>({
    queryKey: CONTENT_KEY,
    refetchOnMount: 'always',
    meta: { persist: true },
    select: (items) => items.filter((i) => i.isActive && i.category === SUPPORT_TOOLS_CATEGORY && i.fileName !== null),
  });
}
