/**
 * The scheduler calendar's week of recurring visits (CalendarVisits.tsx): the next
 * {@link CALENDAR_DAYS} days from today on this device, each with the visits due on it (their
 * local date in the schedule's zone), everyone's, soonest first. No React.
 */
import type { UpcomingData } from './offline';
import { upcomingVisits, type UpcomingVisit } from './upcoming';

export const CALENDAR_DAYS = 7;

export interface CalendarDay {
  /** 'YYYY-MM-DD' on this device. */
  date: string;
  /** 'Mon, Nov 30'. */
  label: string;
  visits: UpcomingVisit[];
}

const localDate = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const label = (d: Date) => new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' }).format(d);

/** The 7 days from `now`'s day (from its midnight: today's earlier visits too), each with its visits; a visit dated outside them (another zone's date) is left out. */
export function calendarDays(data: UpcomingData, now: number): CalendarDay[] {
  const today = new Date(now);
  const midnight = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();
  const days: CalendarDay[] = Array.from({ length: CALENDAR_DAYS }, (_, i) => {
    const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() + i, 12);
    return { date: localDate(d), label: label(d), visits: [] };
  });
  const byDate = new Map(days.map((d) => [d.date, d]));
  for (const v of upcomingVisits(data, midnight, null, CALENDAR_DAYS + 1)) byDate.get(v.date)?.visits.push(v);
  return days;
}
