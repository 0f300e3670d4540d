/**
 * Scheduler repository: the dashboard's aggregates; with listsRepository.ts (its ticket
 * and survey rows) ALL of the feature's SQL. Every figure is an aggregate computed by PostgreSQL
 * (GROUP BY, FILTER, avg, GROUPING SETS); no query loads the tickets of a range into Node. Range
 * boundaries are computed by PostgreSQL too (ranges.ts).
 *
 * Definitions (docs/decisions.md -> "Scheduler KPIs"):
 * - a ticket is *in range* when it was created in [from, to);
 * - *done* = status resolved or closed; *resolved at* = the last time the ticket went from open or
 *   in_progress into resolved or closed (work history; resolved -> closed is not a new resolution),
 *   falling back to updated_at when no such entry exists (SPEC.md 9's created -> updated);
 * - *first response* = the first work-history entry written by a staff member (updated_by set, not
 *   the 'created' row of the public form);
 * - *active* = open or in_progress now, whatever the range (workload, SPEC.md 4).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_STATUSES, DONE_STATUSES, STAFF_ROLES } from '@portal/shared';
import type { Role, TicketStatus } from '@portal/shared';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { inRange, taggedOr, type RangeBounds } from './ranges';

/** Characters of the issue read for the board and timeline: 100 shown, one more tells "longer". */
export const CUT_ISSUE_READ = 101;

/**
 * A constant status list as SQL literals (not parameters), so the planner can match the partial
 * indexes of db/schema.ts, whose predicates name these statuses. Only shared constants go in here.
 */
export const statusList = (list: readonly TicketStatus[]) => {
  if (!list.every((s) => /^[a-z_]+$/.test(s))) throw new Error('status constants only');
  return sql.raw(list.map((s) => `'${s}'`).join(', '));
};
const DONE = statusList(DONE_STATUSES);
export const ACTIVE = statusList(ACTIVE_STATUSES);

/**
 * A work-history row (alias u) that moved a ticket into resolved/closed from another status. Written
 * exactly like the predicate of the partial index `ticket_updates_entered_done_idx` (shared with the
 * survey stats) so the planner uses it.
 */
const RESOLVED_MOVE = sql`u.update_type = 'status_change' AND u.new_value IN (${DONE}) AND u.previous_value NOT IN (${DONE})`;


/** Aggregates of one group of in-range tickets (a technician, the unassigned, or everything). */
export interface TicketAggregateRow {
  isTotal: boolean;
  assignedTo: string | null;
  total: number;
  open: number;
  inProgress: number;
  resolved: number;
  closed: number;
  assigned: number;
  done: number;
  resolutionSeconds: number;
  responded: number;
  firstResponseSeconds: number;
}

const DAY_MS = 86_400_000;

/**
 * Counts per status, done tickets with their summed resolution time and first-response time, per
 * assignee plus one grand-total row (`isTotal`), for tickets created in the range. One statement.
 * A ticket's first staff entry and its last move to resolved/closed are its `first_response_at` and
 * `resolved_at` columns (kept by the tickets service in the write's transaction, backfilled from the
 * work history by migration 0015).
 *
 * The whole UTC days inside the range come from `ticket_day_facts` (per creation day and assignee,
 * kept by a trigger on ticket_facts, migration 0016), the partial days at both ends (the local
 * midnights of `tz` are not UTC's) from the tickets themselves (index-only on
 * support_tickets_sla_stats_idx): a month of 80,000 tickets reads ~30 x assignees rollup rows plus
 * at most two days of tickets. Then GROUP BY GROUPING SETS ((assignee), ()).
 * With `tag` (only tickets having it; the rollup has no tags) the whole range is read from the tickets.
 */
