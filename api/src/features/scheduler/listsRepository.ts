/**
 * The scheduler's ticket and survey rows: the board's columns, the timeline, the
 * drill-down lists (keyset pages on created_at, id) and the technician detail (work history,
 * surveys, feedback). The aggregates (KPI cards, daily counts) are in repository.ts.
 */
import { desc, eq, getViewSelectedFields, inArray, sql, type SQL } from 'drizzle-orm';
import { TICKET_STATUSES } from '@portal/shared';
import type { SchedulerScope, Severity, TicketStatus } from '@portal/shared';
import type { Database } from '../../db/client';
import { ticketHistory, users } from '../../db/schema';
import { inRange, taggedOr, type RangeBounds } from './ranges';
import { CUT_ISSUE_READ, statusList, ACTIVE } from './repository';
import { rowsOf } from '../../db/rows';

/** A ticket row as the board, timeline and lists need it. */
export interface SchedulerTicketRow {
  id: string;
  ticketNumber: string;
  clientName: string;
  businessName: string | null;
  /** The ticket's client object (issue 50), or null. */
  clientId: string | null;
  severity: Severity;
  status: TicketStatus;
  assignedTo: string | null;
  assigneeName: string | null;
  issue: string;
  resolution: string | null;
  version: number;
  createdAt: Date | string;
  updatedAt: Date | string;
  /** created_at with microseconds, for keyset cursors. */
  createdKey: string;
}

/** Columns of a SchedulerTicketRow from `ticket_facts t LEFT JOIN users a`; `fullIssue` false cuts it to 101 chars. */
function ticketColumns(fullIssue: boolean): SQL {
  const issue = fullIssue ? sql`t.issue` : sql`left(t.issue, ${CUT_ISSUE_READ})`;
  return sql`t.id, t.ticket_number AS "ticketNumber", t.client_name AS "clientName", t.business_name AS "businessName", t.client_id AS "clientId",
             t.severity, t.status, t.assigned_to AS "assignedTo", a.username AS "assigneeName", ${issue} AS issue,
             ${fullIssue ? sql`t.resolution` : sql`NULL::text`} AS resolution, t.version,
             t.created_at AS "createdAt", t.updated_at AS "updatedAt",
             to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdKey"`;
}

/** The newest KANBAN_COLUMN_LIMIT in-range tickets of each status (one LATERAL per status). */
export async function kanbanTickets(db: Database, bounds: RangeBounds, technicianId: string | undefined, perColumn: number, tag?: string): Promise<SchedulerTicketRow[]> {
  return rowsOf<SchedulerTicketRow>(
    db,
    sql`SELECT c.* FROM unnest(ARRAY[${statusList(TICKET_STATUSES)}]::text[]) AS s(status)
        CROSS JOIN LATERAL (
          SELECT ${ticketColumns(false)}
          FROM ticket_facts t LEFT JOIN users a ON a.id = t.assigned_to
          WHERE t.status = s.status AND ${inRange(bounds, technicianId, tag)}
          ORDER BY t.created_at DESC, t.id DESC LIMIT ${perColumn}
        ) c`,
  );
}

/** The `limit` newest in-range tickets (Calendar View). */
export async function newestTickets(db: Database, bounds: RangeBounds, technicianId: string | undefined, limit: number, tag?: string): Promise<SchedulerTicketRow[]> {
  return rowsOf<SchedulerTicketRow>(
    db,
    sql`SELECT ${ticketColumns(false)}
        FROM ticket_facts t LEFT JOIN users a ON a.id = t.assigned_to
        WHERE ${inRange(bounds, technicianId, tag)}
        ORDER BY t.created_at DESC, t.id DESC LIMIT ${limit}`,
  );
}

/** Filter of a drill-down list or the technician detail (all parts optional). */
export interface TicketListFilter {
  scope: SchedulerScope;
  bounds: RangeBounds;
  technicianId?: string | undefined;
  status?: TicketStatus | undefined;
  assigned?: boolean | undefined;
  /** Only tickets with this tag (name, ignoring case). */
  tag?: string | undefined;
}

/** Keyset position: created_at (microseconds, UTC ISO text) and id of the last row of a page. */
export interface TicketKey {
  createdKey: string;
  id: string;
}

