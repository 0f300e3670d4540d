import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { slaPolicySchema, type SlaPolicy } from '@portal/shared';
import { apiGet, apiRequest } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { ErrorState } from '../../lib/ui/States';
import { NotLoaded, useScreenConnectionContext, useWriteBlock, writeProps } from '../../lib/ui/ServerConnection';
import { SlaCalendar } from './SlaCalendar';
import { SlaTargets } from './SlaTargets';
import { draftOf, policyOf, type SlaDraft } from './slaDraft';

const KEY = ['sla-policy'] as const;

/**
 * 'SLA Policy' on /admin/settings (docs/sla.md): per severity a first response and a resolution
 * target in hours or (business) days and its clock, business hours or 24x7 (SlaTargets); the time
 * zone from a searchable list of IANA zones, the business days and hours (SlaCalendar); holidays
 * (one YYYY-MM-DD per line). Save validates with the shared slaPolicySchema (the first problem is
 * shown, nothing sent) and PUTs /api/sla-policy; the policy applies to tickets created afterwards.
 */
export function SlaPolicySection() {
  const toast = useToast();
  const client = useQueryClient();
  const stored = useQuery<SlaPolicy>({ queryKey: KEY, queryFn: ({ signal }) => apiGet<SlaPolicy>('/api/sla-policy', { signal }) });
  const [draft, setDraft] = useState<SlaDraft | null>(null);
  const writeBlock = useWriteBlock();
  const offline = useScreenConnectionContext()?.offline ?? false;
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (stored.data && !draft) setDraft(draftOf(stored.data));
  }, [stored.data, draft]);
  const save = useMutation<SlaPolicy, Error, SlaPolicy>({
    mutationFn: (p) => apiRequest<SlaPolicy>('PUT', '/api/sla-policy', p),
    onSuccess: (saved) => {
      client.setQueryData(KEY, saved);
      toast.show({ title: 'SLA Policy Saved', description: 'New tickets use these targets.' });
    },
    onError: () => toast.show({ title: 'Error', description: 'Failed to save the SLA policy. Please try again.', variant: 'destructive' }),
  });
  if (!draft)
    return (
      <section className="card settings-section">
        <h2>SLA Policy</h2>
        {offline ? <NotLoaded /> : stored.isError ? <ErrorState text="The SLA policy could not be loaded." error={stored.error} /> : <p className="muted">Loading SLA policy...</p>}
      </section>
    );

  const set = (p: Partial<SlaDraft>) => setDraft({ ...draft, ...p });
  const submit = () => {
    const parsed = slaPolicySchema.safeParse(policyOf(draft));
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the policy');
      return;
    }
    setProblem(null);
    save.mutate(parsed.data);
  };

  return (
    <section className="card settings-section sla-policy" aria-labelledby="sla-policy-heading">
      <h2 id="sla-policy-heading">SLA Policy</h2>
      <SlaTargets severities={draft.severities} onChange={(s, next) => set({ severities: { ...draft.severities, [s]: next } })} />
      <SlaCalendar timeZone={draft.timeZone} onTimeZone={(timeZone) => set({ timeZone })} hours={draft.businessHours} onHours={(businessHours) => set({ businessHours })} />
      <label className="sla-line sla-holidays">
        <span>Holidays (YYYY-MM-DD, one per line)</span>
        <textarea className="input textarea" rows={3} value={draft.holidays} onChange={(e) => set({ holidays: e.target.value })} />
      </label>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn-primary" {...writeProps(writeBlock, save.isPending)} onClick={submit}>
          {save.isPending ? 'Saving...' : 'Save SLA Policy'}
        </button>
      </div>
    </section>
  );
}