export async function ticketAggregates(db: Database, bounds: RangeBounds, technicianId?: string, tag?: string): Promise<TicketAggregateRow[]> {
  const firstFull = new Date(Math.ceil(bounds.from.getTime() / DAY_MS) * DAY_MS);
  const lastFull = new Date(Math.floor(bounds.to.getTime() / DAY_MS) * DAY_MS);
  const ticketsOf = (from: Date, to: Date) => sql`
          SELECT t.assigned_to::text AS assignee, 1 AS total,
            (t.status = 'open')::int AS open, (t.status = 'in_progress')::int AS in_progress,
            (t.status = 'resolved')::int AS resolved, (t.status = 'closed')::int AS closed,
            (t.status IN (${DONE}))::int AS done,
            CASE WHEN t.status IN (${DONE}) THEN extract(epoch FROM coalesce(t.resolved_at, t.updated_at) - t.created_at) ELSE 0 END AS done_seconds,
            (t.first_response_at IS NOT NULL)::int AS responded,
            coalesce(extract(epoch FROM t.first_response_at - t.created_at), 0) AS first_seconds
          FROM ticket_facts t
          WHERE ${inRange({ from, to }, technicianId, tag)}`;
  const day = (d: Date) => sql`${d.toISOString().slice(0, 10)}::date`;
  const techOfDay = technicianId ? sql`AND d.assignee = ${technicianId}` : sql``;
  const parts =
    firstFull.getTime() <= lastFull.getTime() && !tag
      ? sql`${ticketsOf(bounds.from, firstFull)}
          UNION ALL
          SELECT nullif(d.assignee, ''), d.total, d.open, d.in_progress, d.resolved, d.closed, d.done,
            d.done_seconds, d.responded, d.first_response_seconds
          FROM ticket_day_facts d
          WHERE d.day >= ${day(firstFull)} AND d.day < ${day(lastFull)} ${techOfDay}
          UNION ALL
          ${ticketsOf(lastFull, bounds.to)}`
      : ticketsOf(bounds.from, bounds.to);
  return rowsOf<TicketAggregateRow>(
    db,
    sql`WITH p AS (${parts}),
        g AS (
          SELECT GROUPING(assignee) = 1 AS "isTotal", assignee,
            coalesce(sum(total), 0) AS total, coalesce(sum(open), 0) AS open, coalesce(sum(in_progress), 0) AS in_progress,
            coalesce(sum(resolved), 0) AS resolved, coalesce(sum(closed), 0) AS closed,
            coalesce(sum(total) FILTER (WHERE assignee IS NOT NULL), 0) AS assigned,
            coalesce(sum(done), 0) AS done, coalesce(sum(done_seconds), 0) AS done_seconds,
            coalesce(sum(responded), 0) AS responded, coalesce(sum(first_seconds), 0) AS first_seconds
          FROM p
          GROUP BY GROUPING SETS ((assignee), ())
        )
        SELECT "isTotal", assignee::uuid AS "assignedTo", total::int AS "total", open::int AS "open",
          in_progress::int AS "inProgress", resolved::int AS "resolved", closed::int AS "closed",
          assigned::int AS "assigned", done::int AS "done", done_seconds::float8 AS "resolutionSeconds",
          responded::int AS "responded", first_seconds::float8 AS "firstResponseSeconds"
        FROM g
        WHERE "isTotal" OR total <> 0`,
  );
}

/** Open plus in-progress tickets per assignee now (SPEC.md 4 workload), whatever the range; only those with `tag` when given. */
export async function activeCounts(db: Database, tag?: string): Promise<Map<string, number>> {
  const rows = await rowsOf<{ assignedTo: string; n: number }>(
    db,
    sql`SELECT t.assigned_to AS "assignedTo", count(*)::int AS n FROM ticket_facts t
        WHERE t.status IN (${ACTIVE}) AND t.assigned_to IS NOT NULL AND ${taggedOr(tag)} GROUP BY t.assigned_to`,
  );
  return new Map(rows.map((r) => [r.assignedTo, r.n]));
}

/** Average technician rating and survey count per technician. */
export interface SurveyAggregateRow {
  technicianId: string;
  avgRating: number;
  surveys: number;
}

/**
 * Surveys submitted in the range per technician: the survey's `assigned_technician_id` (who worked
 * the ticket when the customer answered), else the ticket's current assignee.
 *
 * Two branches (surveys naming their technician; the others joined to their ticket) instead of a
 * correlated subquery per survey: the subquery's per-row cost estimate crossed PostgreSQL's JIT
 * thresholds on a crowded month, and compiling cost ~150 ms of a 190 ms statement for ~40 ms of
 * work (docs/benchmarks.md, SLA section). With `tag`, only surveys of tickets having it.
 */
