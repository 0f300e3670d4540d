/**
 * The staff list and its tab counts: server-side filters (status, assignee, search),
 * keyset pages built as JSON by the database, and the ticket_counts rows kept in step with writes.
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { TICKET_STATUSES } from '@portal/shared';
import type { TicketCounts, TicketStatus } from '@portal/shared';
import type { Database } from '../../db/client';
import { supportTickets, ticketCounts, ticketSearchText } from '../../db/schema';
import { preparedRowsOf, rowsOf } from '../../db/rows';

/** Filters of the staff list and counts, resolved: `assignee` null = unassigned. */
export interface TicketFilter {
  statuses?: TicketStatus[] | undefined;
  /** A user id, null for unassigned tickets, undefined for everyone's. */
  assignee?: string | null | undefined;
  /** Case-insensitive substring of ticketSearchText. */
  q?: string | undefined;
}

/** `q` as an ILIKE pattern: its own %, _ and \\ match literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** SQL conditions of a filter. */
function filterConditions(f: TicketFilter): (SQL | undefined)[] {
  return [
    f.statuses && f.statuses.length > 0 ? inArray(supportTickets.status, f.statuses) : undefined,
    f.assignee === null ? isNull(supportTickets.assignedTo) : f.assignee !== undefined ? eq(supportTickets.assignedTo, f.assignee) : undefined,
    f.q ? sql`(${ticketSearchText(supportTickets)}) ilike ${containsPattern(f.q)}` : undefined,
  ];
}

/** One page of the staff list as JSON text, built by the database (see {@link listTicketPageJson}). */
export interface TicketPageJson {
  /** JSON array of `Ticket`s, exactly what `rows.map(presentTicket)` serialises to. */
  itemsJson: string;
  more: boolean;
  /** Id of the page's last ticket (the next page's cursor), null on an empty page. */
  lastId: string | null;
  /** The tickets' high-water mark the page was built at (see {@link ticketsHighWater}). */
  seq: string;
}

/** The high-water mark as an SQL expression (see {@link ticketsHighWater}). */
const highWater = sql`(select coalesce(max(sync_seq), 0)::text from support_tickets)`;

/**
 * The tickets' delta-sync high-water mark: the largest committed `support_tickets.sync_seq`, as
 * text ('0' without tickets). Every ticket write raises it (db/sync.ts); an index-only read.
 */
export async function ticketsHighWater(db: Database): Promise<string> {
  const [row] = await preparedRowsOf<{ seq: string }>(db, 'tickets_high_water', sql`select ${highWater} as seq`);
  return row!.seq;
}

