import { useQuery } from '@tanstack/react-query';
import type { ContentItem } from '@portal/shared';
import { supportToolsOf } from '../offline';
import { CONTENT_KEY } from './keys';

/**
 * GET /api/content -> ContentItem[] (SPEC.md 7; staff), narrowed to what /downloads lists (SPEC.md
 * 4): active items of category 'Support Tools' that have a file. Refetched when the page mounts.
 * The page keeps a copy in the offline engine (./offline) for use without a network.
 */
export function useSupportTools() {
  return useQuery<ContentItem[], Error, ContentItem[]>({
    queryKey: CONTENT_KEY,
    refetchOnMount: 'always',
    select: supportToolsOf,
  });
}
