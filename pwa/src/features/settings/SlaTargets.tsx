import { SEVERITIES, SEVERITY_NAMES, type Severity } from '@portal/shared';
import type { SeverityDraft, TargetField, TargetUnit } from './slaDraft';

const TARGETS = [
  { key: 'firstResponse', label: 'First response' },
  { key: 'resolution', label: 'Resolution' },
] as const;

/**
 * Per severity (issue 56 item 11): the first response and resolution targets as a number with
 * 'hours' or 'days' (business days on business hours, 24 h days on 24x7), and its clock:
 * 'Business hours' or '24x7'. Phones: one block per severity; desktop: one row each.
 */
export function SlaTargets(props: { severities: Record<Severity, SeverityDraft>; onChange(s: Severity, next: SeverityDraft): void }) {
  const { severities, onChange } = props;
  return (
    <div className="sla-severities">
      {SEVERITIES.map((s) => {
        const v = severities[s];
        const name = SEVERITY_NAMES[s];
        const set = (key: 'firstResponse' | 'resolution', f: TargetField) => onChange(s, { ...v, [key]: f });
        return (
          <fieldset key={s} className="sla-severity">
            <legend>{name}</legend>
            {TARGETS.map((t) => (
              <div key={t.key} className="sla-target">
                <label htmlFor={`sla-${s}-${t.key}`}>{t.label}</label>
                <input id={`sla-${s}-${t.key}`} aria-label={`${name} ${t.label.toLowerCase()}`} className="input" type="number" inputMode="decimal" min={0} step="any" value={v[t.key].value} onChange={(e) => set(t.key, { ...v[t.key], value: e.target.value })} />
                <select aria-label={`${name} ${t.label.toLowerCase()} unit`} className="input" value={v[t.key].unit} onChange={(e) => set(t.key, { ...v[t.key], unit: e.target.value as TargetUnit })}>
                  <option value="hours">hours</option>
                  <option value="days">{v.allHours ? 'days (24 h)' : 'business days'}</option>
                </select>
              </div>
            ))}
            <div className="sla-target">
              <label htmlFor={`sla-${s}-clock`}>Clock</label>
              <select id={`sla-${s}-clock`} aria-label={`${name} clock`} className="input" value={v.allHours ? '24x7' : 'business'} onChange={(e) => onChange(s, { ...v, allHours: e.target.value === '24x7' })}>
                <option value="business">Business hours</option>
                <option value="24x7">24x7 (always runs)</option>
              </select>
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
