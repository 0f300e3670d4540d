/**
 * The SLA business-hours clock (docs/sla.md): pure functions the API
 * (due times stored on each ticket, alert times) and the phone (the clock text, offline) both use.
 *
 * - Targets are business minutes: minutes inside the policy's business hours, in its IANA time
 *   zone, on business days that are not holidays. `businessHours: null` is 24x7: every minute counts.
 * - Local wall times are turned into instants with `@date-fns/tz` (TZDate), so DST changes shorten
 *   or lengthen a day's window in absolute time exactly as the wall clock does.
 * - A pause (the ticket waits on the customer) stops both clocks: the business minutes spent
 *   waiting are added to the targets ({@link slaDueTimes}'s `pausedMinutes`).
 * - Alerts fire at 80 % of a target ({@link SLA_WARN_RATIO}) and at breach.
 */
import { TZDate } from '@date-fns/tz';
import type { Severity } from '../constants';
import type { SlaPolicy } from '../schemas/sla';

const MINUTE = 60_000;
/** Days scanned at most while looking for business time (a policy with no business day left). */
const MAX_SCAN_DAYS = 3_700;

/** Share of a target after which the "due soon" alert fires and the clock turns amber. */
export const SLA_WARN_RATIO = 0.8;

type Policy = Pick<SlaPolicy, 'timeZone' | 'businessHours' | 'holidays'>;

