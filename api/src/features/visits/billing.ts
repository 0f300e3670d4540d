/**
 * Visits on the bill (issue 57, docs/billing.md "Parts as invoice lines", "Mark invoiced"): the part
 * lines of the visits of a range for the invoice-lines CSV, and marking a client's visits invoiced. Handed to the sla feature's billing routes by app.ts (the sla
 * feature cannot import this feature, which imports its port). Only this feature's SQL on `visits`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { VisitPartLine } from '@portal/shared';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** Which visits: arrival in [from, to), optionally one client (object id, or an unlinked ticket's name) and one technician. */
export interface VisitBillingFilter {
  from: Date;
  to: Date;
  clientId?: string | undefined;
  client?: string | undefined;
  technicianId?: string | undefined;
}

/** The unlinked ticket's client name as the time report names it ('' for a linked ticket). */
const CLIENT = sql`CASE WHEN f.client_id IS NULL THEN coalesce(f.business_name, f.client_name) ELSE '' END`;

/** SQL condition on `v` (visits) and `f` (ticket_facts): the filter, and not corrected by a later visit (unless `withSuperseded`). */
export function visitBillingWhere(b: VisitBillingFilter, withSuperseded = false): SQL {
  return sql.join(
    [
      sql`v.arrived_at >= ${b.from.toISOString()}::timestamptz AND v.arrived_at < ${b.to.toISOString()}::timestamptz`,
      ...(withSuperseded ? [] : [sql`NOT EXISTS (SELECT 1 FROM visits later WHERE later.supersedes_visit_id = v.id)`]),
      ...(b.clientId ? [sql`f.client_id = ${b.clientId}::uuid`] : []),
      ...(b.client !== undefined ? [sql`f.client_id IS NULL AND ${CLIENT} = ${b.client}`] : []),
      ...(b.technicianId ? [sql`v.technician_id = ${b.technicianId}::uuid`] : []),
    ],
    sql` AND `,
  );
}

/**
 * Marks the not yet invoiced visits of `b` (one client; superseded ones too: their arrival is in the
 * range) invoiced by `by` at `now` (issue 57 "Mark invoiced"): they cannot be corrected any more.
 * Visits marked earlier keep their who and when. Returns how many were marked now.
 */
export async function markVisitsInvoiced(tx: Database, b: VisitBillingFilter, by: { id: string; username: string }, now: Date): Promise<number> {
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`UPDATE visits v SET invoiced_at = ${now.toISOString()}::timestamptz, invoiced_by = ${by.id}::uuid, invoiced_by_name = ${by.username}
        FROM ticket_facts f
        WHERE f.id = v.ticket_id AND v.invoiced_at IS NULL AND ${visitBillingWhere(b, true)}
        RETURNING v.id`,
  );
  return rows.length;
}

/** Every part line of the filter's visits, by arrival then the part's place on the visit. One query. */
export async function visitPartLines(db: Database, b: VisitBillingFilter): Promise<VisitPartLine[]> {
  const rows = await rowsOf<{
    visitId: string;
    ticketNumber: string;
    clientId: string | null;
    client: string;
    technician: string;
    day: string;
    description: string;
    quantity: string | number;
    unitPrice: string | number | null;
  }>(
    db,
    sql`SELECT v.id AS "visitId", f.ticket_number AS "ticketNumber", f.client_id AS "clientId", ${CLIENT} AS client,
          v.technician_name AS technician, to_char(v.arrived_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
          p.part->>'description' AS description, (p.part->>'quantity')::numeric AS quantity,
          CASE WHEN jsonb_typeof(p.part->'unitPrice') = 'number' THEN (p.part->>'unitPrice')::numeric END AS "unitPrice"
        FROM visits v JOIN ticket_facts f ON f.id = v.ticket_id
        CROSS JOIN LATERAL jsonb_array_elements(v.parts) WITH ORDINALITY AS p(part, n)
        WHERE ${visitBillingWhere(b)}
        ORDER BY v.arrived_at, v.id, p.n`,
  );
  return rows.map((r) => ({
    ...r,
    ticketNumber: String(r.ticketNumber),
    quantity: Number(r.quantity),
    unitPrice: r.unitPrice === null ? null : Number(r.unitPrice),
  }));
}
