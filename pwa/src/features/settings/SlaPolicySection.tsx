import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SEVERITIES, SEVERITY_NAMES, slaPolicySchema, type SlaPolicy } from '@portal/shared';
import { apiGet, apiRequest } from '../../lib/api';
import { useToast } from '../../lib/toast';
import { ErrorState } from '../../lib/ui/States';
import { NotLoaded, useScreenConnectionContext, useWriteBlock, writeProps } from '../../lib/ui/ServerConnection';

const KEY = ['sla-policy'] as const;
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * 'SLA Policy' on /admin/settings (docs/sla.md): per severity a first
 * response and a resolution target in business minutes, the business days and hours (or 24x7),
 * the time zone (IANA name) and holidays (one YYYY-MM-DD per line). Save validates with the shared
 * slaPolicySchema (the first problem is shown, nothing sent) and PUTs /api/sla-policy; the policy
 * applies to tickets created afterwards.
 */
export function SlaPolicySection() {
  const toast = useToast();
  const client = useQueryClient();
  const stored = useQuery<SlaPolicy>({ queryKey: KEY, queryFn: ({ signal }) => apiGet<SlaPolicy>('/api/sla-policy', { signal }) });
  const [draft, setDraft] = useState<SlaPolicy | null>(null);
  const [holidays, setHolidays] = useState('');
  const writeBlock = useWriteBlock();
  const offline = useScreenConnectionContext()?.offline ?? false;
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (stored.data && !draft) {
      setDraft(stored.data);
      setHolidays(stored.data.holidays.join('\n'));
    }
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
        {offline ? (
          <NotLoaded />
        ) : stored.isError ? (
          <ErrorState text="The SLA policy could not be loaded." error={stored.error} />
        ) : (
          <p className="muted">Loading SLA policy...</p>
        )}
      </section>
    );

  const hours = draft.businessHours;
  const set = (p: Partial<SlaPolicy>) => setDraft({ ...draft, ...p });
  const target = (s: (typeof SEVERITIES)[number], field: 'firstResponseMinutes' | 'resolutionMinutes', v: string) =>
    set({ targets: { ...draft.targets, [s]: { ...draft.targets[s], [field]: Number(v) } } });
  const submit = () => {
    const parsed = slaPolicySchema.safeParse({ ...draft, holidays: holidays.split(/\s+/).filter(Boolean) });
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
      <table className="sla-targets">
        <thead>
          <tr><th>Severity</th><th>First response (min)</th><th>Resolution (min)</th></tr>
        </thead>
        <tbody>
          {SEVERITIES.map((s) => (
            <tr key={s}>
              <th scope="row">{SEVERITY_NAMES[s]}</th>
              <td><input aria-label={`${SEVERITY_NAMES[s]} first response minutes`} className="input" type="number" min={1} value={draft.targets[s].firstResponseMinutes} onChange={(e) => target(s, 'firstResponseMinutes', e.target.value)} /></td>
              <td><input aria-label={`${SEVERITY_NAMES[s]} resolution minutes`} className="input" type="number" min={1} value={draft.targets[s].resolutionMinutes} onChange={(e) => target(s, 'resolutionMinutes', e.target.value)} /></td>
            </tr>
          ))}
        </tbody>
      </table>
      <label className="sla-line"><span>Time zone</span><input className="input" value={draft.timeZone} onChange={(e) => set({ timeZone: e.target.value })} /></label>
      <label className="sla-line">
        <input type="checkbox" checked={hours === null} onChange={(e) => set({ businessHours: e.target.checked ? null : { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' } })} /> 24x7 (the clock always runs)
      </label>
      {hours && (
        <>
          <fieldset className="sla-days">
            <legend>Business days</legend>
            {DAYS.map((d, i) => (
              <label key={d}>
                <input type="checkbox" checked={hours.days.includes(i)} onChange={(e) => set({ businessHours: { ...hours, days: e.target.checked ? [...hours.days, i].sort() : hours.days.filter((x) => x !== i) } })} /> {d}
              </label>
            ))}
          </fieldset>
          <label className="sla-line"><span>Opens</span><input className="input" type="time" value={hours.start} onChange={(e) => set({ businessHours: { ...hours, start: e.target.value } })} /></label>
          <label className="sla-line"><span>Closes</span><input className="input" type="time" value={hours.end} onChange={(e) => set({ businessHours: { ...hours, end: e.target.value } })} /></label>
        </>
      )}
      <label className="sla-line sla-holidays"><span>Holidays (YYYY-MM-DD, one per line)</span><textarea className="input textarea" rows={3} value={holidays} onChange={(e) => setHolidays(e.target.value)} /></label>
      {problem && <p className="form-error" role="alert">{problem}</p>}
      <div className="form-actions">
        <button type="button" className="btn btn-primary" {...writeProps(writeBlock, save.isPending)} onClick={submit}>
          {save.isPending ? 'Saving...' : 'Save SLA Policy'}
        </button>
      </div>
    </section>
  );
}
