/**
 * The time report by tag (issue 57 item 3, docs/billing.md "By tag"): minutes of the entries recorded
 * in [from, to) per tag of their ticket, optionally only client object `clientId`'s tickets and only
 * tickets having tag `tag`. An entry on a ticket with two tags counts under both (the rows do not add
 * up to the report's total); entries on untagged tickets form one row with `tag` null, listed last.
 * Tag names come through the tags port (this feature never reads the tag tables itself).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { TimeReportTagRow } from '@portal/shared';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { ticketTaggedSql, ticketTagRowsSql } from '../tags/port';

/** SQL condition on `e` (time_entries) and `f` (ticket_facts): the range, the client, the tag. */
export function reportWhere(from: Date, to: Date, clientId?: string, tag?: string): SQL {
  return sql.join(
    [
      sql`e.created_at >= ${from.toISOString()}::timestamptz and e.created_at < ${to.toISOString()}::timestamptz`,
      ...(clientId ? [sql`f.client_id = ${clientId}::uuid`] : []),
      ...(tag ? [ticketTaggedSql(sql`e.ticket_id`, tag)] : []),
    ],
    sql` and `,
  );
}

/** Rows per tag, name order (ignoring case), untagged last. One query. */
export async function timeByTag(db: Database, from: Date, to: Date, clientId?: string, tag?: string): Promise<TimeReportTagRow[]> {
  const rows = await rowsOf<{ tag: string | null; entries: string; total: string; billable: string }>(db, sql`
    select tg.name as tag, count(*) as entries, sum(e.minutes) as total, coalesce(sum(e.minutes) filter (where e.billable), 0) as billable
    from time_entries e join ticket_facts f on f.id = e.ticket_id
    left join lateral ${ticketTagRowsSql(sql`e.ticket_id`)} tg on true
    where ${reportWhere(from, to, clientId, tag)}
    group by tg.name
    order by tg.name is null, lower(tg.name), tg.name`);
  return rows.map((r) => ({ tag: r.tag, entries: Number(r.entries), totalMinutes: Number(r.total), billableMinutes: Number(r.billable) }));
}
