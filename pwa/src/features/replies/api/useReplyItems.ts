import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { ITEM_URL, itemsKey, type ItemKind } from './keys';

/** GET /api/canned-replies | macros | ticket-templates: the shared items and the caller's personal ones, by name. */
export function useReplyItems<T>(kind: ItemKind) {
  return useQuery<T[]>({ queryKey: itemsKey(kind), queryFn: ({ signal }) => apiGet<T[]>(ITEM_URL[kind], { signal }) });
}
