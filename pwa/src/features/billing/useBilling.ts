import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingEntries, BillingInvoicedResult, TimeEntry, TimeEntryPatch, TimeReport } from '@portal/shared';
import { apiGet, apiRequest } from '../../lib/api';
import { newIdempotencyKey } from '../../lib/ids';

const KEY = ['billing', 'entries'] as const;

/** GET /api/time-report/entries?from&to -> BillingEntries (a technician gets their own only). Read live each time the screen opens. */
export function useBillingEntries(from: string, to: string, enabled: boolean) {
  return useQuery<BillingEntries>({
    queryKey: [...KEY, { from, to }],
    queryFn: ({ signal }) => apiGet<BillingEntries>(`/api/time-report/entries?${new URLSearchParams({ from, to })}`, { signal }),
    enabled,
    refetchOnMount: 'always',
  });
}

/** POST /api/time-report/invoiced for one client's range; the entries are read again after. */
export function useMarkInvoiced() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { from: string; to: string } & ({ clientId: string } | { client: string })) =>
      apiRequest<BillingInvoicedResult>('POST', '/api/time-report/invoiced', body, { headers: { 'Idempotency-Key': newIdempotencyKey() } }),
    onSettled: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** PATCH /api/time-entries/:id; refused (409) once the entry is invoiced. The entries are read again after. */
export function useEditEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TimeEntryPatch }) => apiRequest<TimeEntry>('PATCH', `/api/time-entries/${id}`, patch),
    onSettled: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** GET /api/time-report?from&to -> TimeReport; the screen uses its `visits` (on-site visits and parts per client, issue 54). */
export function useTimeReport(from: string, to: string, enabled: boolean) {
  return useQuery<TimeReport>({
    queryKey: ['time-report', `from=${from}&to=${to}`],
    queryFn: ({ signal }) => apiGet<TimeReport>(`/api/time-report?${new URLSearchParams({ from, to })}`, { signal }),
    enabled,
    refetchOnMount: 'always',
  });
}