export async function surveyAggregates(db: Database, bounds: RangeBounds, tag?: string): Promise<SurveyAggregateRow[]> {
  const inRangeS = sql`s.created_at >= ${bounds.from.toISOString()}::timestamptz AND s.created_at < ${bounds.to.toISOString()}::timestamptz${
    tag ? sql` AND ${taggedOr(tag, sql`s.ticket_id`)}` : sql``
  }`;
  return rowsOf<SurveyAggregateRow>(
    db,
    sql`SELECT x.tech AS "technicianId", avg(x.rating)::float8 AS "avgRating", count(*)::int AS "surveys"
        FROM (
          SELECT s.technician_rating AS rating, s.assigned_technician_id AS tech
          FROM survey_facts s
          WHERE s.assigned_technician_id IS NOT NULL AND ${inRangeS}
          UNION ALL
          SELECT s.technician_rating, t.assigned_to
          FROM survey_facts s JOIN ticket_facts t ON t.id = s.ticket_id
          WHERE s.assigned_technician_id IS NULL AND t.assigned_to IS NOT NULL AND ${inRangeS}
        ) x
        GROUP BY x.tech`,
  );
}

/** A staff member who gets a KPI card. */
export interface StaffRow {
  id: string;
  username: string;
  role: Role;
}

/** Technicians and admins (SPEC.md 6: those who may be assigned), by username. */
export async function listStaff(db: Database): Promise<StaffRow[]> {
  return db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(users.username);
}

/** One staff member, or undefined when `id` is not a technician or admin. */
export async function findStaff(db: Database, id: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, [...STAFF_ROLES])))
    .limit(1);
  return row;
}

/** Tickets created and tickets resolved per local day of the range, up to `now`. */
export interface DailyRow {
  date: string;
  created: number;
  resolved: number;
}

/**
 * One row per local day from the range start to today (or the range end): tickets created that day
 * and distinct tickets that went from open/in_progress to resolved/closed that day.
 *
 * The local days are turned into instants once (`AT TIME ZONE` on each local midnight, so a day may
 * last 23 or 25 hours), then each day is two counts over an index range (ticket_facts created_at,
 * the partial ticket_updates_entered_done_idx) - no time-zone conversion per row and no grouping of
 * the month's rows: on a month of 80,000 tickets ~25 ms instead of ~100 ms of PostgreSQL time
 * (docs/benchmarks.md, SLA section). `technicianId` / `tag` keep only tickets assigned to / having them.
 */
export async function dailyCounts(db: Database, bounds: RangeBounds, tz: string, now: Date, technicianId?: string, tag?: string): Promise<DailyRow[]> {
  const from = bounds.from.toISOString();
  const to = bounds.to.toISOString();
  const last = new Date(Math.min(now.getTime(), bounds.to.getTime() - 1)).toISOString();
  const narrowed = sql`${technicianId ? sql`AND t.assigned_to = ${technicianId}::uuid` : sql``} ${tag ? sql`AND ${taggedOr(tag)}` : sql``}`;
  // One technician or tag: their resolving moves of the range once (a hash join with their tickets),
  // then counted per day; everyone: per day straight from the partial index.
  const moves = technicianId || tag
    ? sql`, r AS MATERIALIZED (
          SELECT u.created_at, u.ticket_id FROM ticket_history u
          JOIN ticket_facts t ON t.id = u.ticket_id ${narrowed}
          WHERE ${RESOLVED_MOVE} AND u.created_at >= ${from}::timestamptz AND u.created_at < ${to}::timestamptz
        )`
    : sql``;
  const resolvedOfDay = technicianId || tag
    ? sql`(SELECT count(DISTINCT r.ticket_id) FROM r WHERE r.created_at >= d.s AND r.created_at < d.e)`
    : sql`(SELECT count(DISTINCT u.ticket_id) FROM ticket_history u
           WHERE ${RESOLVED_MOVE} AND u.created_at >= d.s AND u.created_at < d.e)`;
  // d is MATERIALIZED so each day's bounds are computed once, not per row of its counts.
  return rowsOf<DailyRow>(
    db,
    sql`WITH d AS MATERIALIZED (
          SELECT g::date AS day,
                 greatest(g AT TIME ZONE ${tz}, ${from}::timestamptz) AS s,
                 least((g + interval '1 day') AT TIME ZONE ${tz}, ${to}::timestamptz) AS e
          FROM generate_series(
            date_trunc('day', ${from}::timestamptz AT TIME ZONE ${tz}),
            date_trunc('day', ${last}::timestamptz AT TIME ZONE ${tz}),
            interval '1 day') AS g
        )${moves}
        SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
          (SELECT count(*) FROM ticket_facts t
           WHERE t.created_at >= d.s AND t.created_at < d.e ${narrowed})::int AS created,
          ${resolvedOfDay}::int AS resolved
        FROM d
        ORDER BY d.day`,
  );
}
