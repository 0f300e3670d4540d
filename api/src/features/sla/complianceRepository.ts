/**
 * SLA compliance SQL (docs/sla.md): met / breached targets and the median
 * first response of tickets created in [from, to), per technician and severity, per technician and
 * overall, in one statement (GROUPING SETS) over the ticket's clock columns: a range scan of
 * support_tickets_sla_stats_idx, no work-history join; and per client object (issue 50 item 7).
 * Definitions on `SlaComplianceRow`.
 */
import { sql } from 'drizzle-orm';
import type { Severity, SlaClientRow, SlaComplianceRow } from '@portal/shared';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The met / breached counts and median of one group (`now` decides what is overdue). */
const figures = (now: Date) => sql`count(*)::int AS tickets,
          count(*) FILTER (WHERE first_response_at <= first_response_due_at)::int AS "responseMet",
          count(*) FILTER (WHERE first_response_at > first_response_due_at
            OR (first_response_at IS NULL AND first_response_due_at < ${at(now)}))::int AS "responseBreached",
          count(*) FILTER (WHERE resolved_at <= resolution_due_at)::int AS "resolutionMet",
          count(*) FILTER (WHERE resolved_at > resolution_due_at
            OR (resolved_at IS NULL AND NOT waiting_on_customer AND resolution_due_at < ${at(now)}))::int AS "resolutionBreached",
          (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_response_at - created_at)) / 60)::float8 AS "median"`;

/** Tickets created in [from, to), of client object `clientId` when given. */
const createdIn = (from: Date, to: Date, clientId: string | undefined) =>
  sql`created_at >= ${at(from)} AND created_at < ${at(to)}${clientId ? sql` AND client_id = ${clientId}::uuid` : sql``}`;

/** A row's counts as numbers. */
function counts(r: Record<string, unknown>) {
  return {
    tickets: Number(r.tickets),
    responseMet: Number(r.responseMet),
    responseBreached: Number(r.responseBreached),
    resolutionMet: Number(r.resolutionMet),
    resolutionBreached: Number(r.resolutionBreached),
    medianFirstResponseMinutes: r.median === null || r.median === undefined ? null : Math.round(Number(r.median)),
  };
}

/** Compliance rows per technician and severity, per technician and overall (of one client when `clientId`). */
export async function slaCompliance(db: Database, from: Date, to: Date, now: Date, clientId?: string): Promise<Omit<SlaComplianceRow, 'technician'>[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT GROUPING(assigned_to) = 1 AS "all", assigned_to AS "technicianId",
          CASE WHEN GROUPING(severity) = 1 THEN NULL ELSE severity END AS severity,
          ${figures(now)}
        FROM ticket_facts
        WHERE ${createdIn(from, to, clientId)}
        GROUP BY GROUPING SETS ((assigned_to, severity), (assigned_to), ())
        ORDER BY GROUPING(assigned_to) DESC, assigned_to, severity NULLS FIRST`,
  );
  return rows.map((r) => ({
    all: r.all === true,
    technicianId: (r.technicianId as string | null) ?? null,
    severity: (r.severity as Severity | null) ?? null,
    ...counts(r),
  }));
}

/** The same figures per client object (tickets with a client only; of one client when `clientId`). Unnamed: the caller names them. */
export async function slaComplianceByClient(db: Database, from: Date, to: Date, now: Date, clientId?: string): Promise<Omit<SlaClientRow, 'client'>[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT client_id AS "clientId", ${figures(now)}
        FROM ticket_facts
        WHERE ${createdIn(from, to, clientId)} AND client_id IS NOT NULL
        GROUP BY client_id`,
  );
  return rows.map((r) => ({ clientId: r.clientId as string, ...counts(r) }));
}
