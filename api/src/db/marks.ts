/**
 * Change marks for answer caches (README Decisions "Statistics cache"): one short text that changes
 * whenever a committed write could change a report, read with index-only lookups so checking it per
 * request costs far less than the report.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { rowsOf } from './rows';

/**
 * The reporting mark: what the survey statistics and the scheduler's KPIs read, as
 * `tickets:surveys:invitations:users`.
 * - tickets: the largest committed `support_tickets.sync_seq`. Every write to a ticket (and with it
 *   its `ticket_updates` history, survey invitations created on resolve, counts) raises it, in
 *   commit order (db/sync.ts), so an unchanged value means no ticket changed.
 * - surveys: count and newest `created_at` of `satisfaction_surveys` (a submission also sets its
 *   invitation's `responded_at`); surveys are never updated in place.
 * - invitations: count and latest `sent_at` of `survey_invitations` (the dispatcher sends them
 *   outside ticket writes; `sent_at` is the sending time).
 * - users: count and a digest of ids, names and roles (technician names and who counts as staff);
 *   the table is small.
 */
export async function reportingMark(db: Database): Promise<string> {
  const [row] = await rowsOf<{ mark: string }>(
    db,
    sql`select concat_ws(':',
      (select coalesce(max(sync_seq), 0) from support_tickets),
      (select count(*) from satisfaction_surveys),
      (select max(created_at) from satisfaction_surveys)::text,
      (select count(*) from survey_invitations),
      (select max(sent_at) from survey_invitations)::text,
      (select md5(coalesce(string_agg(id::text || username || role, ',' order by id), '')) from users)
    ) as mark`,
  );
  return row!.mark;
}