interface CalendarDay {
  y: number;
  m: number;
  d: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayKey = (c: CalendarDay) => `${c.y}-${pad(c.m + 1)}-${pad(c.d)}`;
/** The calendar day after `c` (pure calendar arithmetic, no time zone involved). */
function nextDay(c: CalendarDay): CalendarDay {
  const u = new Date(Date.UTC(c.y, c.m, c.d + 1));
  return { y: u.getUTCFullYear(), m: u.getUTCMonth(), d: u.getUTCDate() };
}
const weekday = (c: CalendarDay) => new Date(Date.UTC(c.y, c.m, c.d)).getUTCDay();
const hm = (v: string) => v.split(':').map(Number) as [number, number];

/** The local calendar day of instant `ms` in `tz`. */
function localDay(ms: number, tz: string): CalendarDay {
  const t = new TZDate(ms, tz);
  return { y: t.getFullYear(), m: t.getMonth(), d: t.getDate() };
}

/** Most local-day windows {@link zonedWindow} remembers (about ten years of one policy's days). */
const WINDOW_CACHE_SIZE = 4_096;
const windowCache = new Map<string, [number, number] | null>();

/**
 * Opening hours `start`-`end` ("HH:MM", end "24:00" = midnight after) of local day `c` in `tz` as
 * epoch ms, or null when they are empty. Turning wall times into instants (TZDate) is the costly
 * part of every clock (a create computes four due times, each scanning days), so results are
 * remembered per zone, hours and day: a pure function of those, whatever the holidays.
 */
function zonedWindow(tz: string, startHm: string, endHm: string, c: CalendarDay): [number, number] | null {
  const key = `${tz} ${startHm} ${endHm} ${c.y} ${c.m} ${c.d}`;
  const known = windowCache.get(key);
  if (known !== undefined) return known;
  const [sh, sm] = hm(startHm);
  const [eh, em] = hm(endHm);
  const start = new TZDate(c.y, c.m, c.d, sh, sm, tz).getTime();
  const next = nextDay(c);
  const end = eh === 24 ? new TZDate(next.y, next.m, next.d, 0, 0, tz).getTime() : new TZDate(c.y, c.m, c.d, eh, em, tz).getTime();
  const window: [number, number] | null = end > start ? [start, end] : null;
  if (windowCache.size >= WINDOW_CACHE_SIZE) windowCache.clear();
  windowCache.set(key, window);
  return window;
}

/** Business window [start, end) of a local day as epoch ms, or null (closed day or holiday). */
function windowOf(policy: Policy, c: CalendarDay, holidays: ReadonlySet<string>): [number, number] | null {
  const bh = policy.businessHours!;
  if (!bh.days.includes(weekday(c)) || holidays.has(dayKey(c))) return null;
  return zonedWindow(policy.timeZone, bh.start, bh.end, c);
}

/** Business windows from the local day of `fromMs` on, in order, until `visit` returns true. */
function scanWindows(policy: Policy, fromMs: number, visit: (start: number, end: number) => boolean): void {
  const holidays = new Set(policy.holidays);
  let day = localDay(fromMs, policy.timeZone);
  for (let i = 0; i < MAX_SCAN_DAYS; i++, day = nextDay(day)) {
    const w = windowOf(policy, day, holidays);
    if (w && w[1] > fromMs && visit(Math.max(w[0], fromMs), w[1])) return;
  }
}

/**
 * The instant `minutes` business minutes after `from` (docs/sla.md). With 24x7 it is
 * `from + minutes`. When `from` is outside business hours the count starts at the next opening.
 * @param minutes >= 0 (fractions allowed).
 * @returns a new Date; if no business time exists within ten years, the instant ten years on.
 */
export function addBusinessMinutes(policy: Policy, from: Date, minutes: number): Date {
  return addBusinessMinutesEach(policy, from, [minutes])[0]!;
}

/**
 * {@link addBusinessMinutes} for several targets from one start, in one scan of the days (the
 * order of `minutes` is kept in the answer).
 */
function addBusinessMinutesEach(policy: Policy, from: Date, minutes: readonly number[]): Date[] {
  const start = from.getTime();
  if (policy.businessHours === null) return minutes.map((m) => new Date(start + m * MINUTE));
  const order = minutes.map((m, i) => ({ left: m * MINUTE, i })).sort((a, b) => a.left - b.left);
  const result = minutes.map(() => start + MAX_SCAN_DAYS * 86_400_000);
  let spent = 0;
  let next = 0;
  scanWindows(policy, start, (s, e) => {
    while (next < order.length && order[next]!.left - spent <= e - s) {
      result[order[next]!.i] = s + (order[next]!.left - spent);
      next++;
    }
    spent += e - s;
    return next === order.length;
  });
  return result.map((ms) => new Date(ms));
}

/**
 * Business minutes between `from` and `to` (0 when `to` <= `from`), e.g. the time a ticket waited
 * on the customer. With 24x7, the elapsed minutes.
 */
export function businessMinutesBetween(policy: Policy, from: Date, to: Date): number {
  const a = from.getTime();
  const b = to.getTime();
  if (b <= a) return 0;
  if (policy.businessHours === null) return (b - a) / MINUTE;
  let total = 0;
  scanWindows(policy, a, (s, e) => {
    if (s >= b) return true;
    total += Math.min(e, b) - s;
    return e >= b;
  });
  return total / MINUTE;
}

/**
 * The calendar a severity's clock runs on: the policy's business hours, or 24x7 (`businessHours:
 * null`) when the severity's `allHours` is set (issue 56 item 11).
 */
export function severityCalendar(policy: SlaPolicy, severity: Severity): Pick<SlaPolicy, 'timeZone' | 'businessHours' | 'holidays'> {
  return policy.targets[severity].allHours ? { ...policy, businessHours: null } : policy;
}

/** Due and 80 % warning instants of a ticket's two targets. */
export interface SlaDueTimes {
  firstResponseDueAt: Date;
  resolutionDueAt: Date;
  firstResponseWarnAt: Date;
  resolutionWarnAt: Date;
}

/**
 * Due times of a ticket created at `createdAt` with `severity` under `policy`, the targets
 * lengthened by `pausedMinutes` business minutes spent waiting on the customer. Warnings are at
 * {@link SLA_WARN_RATIO} of each (lengthened) target, in business time.
 */
export function slaDueTimes(policy: SlaPolicy, severity: Severity, createdAt: Date, pausedMinutes = 0): SlaDueTimes {
  const t = policy.targets[severity];
  const calendar = severityCalendar(policy, severity);
  const response = t.firstResponseMinutes + pausedMinutes;
  const resolution = t.resolutionMinutes + pausedMinutes;
  const [firstResponseDueAt, resolutionDueAt, firstResponseWarnAt, resolutionWarnAt] = addBusinessMinutesEach(calendar, createdAt, [
    response,
    resolution,
    response * SLA_WARN_RATIO,
    resolution * SLA_WARN_RATIO,
  ]);
  return { firstResponseDueAt: firstResponseDueAt!, resolutionDueAt: resolutionDueAt!, firstResponseWarnAt: firstResponseWarnAt!, resolutionWarnAt: resolutionWarnAt! };
}

/** The ticket fields a clock reads (the API's Ticket has them all; ISO 8601 strings or null). */
export interface SlaTicket {
  status: string;
  createdAt: string;
  firstResponseDueAt: string | null;
  resolutionDueAt: string | null;
  firstResponseAt: string | null;
  resolvedAt: string | null;
  waitingOnCustomer: boolean;
}

/**
 * A ticket's clock at `now`:
 * - `none`: resolved/closed, or no due times (never computed);
 * - `paused`: waiting on the customer;
 * - `ok` / `warning` (>= 80 % of the time from creation to due gone) / `breached`.
 * `target` is `response` until the first response, then `resolution`.
 */
export interface SlaClock {
  state: 'none' | 'paused' | 'ok' | 'warning' | 'breached';
  target: 'response' | 'resolution' | null;
  dueAt: string | null;
  /** "Response due in 12 min", "Resolution due in 3 h", "Breached 2 h ago", "Paused: waiting on customer", or "". */
  text: string;
}

/**
 * A duration as cards show it: "12 min" under an hour, "2 h" or "1 h 20 min" under two days,
 * then "3 d". Whole minutes (at least 1).
 */
export function formatSlaDuration(ms: number): string {
  const min = Math.max(1, Math.round(Math.abs(ms) / MINUTE));
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
  return `${Math.floor(h / 24)} d`;
}

/** The clock of `t` at `now` (see {@link SlaClock}); the phone computes it offline from cached tickets. */
export function slaClock(t: SlaTicket, now: Date): SlaClock {
  if (t.status === 'resolved' || t.status === 'closed') return { state: 'none', target: null, dueAt: null, text: '' };
  if (t.waitingOnCustomer) return { state: 'paused', target: null, dueAt: null, text: 'Paused: waiting on customer' };
  // Tickets cached by an older app version lack the clock fields: treat missing as null.
  const target = t.firstResponseAt ? 'resolution' : 'response';
  const dueAt = (target === 'response' ? t.firstResponseDueAt : t.resolutionDueAt) ?? null;
  if (dueAt === null) return { state: 'none', target: null, dueAt: null, text: '' };
  const left = Date.parse(dueAt) - now.getTime();
  if (left <= 0) return { state: 'breached', target, dueAt, text: `Breached ${formatSlaDuration(left)} ago` };
  const span = Date.parse(dueAt) - Date.parse(t.createdAt);
  const state = span > 0 && span - left >= span * SLA_WARN_RATIO ? 'warning' : 'ok';
  return { state, target, dueAt, text: `${target === 'response' ? 'Response' : 'Resolution'} due in ${formatSlaDuration(left)}` };
}

/**
 * Sort key of the "due soonest" order: the due instant of the running target (epoch ms); paused
 * and finished tickets sort last (Infinity).
 */
export function slaSortKey(t: SlaTicket): number {
  if (t.status === 'resolved' || t.status === 'closed' || t.waitingOnCustomer) return Number.POSITIVE_INFINITY;
  const due = t.firstResponseAt ? t.resolutionDueAt : t.firstResponseDueAt;
  return due ? Date.parse(due) : Number.POSITIVE_INFINITY;
}
