/**
 * The KPI dashboard per tag (issue 57 item 3, docs/tags.md "In the reports"): tickets created in the
 * range per tag of theirs, and how many of them are done (resolved or closed). A ticket with two tags
 * counts under both; untagged tickets are not listed (the summary tiles hold every ticket). Tag names
 * come through the tags port (this feature never names the tag tables). One aggregate statement that
 * reads only the tagged tickets (the links joined to the range's tickets by id).
 */
import { sql } from 'drizzle-orm';
import { DONE_STATUSES, type SchedulerTagRow } from '@portal/shared';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { tagLinksSql } from '../tags/port';
import { inRange, type RangeBounds } from './ranges';
import { statusList } from './repository';

/** Rows by tag name (ignoring case), for tickets in the range (assigned to `technicianId` / having `tag` when given). */
export async function ticketsByTag(db: Database, bounds: RangeBounds, technicianId?: string, tag?: string): Promise<SchedulerTagRow[]> {
  const rows = await rowsOf<{ tag: string; total: number; done: number }>(
    db,
    sql`SELECT x.name AS tag, count(*)::int AS total, (count(*) FILTER (WHERE t.status IN (${statusList(DONE_STATUSES)})))::int AS done
        FROM ${tagLinksSql()} x JOIN ticket_facts t ON t.id = x.ticket_id
        WHERE ${inRange(bounds, technicianId, tag)}
        GROUP BY x.name
        ORDER BY lower(x.name), x.name`,
  );
  return rows.map((r) => ({ tag: r.tag, total: Number(r.total), done: Number(r.done) }));
}
