import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { requestSync } from '../../../offline';
import { ITEM_URL, itemsKey, type ItemKind } from './keys';

/** DELETE `/:id` of a canned reply, macro or template (204); the list and the offline copy follow. */
export function useDeleteReplyItem(kind: ItemKind) {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, string>({
    mutationFn: (id) => apiRequest('DELETE', `${ITEM_URL[kind]}/${encodeURIComponent(id)}`),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: itemsKey(kind) });
      void requestSync();
    },
  });
}
