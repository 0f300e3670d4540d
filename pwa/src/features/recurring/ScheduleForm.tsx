import { useMemo, useState } from 'react';
import { SEVERITIES, SEVERITY_NAMES, type RecurringSchedule, type Severity } from '@portal/shared';
import { FormActions } from '../../lib/ui/FormActions';
import { FormField, fieldAria } from '../../lib/ui/FormField';
import { previewOf } from './builder';
import { bodyOf, draftOf, type ScheduleDraft } from './form';
import { LinkFields } from './LinkFields';
import { OccurrencePreview } from './OccurrencePreview';
import { RecurrenceBuilder } from './RecurrenceBuilder';
import { RECURRING_TEXT } from './texts';

const ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/**
 * Create or edit a schedule (issue 52 items 3, 6): title, issue text, severity, client/site/contact,
 * assignee, checklist, the recurrence builder, the client's time zone, "open N days before it is
 * due", "skip while open"; under the builder the next 5 occurrences from the shared module. The
 * body is checked with the API's schema; the server's refusal (e.g. a site of another client) comes
 * back as a toast from the page.
 */
export function ScheduleForm(props: { schedule: RecurringSchedule | null; pending: boolean; disabled?: string | undefined; onSave(body: object): void; onCancel(): void }) {
  const { schedule, pending, disabled, onSave, onCancel } = props;
  const [d, setD] = useState<ScheduleDraft>(() => draftOf(schedule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<ScheduleDraft>) => setD((old) => ({ ...old, ...patch }));
  const lead = /^\d+$/.test(d.leadDays.trim()) ? Number(d.leadDays) : 0;
  const preview = useMemo(() => previewOf(d.rec, d.timeZone.trim(), lead, Date.now()), [d.rec, d.timeZone, lead]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const out = bodyOf(d);
    if (!out.ok) return setErrors(out.errors);
    setErrors({});
    onSave(out.body);
  };
  return (
    <form className="form rec-form" noValidate onSubmit={submit} aria-label={schedule ? RECURRING_TEXT.editTitle : RECURRING_TEXT.newTitle}>
      <FormField id="rt-title" label="Title" error={errors.title}>
        <input id="rt-title" className="input" value={d.title} {...fieldAria('rt-title', errors.title)} onChange={(e) => set({ title: e.target.value })} />
      </FormField>
      <FormField id="rt-issue" label="Issue Description" error={errors.issue}>
        <textarea id="rt-issue" className="input textarea" rows={3} value={d.issue} {...fieldAria('rt-issue', errors.issue)} onChange={(e) => set({ issue: e.target.value })} />
      </FormField>
      <FormField id="rt-severity" label="Severity">
        <select id="rt-severity" className="input" value={d.severity} onChange={(e) => set({ severity: e.target.value as Severity })}>
          {SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {SEVERITY_NAMES[s]}
            </option>
          ))}
        </select>
      </FormField>
      <LinkFields value={d} errors={errors} onChange={set} />
      <RecurrenceBuilder draft={d.rec} onChange={(rec) => set({ rec })} />
      <div className="form-grid">
        <FormField id="rt-zone" label="Time zone" error={errors.timeZone} hint="The client's time zone: occurrences are due on its wall clock.">
          <input id="rt-zone" className="input" list="rt-zones" value={d.timeZone} {...fieldAria('rt-zone', errors.timeZone)} onChange={(e) => set({ timeZone: e.target.value })} />
        </FormField>
        <FormField id="rt-lead" label="Open days before due" error={errors.leadDays}>
          <input id="rt-lead" className="input" inputMode="numeric" value={d.leadDays} {...fieldAria('rt-lead', errors.leadDays)} onChange={(e) => set({ leadDays: e.target.value })} />
        </FormField>
      </div>
      <datalist id="rt-zones">
        {ZONES.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <label className="rec-check">
        <input type="checkbox" checked={d.skipWhileOpen} onChange={(e) => set({ skipWhileOpen: e.target.checked })} /> Skip an occurrence while the previous ticket is still open
      </label>
      <OccurrencePreview preview={preview} timeZone={d.timeZone.trim()} />
      {errors.recurrence && <p className="form-error">{errors.recurrence}</p>}
      <FormActions label={pending ? RECURRING_TEXT.saving : RECURRING_TEXT.save} pending={pending} disabled={Boolean(disabled) || !preview.ok} onCancel={onCancel} />
    </form>
  );
}
