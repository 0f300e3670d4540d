/**
 * The SQL of the survey dashboard's statistics. Every statistic is one aggregate query (GROUP BY /
 * FILTER / avg) over the range; no call loads the range's rows into Node. Definitions are in the
 * README ("Survey statistics").
 */
import { sql, type SQL } from 'drizzle-orm';
import { SURVEY_QUESTIONS, type RatingCounts, type SurveyQuestion } from '@portal/shared';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { DONE, at } from './repository';

const COLUMN: Record<SurveyQuestion, string> = {
  overallRating: 'overall_rating',
  technicianRating: 'technician_rating',
  responseTimeRating: 'response_time_rating',
  resolutionRating: 'resolution_rating',
};

/** Survey aggregates: overall (technicianId null, `all` true) and one row per assigned technician. */
export interface SurveyAggregate {
  all: boolean;
  technicianId: string | null;
  responses: number;
  averages: Record<SurveyQuestion, number | null>;
  distribution: Record<SurveyQuestion, RatingCounts>;
}

/**
 * Response counts, average ratings (1 decimal) and rating distributions over `[since, now)`, for the
 * whole range and per assigned technician, in one scan (GROUPING SETS).
 */
export async function surveyAggregates(db: Database, since: Date, now: Date): Promise<SurveyAggregate[]> {
  const columns: SQL[] = [];
  for (const q of SURVEY_QUESTIONS) {
    const c = sql.raw(COLUMN[q]);
    columns.push(sql`round(avg(${c})::numeric, 1)::float8 as ${sql.raw(`"avg_${q}"`)}`);
    for (let n = 1; n <= 5; n += 1) columns.push(sql`(count(*) filter (where ${c} = ${n}))::int as ${sql.raw(`"n${n}_${q}"`)}`);
  }
  const result = await rowsOf<Record<string, number | string | boolean | null>>(
    db,
    sql`select (grouping(assigned_technician_id) = 1) as "all", assigned_technician_id as "technicianId", count(*)::int as "responses",
          ${sql.join(columns, sql`, `)}
        from satisfaction_surveys
        where created_at >= ${at(since)} and created_at < ${at(now)}
        group by grouping sets ((), (assigned_technician_id))`,
  );
  return result.map((r) => {
    const averages = {} as Record<SurveyQuestion, number | null>;
    const distribution = {} as Record<SurveyQuestion, RatingCounts>;
    for (const q of SURVEY_QUESTIONS) {
      averages[q] = r[`avg_${q}`] === null ? null : Number(r[`avg_${q}`]);
      distribution[q] = [1, 2, 3, 4, 5].map((n) => Number(r[`n${n}_${q}`])) as RatingCounts;
    }
    return { all: r.all === true, technicianId: (r.technicianId as string | null) ?? null, responses: Number(r.responses), averages, distribution };
  });
}

/** Ticket aggregates of tickets created in the range: overall (`all`) and per assignee. */
export interface TicketAggregate {
  all: boolean;
  assignedTo: string | null;
  total: number;
  /** Resolved or closed. */
  done: number;
  /** Assigned to someone (overall row: the resolution rate's denominator). */
  assigned: number;
  assignedDone: number;
  /** Mean hours from creation to entering resolved/closed over the done tickets, 1 decimal. */
  averageResolutionHours: number | null;
  /** round(100 * done / total); null without tickets (a technician's resolution rate). */
  doneRate: number | null;
  /** round(100 * assignedDone / assigned); null without assigned tickets (the overall resolution rate). */
  assignedDoneRate: number | null;
}

/** Start of the UTC day of `d`. */
const utcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const DAY_MS = 86_400_000;

/**
 * Counts and the average resolution time of tickets created in `[since, now)`, overall and per
 * assignee (GROUPING SETS). The resolution moment is the ticket's `resolved_at`: the last time it
 * entered resolved/closed from another status, kept by the tickets service and backfilled from the
 * work history (migration 0015). A done ticket without it counts as done but has no resolution time.
 *
 * The whole UTC days inside the range are read from `ticket_day_facts` (per creation day and
 * assignee: tickets, done, done with a resolution time, summed resolution seconds; kept by a
 * trigger on ticket_facts, migration 0016), the partial first and last days from the tickets
 * themselves; a year is ~365 x assignees rollup rows plus two days of tickets instead of ~90,000
 * tickets (docs/benchmarks.md, SLA section).
 */