/** timestamptz -> the text of `Date.prototype.toISOString()` (milliseconds truncated, as JS Dates keep them). */
const isoText = (column: SQL) => sql`to_char(date_trunc('milliseconds', ${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A search collects at most this many matching tickets through the trigram index before it counts
 * as common (docs/benchmarks.md "Searches planned by their matches"). Up to it, the matches are
 * sorted newest first (a rare term, a client's few tickets: a few ms, wherever they lie in time);
 * past it, the page walks newest first and stops at a full page (common words match recent tickets).
 */
export const SEARCH_CANDIDATE_CAP = 2000;

/**
 * The CTEs that give `page`: the rows of a page before it is cut to `limit` (at most `take` =
 * limit + 1). Without a search: the newest matching rows by the (created_at, id) indexes. With one, PostgreSQL's
 * own choice misjudges terms whose matches are old: it expects them spread evenly in time, walks
 * newest first and read 88,000 rows (280 ms at 100,000 tickets) for 'Client 12', whose 1,111
 * matches are among the oldest, where sorting the trigram index's matches took 14 ms. So a search
 * first gathers up to {@link SEARCH_CANDIDATE_CAP} matches in any order (a materialized CTE: the
 * trigram bitmap, or a scan that stops at the cap); fewer than the cap means it holds them all, and
 * the page is its newest rows. Only at the cap is the newest-first walk run (a one-time filter:
 * otherwise never executed).
 */
function pageCtes(where: SQL, searched: boolean, take: number): SQL {
  const newest = sql`order by ${supportTickets.createdAt} desc, ${supportTickets.id} desc limit ${take}`;
  if (!searched) return sql`page as (select * from ${supportTickets} where ${where} ${newest})`;
  return sql`
    matches as materialized (select * from ${supportTickets} where ${where} limit ${SEARCH_CANDIDATE_CAP}),
    page as (
      select * from (select * from matches where (select count(*) from matches) < ${SEARCH_CANDIDATE_CAP}
        order by created_at desc, id desc limit ${take}) rare
      union all
      select * from (select * from ${supportTickets} where ${where} and (select count(*) from matches) >= ${SEARCH_CANDIDATE_CAP}
        ${newest}) common)`;
}

/**
 * One keyset page of the staff list: tickets matching `filter`, newest first
 * (created_at desc, id desc), strictly after the ticket `cursor` (the last id of the previous
 * page), at most `limit`. Keyset, not OFFSET: a page costs the same at 100,000 tickets as at 100,
 * and tickets created meanwhile never shift or repeat rows of later pages. Served by the
 * (created_at, id), (status, created_at, id) and (assigned_to, created_at, id) indexes; `q` by the
 * trigram index.
 *
 * The database builds the page's JSON: the rows become the `Ticket` JSON of presenter.ts (same keys
 * and values; paging.test.ts compares both), so the API neither parses 50 rows nor maps and
 * serialises them, which was most of a list request's CPU time (PGlite parses rows in JavaScript,
 * three times slower than this). Keep in step with `presentTicket`. The same statement reads the
 * high-water mark (one snapshot), so pageCache.ts knows which state the page shows. Without a
 * search term it is a named statement per filter shape (db/rows.ts `preparedRowsOf`): planning it
 * took as long as running it. A search stays planned each time with its term: after five runs a
 * named statement may switch to a generic plan, which cannot tell a rare term (the trigram index,
 * about 4 ms at 100,000 tickets) from a common one (newest first with a filter); a wrong choice
 * cost 400 ms here. A search's rows are gathered as {@link pageCtes} says.
 */
export async function listTicketPageJson(
  db: Database,
  filter: TicketFilter,
  page: { cursor?: string | undefined; limit: number },
): Promise<TicketPageJson> {
  const after = page.cursor
    ? sql`(${supportTickets.createdAt}, ${supportTickets.id}) < ((select c.created_at from support_tickets c where c.id = ${page.cursor}), ${page.cursor}::uuid)`
    : undefined;
  const where = and(...filterConditions(filter), after) ?? sql`true`;
  const searched = Boolean(filter.q);
  const query = sql`
    with ${pageCtes(where, searched, page.limit + 1)},
    shown as (select * from page order by created_at desc, id desc limit ${page.limit})
    select
      (select coalesce(json_agg(to_json(x) order by p.created_at desc, p.id desc), '[]'::json)::text
       from shown p cross join lateral (select p.id, p.ticket_number as "ticketNumber", p.client_name as "clientName",
         p.business_name as "businessName", p.customer_email as "customerEmail", p.customer_phone as "customerPhone",
         p.severity, p.contact_method as "contactMethod", p.issue, p.status, p.assigned_to as "assignedTo",
         p.resolution, p.version, ${isoText(sql`p.created_at`)} as "createdAt", ${isoText(sql`p.updated_at`)} as "updatedAt",
         ${isoText(sql`p.first_response_due_at`)} as "firstResponseDueAt", ${isoText(sql`p.resolution_due_at`)} as "resolutionDueAt",
         ${isoText(sql`p.first_response_at`)} as "firstResponseAt", ${isoText(sql`p.resolved_at`)} as "resolvedAt",
         p.waiting_on_customer as "waitingOnCustomer",
         ${isoText(sql`p.customer_replied_at`)} as "customerRepliedAt") x) as items,
      (select count(*)::int from page) as found,
      (select id from shown order by created_at asc, id asc limit 1) as last_id,
      ${highWater} as seq`;
  type Row = { items: string; found: number | string; last_id: string | null; seq: string };
  // A search is planned for its own term (a generic plan cannot tell a rare term from a common one).
  const [row] = searched ? await rowsOf<Row>(db, query) : await preparedRowsOf<Row>(db, 'ticket_list_page', query);
  if (!row) throw new Error('list page query returned no row'); // one row, always (aggregates)
  return { itemsJson: row.items, more: Number(row.found) > page.limit, lastId: row.last_id ?? null, seq: row.seq };
}

/** `assignee` key of ticket_counts: the user id, '' for unassigned. */
const countKey = (assignee: string | null) => assignee ?? '';

/** One change of the tab counts: `delta` tickets of `assignee` (null = unassigned) in `status`. */
export interface CountDelta {
  assignee: string | null;
  status: TicketStatus;
  delta: number;
}

/**
 * Applies count changes in one statement (upsert, summed per key). Call inside the ticket write's
 * transaction, after lockSync, so counts change in step with the tickets they describe.
 */
export async function adjustTicketCounts(tx: Database, deltas: CountDelta[]): Promise<void> {
  const merged = new Map<string, { assignee: string; status: TicketStatus; count: number }>();
  for (const d of deltas) {
    const key = `${countKey(d.assignee)}|${d.status}`;
    const cur = merged.get(key) ?? { assignee: countKey(d.assignee), status: d.status, count: 0 };
    cur.count += d.delta;
    merged.set(key, cur);
  }
  const values = [...merged.values()].filter((v) => v.count !== 0);
  if (values.length === 0) return;
  await tx
    .insert(ticketCounts)
    .values(values)
    .onConflictDoUpdate({ target: [ticketCounts.assignee, ticketCounts.status], set: { count: sql`${ticketCounts.count} + excluded.count` } });
}

/**
 * Rebuilds ticket_counts from support_tickets (one scan; at start). Call inside a transaction
 * after lockSync so no ticket write interleaves.
 */
export async function recountTickets(tx: Database): Promise<void> {
  await tx.delete(ticketCounts);
  await tx.execute(sql`
    insert into ticket_counts (assignee, status, count)
    select coalesce(assigned_to::text, ''), status, count(*)::int from support_tickets group by 1, 2`);
}

/**
 * Tickets per status tab from ticket_counts (a handful of rows, whatever the table holds);
 * `assignee`: a user id, null = unassigned, undefined = everyone.
 */
export async function countTickets(db: Database, assignee: string | null | undefined): Promise<TicketCounts> {
  const rows = await db
    .select({ status: ticketCounts.status, count: sql<number>`sum(${ticketCounts.count})::int` })
    .from(ticketCounts)
    .where(assignee === undefined ? undefined : eq(ticketCounts.assignee, countKey(assignee)))
    .groupBy(ticketCounts.status);
  const counts = { all: 0 } as TicketCounts;
  for (const s of TICKET_STATUSES) counts[s] = 0;
  for (const r of rows) {
    if (!(r.status in counts)) continue;
    counts[r.status] = Number(r.count);
    counts.all += Number(r.count);
  }
  return counts;
}

/**
 * Tickets per status tab of a searched list (the tab counts beside a search): one
 * grouped count over the tickets matching `filter` (`q` through the trigram index, plus
 * `assignee`). Costs what the search costs; without `q`, {@link countTickets} reads ticket_counts.
 */
export async function countMatchingTickets(db: Database, filter: TicketFilter): Promise<TicketCounts> {
  const rows = await db
    .select({ status: supportTickets.status, count: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(and(...filterConditions(filter)))
    .groupBy(supportTickets.status);
  const counts = { all: 0 } as TicketCounts;
  for (const s of TICKET_STATUSES) counts[s] = 0;
  for (const r of rows) {
    counts[r.status] = Number(r.count);
    counts.all += Number(r.count);
  }
  return counts;
}
