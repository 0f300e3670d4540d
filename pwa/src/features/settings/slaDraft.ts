import { SEVERITIES, type BusinessHours, type Severity, type SlaPolicy } from '@portal/shared';

/** Units an SLA target is typed in (issue 56 item 11: not raw minutes). */
export type TargetUnit = 'hours' | 'days';
/** One target as typed: a number (text while editing) and its unit. */
export interface TargetField {
  value: string;
  unit: TargetUnit;
}
/** One severity's row of the editor. */
export interface SeverityDraft {
  firstResponse: TargetField;
  resolution: TargetField;
  allHours: boolean;
}
/** The editor's state: the policy with targets in hours / days and holidays as text. */
export interface SlaDraft {
  timeZone: string;
  businessHours: BusinessHours;
  holidays: string;
  severities: Record<Severity, SeverityDraft>;
}

const DEFAULT_HOURS: BusinessHours = { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' };
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** Minutes in one day of a severity's clock: its business hours' window, or 24 h for a 24x7 one. */
export function dayMinutes(hours: BusinessHours, allHours: boolean): number {
  return allHours ? 24 * 60 : Math.max(1, minutesOf(hours.end) - minutesOf(hours.start));
}

/** Minutes shown in the largest unit that fits whole: '3' days, else hours ('1.5' hours). */
function toField(minutes: number, day: number): TargetField {
  if (minutes >= day && minutes % day === 0) return { value: String(minutes / day), unit: 'days' };
  return { value: String(Math.round((minutes / 60) * 100) / 100), unit: 'hours' };
}

/** The editor's state of a stored policy. A 24x7 policy (no business hours) becomes every severity 24x7 on default hours. */
export function draftOf(policy: SlaPolicy): SlaDraft {
  const hours = policy.businessHours ?? DEFAULT_HOURS;
  const severities = Object.fromEntries(
    SEVERITIES.map((s) => {
      const t = policy.targets[s];
      const allHours = policy.businessHours === null || t.allHours;
      const day = dayMinutes(hours, allHours);
      return [s, { firstResponse: toField(t.firstResponseMinutes, day), resolution: toField(t.resolutionMinutes, day), allHours }];
    }),
  ) as Record<Severity, SeverityDraft>;
  return { timeZone: policy.timeZone, businessHours: hours, holidays: policy.holidays.join('\n'), severities };
}

/** Whole minutes of a typed target (NaN when it is not a number; the shared schema then says what is wrong). */
function minutesFrom(field: TargetField, day: number): number {
  const n = Number(field.value.replace(',', '.'));
  if (field.value.trim() === '' || !Number.isFinite(n)) return Number.NaN;
  return Math.round(n * (field.unit === 'days' ? day : 60));
}

/** The policy to validate (shared slaPolicySchema) and send. */
export function policyOf(d: SlaDraft): unknown {
  const targets = Object.fromEntries(
    SEVERITIES.map((s) => {
      const v = d.severities[s];
      const day = dayMinutes(d.businessHours, v.allHours);
      return [s, { firstResponseMinutes: minutesFrom(v.firstResponse, day), resolutionMinutes: minutesFrom(v.resolution, day), allHours: v.allHours }];
    }),
  );
  return { timeZone: d.timeZone.trim(), businessHours: d.businessHours, holidays: d.holidays.split(/\s+/).filter(Boolean), targets };
}

/** Every IANA time zone this browser knows (for the searchable list), with UTC first. */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...names.filter((n) => n !== 'UTC')];
}