export async function ticketAggregates(db: Database, since: Date, now: Date): Promise<TicketAggregate[]> {
  const firstFull = new Date(Math.ceil(since.getTime() / DAY_MS) * DAY_MS);
  const lastFull = utcDay(now);
  const ticketsOf = (from: Date, to: Date) => sql`
          select t.assigned_to::text as assignee, 1 as total, (t.status in (${DONE}))::int as done,
            (t.status in (${DONE}) and t.resolved_at is not null)::int as timed,
            case when t.status in (${DONE}) then extract(epoch from (t.resolved_at - t.created_at)) end as seconds
          from ticket_facts t
          where t.created_at >= ${at(from)} and t.created_at < ${at(to)}`;
  const parts =
    firstFull.getTime() <= lastFull.getTime()
      ? sql`${ticketsOf(since, firstFull)}
          union all
          select nullif(d.assignee, ''), d.total, d.done, d.timed, d.resolution_seconds
          from ticket_day_facts d
          where d.day >= ${firstFull.toISOString().slice(0, 10)}::date and d.day < ${lastFull.toISOString().slice(0, 10)}::date
          union all
          ${ticketsOf(lastFull, now)}`
      : ticketsOf(since, now);
  const result = await rowsOf<TicketAggregate>(
    db,
    sql`with p as (${parts}),
        g as (
          select (grouping(assignee) = 1) as "all", assignee::uuid as "assignedTo",
            coalesce(sum(total), 0) as total, coalesce(sum(done), 0) as done, coalesce(sum(timed), 0) as timed,
            coalesce(sum(seconds), 0) as seconds,
            coalesce(sum(total) filter (where assignee is not null), 0) as assigned,
            coalesce(sum(done) filter (where assignee is not null), 0) as "assignedDone"
          from p
          group by grouping sets ((), (assignee))
        )
        select "all", "assignedTo", total::int as "total", done::int as "done", assigned::int as "assigned",
          "assignedDone"::int as "assignedDone",
          round((seconds / 3600 / nullif(timed, 0))::numeric, 1)::float8 as "averageResolutionHours",
          round(100.0 * done / nullif(total, 0))::int as "doneRate",
          round(100.0 * "assignedDone" / nullif(assigned, 0))::int as "assignedDoneRate"
        from g
        where "all" or total <> 0`,
  );
  return result.map((r) => ({
    all: r.all === true,
    assignedTo: r.assignedTo ?? null,
    total: Number(r.total),
    done: Number(r.done),
    assigned: Number(r.assigned),
    assignedDone: Number(r.assignedDone),
    averageResolutionHours: r.averageResolutionHours === null ? null : Number(r.averageResolutionHours),
    doneRate: r.doneRate === null ? null : Number(r.doneRate),
    assignedDoneRate: r.assignedDoneRate === null ? null : Number(r.assignedDoneRate),
  }));
}

/**
 * Invitations e-mailed in `[since, now)`, how many of them were answered (any time), and the
 * response rate round(100 * answered / sent) (null when none was sent). Index-only on
 * survey_invitations_sent_at_idx (sent_at, responded_at).
 */
export async function invitationCounts(db: Database, since: Date, now: Date): Promise<{ sent: number; answered: number; rate: number | null }> {
  const [row] = await rowsOf<{ sent: number; answered: number; rate: number | null }>(
    db,
    sql`select count(*)::int as "sent", count(responded_at)::int as "answered",
          round(100.0 * count(responded_at) / nullif(count(*), 0))::int as "rate"
        from survey_invitations
        where sent_at >= ${at(since)} and sent_at < ${at(now)}`,
  );
  return { sent: Number(row?.sent ?? 0), answered: Number(row?.answered ?? 0), rate: row?.rate == null ? null : Number(row.rate) };
}

/** Responses and average overall rating per UTC day/week/month bucket of `[since, now)`, empty buckets included. */
export async function timeline(
  db: Database,
  since: Date,
  now: Date,
  unit: 'day' | 'week' | 'month',
): Promise<{ start: string; responses: number; averageOverallRating: number | null }[]> {
  const u = sql.raw(`'${unit}'`);
  const step = sql.raw(`'1 ${unit}'::interval`);
  const result = await rowsOf<{ start: string; responses: number; averageOverallRating: number | null }>(
    db,
    sql`with b as (
          select date_trunc(${u}, created_at at time zone 'UTC') as bucket, count(*)::int as n,
            round(avg(overall_rating)::numeric, 1)::float8 as avg
          from satisfaction_surveys
          where created_at >= ${at(since)} and created_at < ${at(now)}
          group by 1
        )
        select to_char(g, 'YYYY-MM-DD') as "start", coalesce(b.n, 0)::int as "responses", b.avg as "averageOverallRating"
        from generate_series(date_trunc(${u}, ${at(since)} at time zone 'UTC'), ${at(now)} at time zone 'UTC', ${step}) g
        left join b on b.bucket = g
        order by g`,
  );
  return result.map((r) => ({
    start: r.start,
    responses: Number(r.responses),
    averageOverallRating: r.averageOverallRating === null ? null : Number(r.averageOverallRating),
  }));
}

/** id and username of the given users plus every technician (technicians are listed even without work). */
export async function staffNames(db: Database, ids: string[]): Promise<{ id: string; username: string }[]> {
  const wanted = ids.length > 0 ? sql`or ${users.id} in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`${users.role} = 'technician' ${wanted}`)
    .orderBy(users.username);
}
