import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChecklistTemplate, RecurringSchedule, RecurringScheduleDetail, Technician } from '@portal/shared';
import { apiGet, apiRequest } from '../../../lib/api';
import { requestSync } from '../../../offline';
import { RECURRING_URL, TECHNICIANS_URL, TEMPLATES_URL, scheduleKey, schedulesKey, techniciansKey, templatesKey } from './keys';

/** GET /api/recurring-tickets: every schedule with its next occurrence and last ticket. */
export function useSchedules() {
  return useQuery<RecurringSchedule[]>({ queryKey: schedulesKey, queryFn: ({ signal }) => apiGet(RECURRING_URL, { signal }) });
}

/** GET /api/recurring-tickets/:id: one schedule with its history (null: none asked for). */
export function useSchedule(id: string | null) {
  return useQuery<RecurringScheduleDetail>({ queryKey: scheduleKey(id ?? ''), enabled: id !== null, queryFn: ({ signal }) => apiGet(`${RECURRING_URL}/${encodeURIComponent(id!)}`, { signal }) });
}

/** GET /api/checklist-templates (the form's Checklist choice). */
export function useChecklistTemplates() {
  return useQuery<ChecklistTemplate[]>({ queryKey: templatesKey, queryFn: ({ signal }) => apiGet(TEMPLATES_URL, { signal }), staleTime: 60_000 });
}

/** GET /api/technicians (the form's Assigned To). */
export function useTechnicianList() {
  return useQuery<Technician[]>({ queryKey: techniciansKey, queryFn: ({ signal }) => apiGet(TECHNICIANS_URL, { signal }), staleTime: 60_000 });
}

/** A write to schedules: afterwards the list and the schedule load again and this device's copy syncs (Upcoming). */
function useScheduleWrite<V, T>(fn: (v: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation<T, Error, V>({
    mutationFn: fn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: schedulesKey });
      void requestSync();
    },
  });
}

/** POST (no id) or PATCH /api/recurring-tickets/:id (also pause/resume with `{ paused }`). */
export const useSaveSchedule = () =>
  useScheduleWrite(({ id, body }: { id?: string | undefined; body: object }) =>
    id ? apiRequest<RecurringSchedule>('PATCH', `${RECURRING_URL}/${encodeURIComponent(id)}`, body) : apiRequest<RecurringSchedule>('POST', RECURRING_URL, body),
  );

/** POST /api/recurring-tickets/:id/run-now: open the next occurrence now, once. */
export const useRunNow = () => useScheduleWrite((id: string) => apiRequest<RecurringScheduleDetail>('POST', `${RECURRING_URL}/${encodeURIComponent(id)}/run-now`));

/** DELETE /api/recurring-tickets/:id (its tickets stay). */
export const useDeleteSchedule = () => useScheduleWrite((id: string) => apiRequest<void>('DELETE', `${RECURRING_URL}/${encodeURIComponent(id)}`));
