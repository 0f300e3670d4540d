/**
 * The recurrence builder of the Recurring Tickets form (issue 52 item 6; docs/recurring-tickets.md):
 * what the form's controls hold ({@link RecurrenceDraft}, strings and choices as typed), turned into
 * the API's `Recurrence` by {@link recurrenceOfDraft}, and back by {@link draftOfRecurrence} to edit a
 * schedule. The rrule text, the rule in words and the 5-occurrence preview come from the shared
 * module the API's sweep and preview use (shared/src/rules/recurrence.ts), so the form shows the
 * dates the server will open. No React.
 */
import { describeRecurrence, nextOccurrences, recurrenceProblem, recurrenceRRule, recurrenceSchema, type Recurrence } from '@portal/shared';

export type Frequency = Recurrence['frequency'];

/** The builder's controls. */
export interface RecurrenceDraft {
  frequency: Frequency;
  /** "Every N" as typed. */
  interval: string;
  /** Weekly: the ticked days (0 = Sunday). */
  weekdays: number[];
  /** Monthly/yearly: on a day of the month, or on "the first Monday". */
  monthlyMode: 'day' | 'nth';
  monthDay: string;
  nthN: number;
  nthWeekday: number;
  /** Yearly: 1 .. 12. */
  month: number;
  startDate: string;
  time: string;
  end: 'never' | 'date' | 'count';
  endDate: string;
  count: string;
}

/** A new schedule's rule: monthly on today's day, from today, at 09:00 (today in `tz`). */
export function newDraft(today: string): RecurrenceDraft {
  const [, m, d] = today.split('-').map(Number) as [number, number, number];
  return { frequency: 'monthly', interval: '1', weekdays: [], monthlyMode: 'day', monthDay: String(d), nthN: 1, nthWeekday: 1, month: m, startDate: today, time: '09:00', end: 'never', endDate: '', count: '' };
}

const int = (s: string) => (/^\s*\d+\s*$/.test(s) ? Number(s) : NaN);

/** The API's recurrence of `d` (only the fields its frequency and end use). */
export function recurrenceOfDraft(d: RecurrenceDraft): Recurrence {
  const r: Recurrence = { frequency: d.frequency, interval: int(d.interval), startDate: d.startDate, time: d.time };
  if (d.frequency === 'weekly' && d.weekdays.length) r.weekdays = [...d.weekdays].sort((a, b) => a - b);
  if (d.frequency === 'monthly' || d.frequency === 'yearly') {
    if (d.monthlyMode === 'nth') r.nth = { n: d.nthN, weekday: d.nthWeekday };
    else r.monthDay = int(d.monthDay);
    if (d.frequency === 'yearly') r.month = d.month;
  }
  if (d.end === 'date') r.endDate = d.endDate;
  if (d.end === 'count') r.count = int(d.count);
  return r;
}

/** The builder's controls for a stored recurrence. */
export function draftOfRecurrence(r: Recurrence): RecurrenceDraft {
  const d = newDraft(r.startDate);
  return {
    ...d,
    frequency: r.frequency,
    interval: String(r.interval),
    weekdays: r.weekdays ?? [],
    monthlyMode: r.nth ? 'nth' : 'day',
    monthDay: String(r.monthDay ?? d.monthDay),
    nthN: r.nth?.n ?? 1,
    nthWeekday: r.nth?.weekday ?? 1,
    month: r.month ?? d.month,
    time: r.time,
    end: r.endDate ? 'date' : r.count ? 'count' : 'never',
    endDate: r.endDate ?? '',
    count: r.count ? String(r.count) : '',
  };
}

/** What the builder shows under its controls: the rule, in words and as rrule, and the next 5 dates; or why it cannot be saved. */
export type RecurrencePreview =
  | { ok: true; recurrence: Recurrence; words: string; rrule: string; next: { at: number; date: string }[] }
  | { ok: false; message: string };

/** The preview of `d` in zone `tz` from `now` (ms): the same checks and expansion as the API's. */
export function previewOf(d: RecurrenceDraft, tz: string, leadDays: number, now: number, count = 5): RecurrencePreview {
  const parsed = recurrenceSchema.safeParse(recurrenceOfDraft(d));
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Check the recurrence.' };
  const r = parsed.data as Recurrence;
  const problem = recurrenceProblem(r, tz, Number.isFinite(leadDays) ? leadDays : 0);
  if (problem) return { ok: false, message: problem.message };
  return { ok: true, recurrence: r, words: describeRecurrence(r), rrule: recurrenceRRule(r, tz), next: nextOccurrences(r, tz, now, count) };
}

/** `at` (ms) as "Tue, Dec 15, 2026 at 9:00 AM" on the wall clock of `tz` (SPEC.md 9's format with the weekday). */
export function formatInZone(at: number, tz: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).formatToParts(new Date(at));
  const p = (t: string) => parts.find((x) => x.type === t)?.value ?? '';
  return `${p('weekday')}, ${p('month')} ${p('day')}, ${p('year')} at ${p('hour')}:${p('minute')} ${p('dayPeriod')}`;
}

/** Today ('YYYY-MM-DD') on the wall clock of `tz`. */
export function todayIn(tz: string, now: number = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(now));
}

/** This device's time zone (the default of a new schedule). */
export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