function listWhere(f: TicketListFilter): SQL {
  const parts: SQL[] = [];
  if (f.scope === 'active') {
    parts.push(sql`t.status IN (${ACTIVE})`);
    if (f.technicianId) parts.push(sql`t.assigned_to = ${f.technicianId}::uuid`);
    if (f.tag) parts.push(taggedOr(f.tag));
  } else {
    parts.push(inRange(f.bounds, f.technicianId, f.tag));
  }
  if (f.status) parts.push(sql`t.status = ${f.status}`);
  if (f.assigned === true) parts.push(sql`t.assigned_to IS NOT NULL`);
  if (f.assigned === false) parts.push(sql`t.assigned_to IS NULL`);
  return sql.join(parts, sql` AND `);
}

/**
 * One page of the tickets matching `f`, newest first, after `after` (keyset on created_at, id).
 * Reads `limit + 1` rows so the caller knows whether another page exists.
 */
export async function listTicketPage(
  db: Database,
  f: TicketListFilter,
  after: TicketKey | undefined,
  limit: number,
  fullIssue: boolean,
): Promise<SchedulerTicketRow[]> {
  const keyset = after ? sql` AND (t.created_at, t.id) < (${after.createdKey}::timestamptz, ${after.id}::uuid)` : sql``;
  return rowsOf<SchedulerTicketRow>(
    db,
    sql`SELECT ${ticketColumns(fullIssue)}
        FROM ticket_facts t LEFT JOIN users a ON a.id = t.assigned_to
        WHERE ${listWhere(f)}${keyset}
        ORDER BY t.created_at DESC, t.id DESC LIMIT ${limit + 1}`,
  );
}

/** How many tickets match `f`. */
export async function countTickets(db: Database, f: TicketListFilter): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ticket_facts t WHERE ${listWhere(f)}`);
  return row?.n ?? 0;
}

/** Work-history rows (with the author's username) of the given tickets, newest first. */
export async function historyOf(db: Database, ticketIds: string[]) {
  if (ticketIds.length === 0) return [];
  const rows = await db
    .select({ ...getViewSelectedFields(ticketHistory), updatedByName: users.username })
    .from(ticketHistory)
    .leftJoin(users, eq(users.id, ticketHistory.updatedBy))
    .where(inArray(ticketHistory.ticketId, ticketIds))
    .orderBy(desc(ticketHistory.createdAt), desc(ticketHistory.syncSeq));
  return rows;
}

/** A survey as the technician detail shows it. */
export interface SurveyRow {
  id: string;
  ticketId: string;
  ticketNumber: string;
  customerName: string | null;
  overallRating: number;
  technicianRating: number;
  responseTimeRating: number;
  resolutionRating: number;
  comments: string | null;
  improvements: string | null;
  createdAt: Date | string;
}

const surveyColumns = sql`s.id, s.ticket_id AS "ticketId", s.ticket_number AS "ticketNumber", s.customer_name AS "customerName",
  s.overall_rating AS "overallRating", s.technician_rating AS "technicianRating",
  s.response_time_rating AS "responseTimeRating", s.resolution_rating AS "resolutionRating",
  s.comments, s.improvements, s.created_at AS "createdAt"`;

/** The surveys of the given tickets (at most one per ticket). */
export async function surveysOfTickets(db: Database, ticketIds: string[]): Promise<SurveyRow[]> {
  if (ticketIds.length === 0) return [];
  const ids = sql.join(
    ticketIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return rowsOf<SurveyRow>(db, sql`SELECT ${surveyColumns} FROM survey_facts s WHERE s.ticket_id IN (${ids})`);
}

/** Surveys about `technicianId` submitted in the range, newest first (same attribution as surveyAggregates). */
export async function feedbackOf(db: Database, technicianId: string, bounds: RangeBounds, limit: number): Promise<SurveyRow[]> {
  return rowsOf<SurveyRow>(
    db,
    sql`SELECT ${surveyColumns}
        FROM survey_facts s JOIN ticket_facts t ON t.id = s.ticket_id
        WHERE coalesce(s.assigned_technician_id, t.assigned_to) = ${technicianId}::uuid
          AND s.created_at >= ${bounds.from.toISOString()}::timestamptz AND s.created_at < ${bounds.to.toISOString()}::timestamptz
        ORDER BY s.created_at DESC, s.id DESC LIMIT ${limit}`,
  );
}
