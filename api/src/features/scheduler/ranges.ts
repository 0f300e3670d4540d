/**
 * The scheduler's time ranges (today, this week, this month) in the viewer's zone, and the SQL that
 * keeps a query's tickets inside one. The boundaries are computed by PostgreSQL (`AT TIME ZONE` on
 * local timestamps), so daylight-saving days and month ends follow the zone's real rules.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SchedulerRange } from '@portal/shared';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { ticketTaggedSql } from '../tags/port';

/** PostgreSQL date_trunc unit and length of each range. */
const RANGE_SQL: Record<SchedulerRange, { unit: string; step: string }> = {
  today: { unit: 'day', step: '1 day' },
  week: { unit: 'week', step: '7 days' },
  month: { unit: 'month', step: '1 month' },
};

/** node-postgres and PGlite both parse timestamptz to Date; accept a string too. */
export const asDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

/** Thrown when PostgreSQL does not know the time zone (SQLSTATE 22023). */
export class UnknownTimeZoneError extends Error {}

function isUnknownZone(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown; message?: string } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '22023' && /time zone/i.test(e.message ?? '')) return true;
  }
  return false;
}

/** The instants of a range: [from, to). */
export interface RangeBounds {
  from: Date;
  to: Date;
}

/**
 * Start and end of today / this week (Monday) / this month around `now` in zone `tz`, computed by
 * PostgreSQL: the local calendar start is converted back to an instant with `AT TIME ZONE`, so a
 * day may last 23 or 25 hours and a month ends on its real last day.
 * @throws UnknownTimeZoneError when PostgreSQL does not know `tz`.
 */
export async function rangeBounds(db: Database, range: SchedulerRange, tz: string, now: Date): Promise<RangeBounds> {
  const { unit, step } = RANGE_SQL[range];
  try {
    const [row] = await rowsOf<{ from: Date | string; to: Date | string }>(
      db,
      sql`SELECT (s.start_local AT TIME ZONE ${tz}) AS "from",
                 ((s.start_local + ${step}::interval) AT TIME ZONE ${tz}) AS "to"
          FROM (SELECT date_trunc(${unit}, ${now.toISOString()}::timestamptz AT TIME ZONE ${tz}) AS start_local) s`,
    );
    return { from: asDate(row!.from), to: asDate(row!.to) };
  } catch (err) {
    if (isUnknownZone(err)) throw new UnknownTimeZoneError(tz);
    throw err;
  }
}

/**
 * SQL condition on ticket alias `t`: the ticket has tag `tag` (name, ignoring case; tags port), or
 * nothing (`TRUE`) without a tag: the KPI dashboard's `?tag=` (docs/tags.md "In the reports").
 */
export function taggedOr(tag: string | undefined, ticketId: SQL = sql`t.id`): SQL {
  return tag ? ticketTaggedSql(ticketId, tag) : sql`TRUE`;
}

/** `t.created_at` in the range (and assigned to `technicianId`, and having tag `tag`, when given). */
export function inRange(bounds: RangeBounds, technicianId: string | undefined, tag?: string): SQL {
  const parts = [sql`t.created_at >= ${bounds.from.toISOString()}::timestamptz`, sql`t.created_at < ${bounds.to.toISOString()}::timestamptz`];
  if (technicianId) parts.push(sql`t.assigned_to = ${technicianId}::uuid`);
  if (tag) parts.push(taggedOr(tag));
  return sql.join(parts, sql` AND `);
}
