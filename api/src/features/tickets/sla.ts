/**
 * SLA columns of a ticket write (docs/sla.md): which clock columns a
 * change moves, computed with the shared business-hours clock (shared/src/rules/sla.ts) and written
 * by the same UPDATE as the change, in its transaction.
 *
 * - Create: due and 80 % warning times of both targets from the creation time.
 * - Any staff change (a PATCH that writes history) is the first response when none was recorded.
 * - Entering resolved/closed sets `resolvedAt`; leaving them clears it.
 * - Setting `waitingOnCustomer` records `waitingSince`; clearing it adds the business minutes spent
 *   waiting to `pausedMinutes` and moves the due and warning times by as much.
 */
import { businessMinutesBetween, severityCalendar, slaDueTimes, type Severity, type SlaPolicy, type TicketStatus } from '@portal/shared';
import type { supportTickets } from '../../db/schema';

type TicketRow = typeof supportTickets.$inferSelect;

/** The clock columns a write may set. */
export type SlaColumns = Partial<
  Pick<
    TicketRow,
    | 'firstResponseDueAt'
    | 'resolutionDueAt'
    | 'firstResponseWarnAt'
    | 'resolutionWarnAt'
    | 'firstResponseAt'
    | 'resolvedAt'
    | 'waitingOnCustomer'
    | 'waitingSince'
    | 'pausedMinutes'
  >
>;

/** Due and warning columns of a ticket of `severity` created at `createdAt`, paused `pausedMinutes`. */
export function dueColumns(policy: SlaPolicy, severity: Severity, createdAt: Date, pausedMinutes = 0): SlaColumns {
  const d = slaDueTimes(policy, severity, createdAt, pausedMinutes);
  return { firstResponseDueAt: d.firstResponseDueAt, resolutionDueAt: d.resolutionDueAt, firstResponseWarnAt: d.firstResponseWarnAt, resolutionWarnAt: d.resolutionWarnAt };
}

const DONE: readonly TicketStatus[] = ['resolved', 'closed'];

/** The wait flag turning off: paused minutes grow by the business time waited, due times move. */
export function resumeColumns(policy: SlaPolicy, current: TicketRow, now: Date): SlaColumns {
  const waited = current.waitingSince ? businessMinutesBetween(severityCalendar(policy, current.severity), current.waitingSince, now) : 0;
  const pausedMinutes = current.pausedMinutes + waited;
  return { waitingOnCustomer: false, waitingSince: null, pausedMinutes, ...dueColumns(policy, current.severity, current.createdAt, pausedMinutes) };
}

/**
 * Clock columns of a staff change from `current` to the values in `next` at `now` (see module doc).
 * @param staffResponse true when the change is a staff action that counts as a response.
 */
export function patchColumns(
  policy: SlaPolicy,
  current: TicketRow,
  next: { status?: TicketStatus | undefined; waitingOnCustomer?: boolean | undefined; severity?: Severity | undefined },
  now: Date,
  staffResponse: boolean,
): SlaColumns {
  const set: SlaColumns = {};
  // A new severity brings its own targets, counted from the ticket's creation as before.
  if (next.severity !== undefined && next.severity !== current.severity) Object.assign(set, dueColumns(policy, next.severity, current.createdAt, current.pausedMinutes));
  if (staffResponse && current.firstResponseAt === null) set.firstResponseAt = now;
  if (next.status !== undefined && next.status !== current.status) {
    const wasDone = DONE.includes(current.status);
    const isDone = DONE.includes(next.status);
    if (isDone && !wasDone) set.resolvedAt = now;
    if (!isDone && wasDone) set.resolvedAt = null;
  }
  if (next.waitingOnCustomer === true && !current.waitingOnCustomer) Object.assign(set, { waitingOnCustomer: true, waitingSince: now });
  if (next.waitingOnCustomer === false && current.waitingOnCustomer) {
    Object.assign(set, resumeColumns(policy, { ...current, severity: next.severity ?? current.severity }, now));
  }
  return set;
}
