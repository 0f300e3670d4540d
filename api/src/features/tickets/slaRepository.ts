/**
 * SLA clock SQL of the tickets feature (docs/sla.md): the start-up
 * backfill of due times for tickets that have none (created before the clocks existed).
 */
import { sql } from 'drizzle-orm';
import type { Severity } from '@portal/shared';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** A ticket that still needs its due times. */
export interface UndatedTicket {
  id: string;
  severity: Severity;
  createdAt: Date;
  pausedMinutes: number;
}

/** Up to `limit` tickets without due times (any status: compliance statistics need them all). */
export async function ticketsWithoutDueTimes(db: Database, limit: number): Promise<UndatedTicket[]> {
  const rows = await rowsOf<Record<string, unknown>>(db, sql`
    select id, severity, created_at, paused_minutes from support_tickets
    where first_response_due_at is null limit ${limit}`);
  return rows.map((r) => ({
    id: String(r.id),
    severity: r.severity as Severity,
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
    pausedMinutes: Number(r.paused_minutes),
  }));
}

/** Due and warning times of one ticket, for {@link setDueTimes}. */
export interface DueTimesRow {
  id: string;
  firstResponseDueAt: Date;
  resolutionDueAt: Date;
  firstResponseWarnAt: Date;
  resolutionWarnAt: Date;
}

/**
 * Writes due times in one statement, each ticket not closed taking a new sync_seq so phones receive
 * them (the version is not bumped: no field a person edits changed). Call under the sync lock.
 */
export async function setDueTimes(tx: Database, rows: DueTimesRow[]): Promise<void> {
  if (rows.length === 0) return;
  const items = rows.map((r) => ({
    id: r.id,
    fr_due: r.firstResponseDueAt.toISOString(),
    res_due: r.resolutionDueAt.toISOString(),
    fr_warn: r.firstResponseWarnAt.toISOString(),
    res_warn: r.resolutionWarnAt.toISOString(),
  }));
  await tx.execute(sql`
    update support_tickets t set first_response_due_at = x.fr_due, resolution_due_at = x.res_due,
      first_response_warn_at = x.fr_warn, resolution_warn_at = x.res_warn,
      -- Closed tickets' clocks are stopped and no phone shows them: moving their sync_seq would put
      -- every old ticket back into the phones' working set (docs/api.md "Paging and lists").
      sync_seq = case when t.status = 'closed' then t.sync_seq else nextval('sync_seq') end
    from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as x(id uuid, fr_due timestamptz, res_due timestamptz, fr_warn timestamptz, res_warn timestamptz)
    where t.id = x.id`);
}
