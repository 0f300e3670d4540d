import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChecklistTemplate } from '@portal/shared';
import { apiRequest } from '../../../lib/api';
import { requestSync } from '../../../offline';
import { TEMPLATES_URL, templatesKey } from './keys';

/** A write to checklist templates: afterwards the list loads again and this device's copy syncs (Upcoming shows template items). */
function useTemplateWrite<V, T>(fn: (v: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation<T, Error, V>({
    mutationFn: fn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: templatesKey });
      void requestSync();
    },
  });
}

/** POST /api/checklist-templates (no id) or PATCH /api/checklist-templates/:id with `{ name, items }`. */
export const useSaveChecklistTemplate = () =>
  useTemplateWrite(({ id, body }: { id?: string | undefined; body: object }) =>
    id ? apiRequest<ChecklistTemplate>('PATCH', `${TEMPLATES_URL}/${encodeURIComponent(id)}`, body) : apiRequest<ChecklistTemplate>('POST', TEMPLATES_URL, body),
  );

/** DELETE /api/checklist-templates/:id (schedules using it keep running without a checklist). */
export const useDeleteChecklistTemplate = () => useTemplateWrite((id: string) => apiRequest<void>('DELETE', `${TEMPLATES_URL}/${encodeURIComponent(id)}`));
