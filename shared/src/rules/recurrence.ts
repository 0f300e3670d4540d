/**
 * Recurrence of recurring tickets (issue 52 item 3; docs/recurring-tickets.md), one pure module for
 * the API (the sweep, the preview, validation) and the phone (Upcoming, offline).
 *
 * The `rrule` package expands the rule (never hand-written date arithmetic). It runs on "floating"
 * wall times: a Date whose UTC fields are the wall clock in the schedule's IANA time zone (`tzid`).
 * Each wall time then becomes an instant in that zone with `@date-fns/tz` (TZDate), so "every Monday
 * 09:00 in New York" is 09:00 local before and after a DST change (13:00 then 14:00 UTC, or the
 * reverse). A wall time that does not exist (02:30 on a spring-forward day) moves forward an hour,
 * as TZDate does. The occurrence's key is its local date ('YYYY-MM-DD' in the zone).
 */
import { TZDate } from '@date-fns/tz';
import * as rrule from 'rrule';
import type { Options } from 'rrule';
import { isKnownTimeZone } from '../schemas/scheduler';

/**
 * Node's ESM loader sees only rrule's CommonJS default export; bundlers see its named exports. The
 * default is read with Reflect.get: a `.default` written out makes vite warn that the ES build of
 * rrule has none (IMPORT_IS_UNDEFINED), though that branch never runs in the bundle.
 */
const RRule: typeof rrule.RRule = rrule.RRule ?? (Reflect.get(rrule, 'default') as typeof rrule).RRule;

/** 0 = Sunday .. 6 = Saturday, as JavaScript's getDay(). */
export type WeekdayIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** A schedule's recurrence as the API stores it (validated by `recurrenceSchema`, shared/src/schemas/recurring.ts). */
export interface Recurrence {
  frequency: 'daily' | 'weekly' | 'monthly' | 'yearly';
  /** Every N days/weeks/months/years (1 .. 99). */
  interval: number;
  /** Weekly: the days (0 = Sunday). Absent: the start date's day. */
  weekdays?: number[] | undefined;
  /** Monthly/yearly on this day of the month (1 .. 31). Absent with no `nth`: the start date's day. */
  monthDay?: number | undefined;
  /** Monthly/yearly on "the first Monday" (n 1..4, -1 = last). */
  nth?: { n: number; weekday: number } | undefined;
  /** Yearly: the month (1 .. 12); absent: the start date's month. */
  month?: number | undefined;
  /** First day it may occur, 'YYYY-MM-DD' local to the zone. */
  startDate: string;
  /** Wall time 'HH:MM' in the zone: when each occurrence is due. */
  time: string;
  /** Last day it may occur ('YYYY-MM-DD', inclusive), or absent. */
  endDate?: string | undefined;
  /** At most this many occurrences, or absent. */
  count?: number | undefined;
}

/** One occurrence: its due instant (epoch ms) and its key, the local date in the zone. */
export interface Occurrence {
  at: number;
  date: string;
}

const DAY_MS = 86_400_000;

const ymd = (s: string) => s.split('-').map(Number) as [number, number, number];
const hm = (s: string) => s.split(':').map(Number) as [number, number];

/** The floating wall time (UTC fields) of instant `ms` in `tz`. */
function floating(ms: number, tz: string): number {
  const t = new TZDate(ms, tz);
  return Date.UTC(t.getFullYear(), t.getMonth(), t.getDate(), t.getHours(), t.getMinutes(), t.getSeconds());
}

/** The instant of floating wall time `f` in `tz`. */
function instant(f: Date, tz: string): number {
  return new TZDate(f.getUTCFullYear(), f.getUTCMonth(), f.getUTCDate(), f.getUTCHours(), f.getUTCMinutes(), tz).getTime();
}

/** The rrule options of `r` on floating wall times (module doc). */
function ruleOf(r: Recurrence): InstanceType<typeof RRule> {
  const [y, m, d] = ymd(r.startDate);
  const [hh, mm] = hm(r.time);
  const dtstart = new Date(Date.UTC(y, m - 1, d, hh, mm));
  const days = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];
  const freq = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY, yearly: RRule.YEARLY }[r.frequency];
  const o: Partial<Options> = { freq, interval: r.interval, dtstart, byhour: [hh], byminute: [mm], bysecond: [0] };
  if (r.frequency === 'weekly') o.byweekday = (r.weekdays?.length ? r.weekdays : [dtstart.getUTCDay()]).map((w) => days[w]!);
  if (r.frequency === 'monthly' || r.frequency === 'yearly') {
    if (r.nth) o.byweekday = [days[r.nth.weekday]!.nth(r.nth.n)];
    else o.bymonthday = [r.monthDay ?? d];
    if (r.frequency === 'yearly') o.bymonth = [r.month ?? m];
  }
  if (r.endDate) {
    const [ey, em, ed] = ymd(r.endDate);
    o.until = new Date(Date.UTC(ey, em - 1, ed, 23, 59, 59));
  }
  if (r.count) o.count = r.count;
  return new RRule(o);
}

const toOccurrence = (f: Date, tz: string): Occurrence => ({ at: instant(f, tz), date: f.toISOString().slice(0, 10) });

/**
 * The occurrences of `r` in `tz` due in [fromMs, toMs] (epoch ms, inclusive), oldest first, at most
 * `limit` (default 500).
 */
