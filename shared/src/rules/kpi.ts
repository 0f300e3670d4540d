import { CALENDAR_ISSUE_CHARS } from '../constants';
import type { TicketStatus } from '../constants';

/**
 * KPI formulas of the scheduler dashboard (SPEC.md 9), used by the API when it presents the SQL
 * aggregates and by the PWA when it reflects queued kanban moves on a cached snapshot. The
 * decisions behind them (what "resolved", "resolution time" and "in range" mean) are in the README,
 * "Decisions" -> "Scheduler KPIs".
 */

/** Statuses that count toward a technician's workload (SPEC.md 4: open plus in_progress). */
export const ACTIVE_STATUSES: readonly TicketStatus[] = ['open', 'in_progress'];

/**
 * Statuses that count as "resolved" for the resolution rate and resolution time: resolved and
 * closed (a ticket closed after being resolved, or closed directly, is finished work too).
 */
export const DONE_STATUSES: readonly TicketStatus[] = ['resolved', 'closed'];

/** True for open and in_progress. */
export function isActiveStatus(status: TicketStatus): boolean {
  return ACTIVE_STATUSES.includes(status);
}

/** True for resolved and closed. */
export function isDoneStatus(status: TicketStatus): boolean {
  return DONE_STATUSES.includes(status);
}

/**
 * Resolution rate (SPEC.md 9): resolved (resolved or closed) divided by total assigned tickets, as a
 * rounded percent. No tickets -> 0.
 */
export function resolutionRate(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((done / total) * 100);
}

/**
 * Satisfaction percent (SPEC.md 9): average technician rating (1-5) times 20, rounded.
 * No surveys (null average) -> null, shown as 'N/A'.
 */
export function satisfactionPercent(averageTechnicianRating: number | null): number | null {
  if (averageTechnicianRating === null || !Number.isFinite(averageTechnicianRating)) return null;
  return Math.round(averageTechnicianRating * 20);
}

/** Rounds to one decimal (SPEC.md 9: average resolution time "rounded to 1 decimal"). */
export function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * Average hours from a sum of seconds over `count` tickets, rounded to 1 decimal; no tickets -> null.
 */
export function averageHours(totalSeconds: number, count: number): number | null {
  if (count <= 0) return null;
  return roundToTenth(totalSeconds / count / 3600);
}

/** Average whole minutes from a sum of seconds over `count` tickets; no tickets -> null. */
export function averageMinutes(totalSeconds: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round(totalSeconds / count / 60);
}

/**
 * The issue as the Calendar View shows it (SPEC.md 2 / 9): the first `max` characters (100), with
 * an ellipsis when the text was longer. Counts code points, so an emoji is never cut in half.
 */
export function cutIssue(issue: string, max = CALENDAR_ISSUE_CHARS): string {
  const chars = Array.from(issue);
  return chars.length <= max ? issue : `${chars.slice(0, max).join('')}…`;
}
