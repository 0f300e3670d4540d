import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingEntries, BillingInvoicedResult, TimeEntry, TimeEntryPatch, TimeReport } from '@portal/shared';
import { apiGet, apiRequest } from '../../lib/api';
import { newIdempotencyKey } from '../../lib/ids';

const KEY = ['billing', 'entries'] as const;

/** The query of a range and, when set, one tag (name; '' = every ticket). */
export const rangeQuery = (from: string, to: string, tag: string, extra: Record<string, string> = {}) =>
  new URLSearchParams({ from, to, ...(tag ? { tag } : {}), ...extra }).toString();

/** GET /api/time-report/entries?from&to[&tag] -> BillingEntries (a technician gets their own only). Read live each time the screen opens. */
export function useBillingEntries(from: string, to: string, tag: string, enabled: boolean) {
  return useQuery<BillingEntries>({
    queryKey: [...KEY, { from, to, tag }],
    queryFn: ({ signal }) => apiGet<BillingEntries>(`/api/time-report/entries?${rangeQuery(from, to, tag)}`, { signal }),
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

/** GET /api/time-report?from&to[&tag] -> TimeReport; the screen uses its `visits` (issue 54) and `byTag` (issue 57). */
export function useTimeReport(from: string, to: string, tag: string, enabled: boolean) {
  return useQuery<TimeReport>({
    queryKey: ['time-report', rangeQuery(from, to, tag)],
    queryFn: ({ signal }) => apiGet<TimeReport>(`/api/time-report?${rangeQuery(from, to, tag)}`, { signal }),
    enabled,
    refetchOnMount: 'always',
  });
}