export function occurrencesBetween(r: Recurrence, tz: string, fromMs: number, toMs: number, limit = 500): Occurrence[] {
  if (toMs < fromMs) return [];
  // The floating window is widened by a day each side (a zone's offset), then cut on instants.
  const found = ruleOf(r).between(new Date(floating(fromMs, tz) - DAY_MS), new Date(floating(toMs, tz) + DAY_MS), true, (_d, i) => i < limit + 4);
  return found
    .map((f) => toOccurrence(f, tz))
    .filter((o) => o.at >= fromMs && o.at <= toMs)
    .slice(0, limit);
}

/** The next `n` occurrences of `r` in `tz` due at or after `fromMs` (the preview's "next 5"). */
export function nextOccurrences(r: Recurrence, tz: string, fromMs: number, n: number): Occurrence[] {
  const rule = ruleOf(r);
  const out: Occurrence[] = [];
  let cursor = new Date(floating(fromMs, tz) - DAY_MS);
  while (out.length < n) {
    const f = rule.after(cursor, false);
    if (!f) break;
    cursor = f;
    const o = toOccurrence(f, tz);
    if (o.at >= fromMs) out.push(o);
  }
  return out;
}

/** Why a schedule cannot be saved, by field, or null when it can (issue 52 item 8). */
export interface RecurrenceProblem {
  field: 'timeZone' | 'recurrence' | 'endDate' | 'leadDays';
  message: string;
}

/**
 * Checks a recurrence before it is stored: the zone is known, the end is not before the start, the
 * rule occurs at least once, and `leadDays` ("open N days before it is due") is not longer than
 * the shortest time between two of its first 60 occurrences.
 */
export function recurrenceProblem(r: Recurrence, tz: string, leadDays: number): RecurrenceProblem | null {
  if (!isKnownTimeZone(tz)) return { field: 'timeZone', message: `Unknown time zone: ${tz}` };
  if (r.endDate && r.endDate < r.startDate) return { field: 'endDate', message: 'The end date is before the start date.' };
  const first = ruleOf(r).all((_d, i) => i < 60);
  if (first.length === 0) return { field: 'recurrence', message: 'This recurrence never occurs: no date matches it.' };
  const gaps = first.slice(1).map((f, i) => f.getTime() - first[i]!.getTime());
  const shortest = gaps.length ? Math.min(...gaps) : Infinity;
  if (leadDays * DAY_MS > shortest) {
    return { field: 'leadDays', message: `The lead time (${leadDays} days) is longer than the time between occurrences (${Math.round(shortest / DAY_MS)} days).` };
  }
  return null;
}

/**
 * The rrule text of `r` in `tz` (RFC 5545, as rrule writes it: `DTSTART;TZID=...` and `RRULE:...`),
 * what the Recurring Tickets form shows under its builder. The rule is the one the sweep and the
 * preview expand ({@link nextOccurrences}), so the text and the dates always agree.
 */
export function recurrenceRRule(r: Recurrence, tz: string): string {
  const rule = ruleOf(r);
  const [y, m, d] = ymd(r.startDate);
  const [hh, mm] = hm(r.time);
  const pad = (n: number) => String(n).padStart(2, '0');
  const start = `DTSTART;TZID=${tz}:${y}${pad(m)}${pad(d)}T${pad(hh)}${pad(mm)}00`;
  const line = rule.toString().split('\n').find((l) => l.startsWith('RRULE:')) ?? '';
  // rrule writes UNTIL as a UTC instant of the floating end; it is the end date's last minute in the zone.
  return `${start}\n${line.replace(/UNTIL=(\d{8})T235959Z/, 'UNTIL=$1T235959')}`;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const NTH_NAMES: Record<number, string> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' };
const UNIT = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year' } as const;

/** "9:00 AM" of 'HH:MM'. */
function clock(time: string): string {
  const [h, m] = hm(time);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * The rule in words for lists (issue 52 item 6), e.g. "Every month on day 15 at 9:00 AM",
 * "Every 2 weeks on Monday and Thursday at 8:30 AM", "Every month on the first Monday at 9:00 AM",
 * "Every year on March 1 at 9:00 AM, until Dec 31, 2027" or ", 12 times". Days left to the start
 * date (a weekly rule without days) are named from it.
 */
export function describeRecurrence(r: Recurrence): string {
  const [, sm, sd] = ymd(r.startDate);
  const startDay = new Date(`${r.startDate}T00:00:00Z`).getUTCDay();
  const unit = UNIT[r.frequency];
  const every = r.interval > 1 ? `Every ${r.interval} ${unit}s` : `Every ${unit}`;
  const list = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0]!);
  let on = '';
  if (r.frequency === 'weekly') on = ` on ${list([...(r.weekdays?.length ? r.weekdays : [startDay])].sort((a, b) => a - b).map((w) => WEEKDAY_NAMES[w]!))}`;
  if (r.frequency === 'monthly') on = r.nth ? ` on the ${NTH_NAMES[r.nth.n]} ${WEEKDAY_NAMES[r.nth.weekday]}` : ` on day ${r.monthDay ?? sd}`;
  if (r.frequency === 'yearly') {
    const month = MONTH_NAMES[(r.month ?? sm) - 1]!;
    on = r.nth ? ` on the ${NTH_NAMES[r.nth.n]} ${WEEKDAY_NAMES[r.nth.weekday]} of ${month}` : ` on ${month} ${r.monthDay ?? sd}`;
  }
  let end = '';
  if (r.endDate) {
    const [ey, em, ed] = ymd(r.endDate);
    end = `, until ${MONTH_NAMES[em - 1]!.slice(0, 3)} ${ed}, ${ey}`;
  }
  if (r.count) end += r.count === 1 ? ', once' : `, ${r.count} times`;
  return `${every}${on} at ${clock(r.time)}${end}`;
}
