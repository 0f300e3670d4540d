import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { requestSync } from '../../../offline';
import { ITEM_URL, itemsKey, type ItemKind } from './keys';

/**
 * POST (no `id`) or PATCH `/:id` of a canned reply, macro or template. Afterwards the list is
 * loaded again and a sync is asked for, so this device's offline copy has the change at once.
 */
export function useSaveReplyItem<T>(kind: ItemKind) {
  const queryClient = useQueryClient();
  return useMutation<T, Error, { id?: string; body: unknown }>({
    mutationFn: ({ id, body }) => (id ? apiRequest<T>('PATCH', `${ITEM_URL[kind]}/${encodeURIComponent(id)}`, body) : apiRequest<T>('POST', ITEM_URL[kind], body)),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: itemsKey(kind) });
      void requestSync();
    },
  });
}
