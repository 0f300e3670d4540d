/**
 * The staff list and its tab counts: server-side filters (status, assignee, search),
 * keyset pages built as JSON by the database, and the ticket_counts rows kept in step with writes.
 */
import { and, eq, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { TICKET_STATUSES } from '@portal/shared';
import type { TicketCounts, TicketStatus } from '@portal/shared';
import type { Database } from '../../db/client';
import { supportTickets, ticketCounts } from '../../db/schema';
import { PreparedStatements, frozenSql, rowsOf } from '../../db/rows';
import { matchCondition, planSearch, resolveSearch, routeFound, searchIdsCtes, type ResolvedSearch } from './searchRepository';
import { checklistCountJsonSql } from '../checklists/port';
import { tagsJsonSql, ticketTaggedSql } from '../tags/port';

/** Filters of the staff list and counts, resolved: `assignee` null = unassigned. */
export interface TicketFilter {
  statuses?: TicketStatus[] | undefined;
  /** A user id, null for unassigned tickets, undefined for everyone's. */
  assignee?: string | null | undefined;
  /** Staff search, routed by its shape (searchRepository.ts, docs/search.md). */
  q?: string | undefined;
  /** Only tickets with this tag (name, ignoring case; docs/tags.md). */
  tag?: string | undefined;
}

/** A {@link TicketFilter}'s status, assignee and tag, each a value or a statement's placeholder. */
interface BoundFilter {
  statuses?: (TicketStatus | Placeholder)[] | undefined;
  assignee?: string | Placeholder | null | undefined;
  tag?: string | Placeholder | undefined;
}

/** SQL conditions of the status, assignee and tag filters (the search is applied by searchRepository.ts). */
function filterConditions(f: BoundFilter): SQL[] {
  const conditions: (SQL | undefined)[] = [
    f.statuses && f.statuses.length > 0 ? inArray(supportTickets.status, f.statuses) : undefined,
    f.assignee === null ? isNull(supportTickets.assignedTo) : f.assignee !== undefined ? eq(supportTickets.assignedTo, f.assignee) : undefined,
    f.tag ? ticketTaggedSql(sql`${supportTickets.id}`, f.tag) : undefined,
  ];
  return conditions.filter((c): c is SQL => c !== undefined);
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
const highWater = frozenSql(sql`(select (coalesce(max(sync_seq), 0) + (select n from ticket_search_version))::text from support_tickets)`);

/**
 * The list pages' high-water mark: the largest committed `support_tickets.sync_seq` plus the
 * number of transactions that changed search rows (migration 0050 `ticket_search_version`), as
 * text ('0' without tickets). Every ticket write raises the first (db/sync.ts); a rename of a
 * client, tag or asset and the search queue's batches raise the second without writing a ticket
 * (what a search finds changed). Both only grow, so their sum grows whenever either does. An
 * index-only read and a one-row read.
 */
export async function ticketsHighWater(db: Database): Promise<string> {
  const [row] = await highWaterStatement.rows<{ seq: string }>(db, '', () => sql`select ${highWater} as seq`, {});
  return row!.seq;
}

const highWaterStatement = new PreparedStatements('tickets_high_water');

/** timestamptz -> the text of `Date.prototype.toISOString()` (milliseconds truncated, as JS Dates keep them). */
const isoText = (column: SQL) => sql`to_char(date_trunc('milliseconds', ${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

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
 * search term it is a named statement per filter shape, built and prepared once (db/rows.ts
 * `PreparedStatements`): planning it took as long as running it, and building it in drizzle on
 * every request cost the API thread about as much as the rest of the route's own code. A search stays planned each time with its term: after five runs a
 * named statement may switch to a generic plan, which cannot tell a rare term from a common one;
 * a wrong choice cost 400 ms here. A search's tickets are routed and gathered by
 * searchRepository.ts (`searchIdsCtes`: only (created_at, id) pairs until the page is known); the
 * exact ticket of a number search leads the first page.
 */
export async function listTicketPageJson(
  db: Database,
  filter: TicketFilter,
  page: { cursor?: string | undefined; limit: number },
): Promise<TicketPageJson> {
  if (filter.q?.trim()) {
    const filters = filterConditions(filter);
    // The route first; while it found no ticket at all (its candidates, before filters and cursor),
    // its fallback (searchRepository.ts planSearch: a domain's words, then the substring).
    let plan = planSearch(db, filter.q);
    for (;;) {
      const routed = await searchedPage(db, plan, filters, page);
      if (routed.routeFound || plan.source !== 'ticket_search' || !plan.fallback) return routed.page;
      plan = plan.fallback;
    }
  }
  const statuses = filter.statuses ?? [];
  const assignee = filter.assignee === undefined ? '*' : filter.assignee === null ? '-' : '=';
  const shape = `${statuses.length}|${assignee}|${filter.tag ? 't' : ''}|${page.cursor ? 'c' : ''}`;
  const values: Record<string, unknown> = { cursor: page.cursor, assignee: filter.assignee, tag: filter.tag, take: page.limit + 1, limit: page.limit };
  statuses.forEach((status, i) => (values[`s${i}`] = status));
  const [row] = await listPageStatement.rows<PageRow>(db, shape, () => listPageSql(filter, Boolean(page.cursor)), values);
  return toPage(row, page.limit);
}

/** The unsearched page statements, one per filter shape (db/rows.ts PreparedStatements). */
const listPageStatement = new PreparedStatements('ticket_list_page');

/**
 * The unsearched page statement of `filter`'s shape, its values as placeholders: `s0`.. (the
 * statuses), `assignee`, `tag`, `cursor`, `take` (limit + 1) and `limit`.
 */
function listPageSql(filter: TicketFilter, afterCursor: boolean): SQL {
  const filters = filterConditions({
    statuses: filter.statuses?.map((_, i) => sql.placeholder(`s${i}`)),
    assignee: filter.assignee === null ? null : filter.assignee !== undefined ? sql.placeholder('assignee') : undefined,
    tag: filter.tag ? sql.placeholder('tag') : undefined,
  });
  const cursor = sql.placeholder('cursor');
  const after = afterCursor
    ? sql`(${supportTickets.createdAt}, ${supportTickets.id}) < ((select c.created_at from support_tickets c where c.id = ${cursor}), ${cursor}::uuid)`
    : undefined;
  const where = and(...filters, after) ?? sql`true`;
  const pageCte = sql`page as (select *, 0 as rank from ${supportTickets} where ${where} order by ${supportTickets.createdAt} desc, ${supportTickets.id} desc limit ${sql.placeholder('take')})`;
  return pageStatement(pageCte, sql.placeholder('limit'), sql`true`);
}

/** A searched page, planned for its own term (a generic plan cannot tell a rare term from a common one). */
async function searchedPage(
  db: Database,
  search: ResolvedSearch,
  filters: SQL[],
  page: { cursor?: string | undefined; limit: number },
): Promise<{ page: TicketPageJson; routeFound: boolean }> {
  const ids = await searchIdsCtes(db, search, filters, page.cursor, page.limit + 1);
  const pageCte = sql`${ids}, page as (select ${supportTickets}.*, ids.rank from ids join ${supportTickets} on ${supportTickets.id} = ids.id)`;
  const [row] = await rowsOf<PageRow>(db, pageStatement(pageCte, page.limit, routeFound(search)));
  return { page: toPage(row, page.limit), routeFound: row?.route_found === true };
}

type PageRow = { items: string; found: number | string; last_id: string | null; seq: string; route_found: boolean };

function toPage(row: PageRow | undefined, limit: number): TicketPageJson {
  if (!row) throw new Error('list page query returned no row'); // one row, always (aggregates)
  return { itemsJson: row.items, more: Number(row.found) > limit, lastId: row.last_id ?? null, seq: row.seq };
}

/** The page statement over the CTE `page` (rows with a `rank`), with `found` as `route_found`. */
function pageStatement(pageCte: SQL, limit: number | Placeholder, found: SQL): SQL {
  return sql`
    with ${pageCte},
    shown as (select * from page order by rank, created_at desc, id desc limit ${limit})
    select
      ${pageItemsSql()} as items,
      (select count(*)::int from page) as found,
      (select id from shown order by rank desc, created_at asc, id asc limit 1) as last_id,
      ${highWater} as seq,
      ${found} as route_found`;
}

let pageItems: SQL | undefined;

/**
 * The `shown` rows as the page's items, JSON text (see {@link listTicketPageJson}). The same for
 * every page: built and compiled once (a searched page's statement is built per request, and this
 * was most of it).
 */
function pageItemsSql(): SQL {
  return (pageItems ??= frozenSql(sql`(select coalesce(json_agg(to_json(x) order by p.rank, p.created_at desc, p.id desc), '[]'::json)::text
       from shown p cross join lateral (select p.id, p.ticket_number as "ticketNumber", p.client_name as "clientName",
         p.business_name as "businessName", p.customer_email as "customerEmail", p.customer_phone as "customerPhone",
         p.severity, p.contact_method as "contactMethod", p.issue, p.status, p.assigned_to as "assignedTo",
         p.resolution, p.version, ${isoText(sql`p.created_at`)} as "createdAt", ${isoText(sql`p.updated_at`)} as "updatedAt",
         ${isoText(sql`p.first_response_due_at`)} as "firstResponseDueAt", ${isoText(sql`p.resolution_due_at`)} as "resolutionDueAt",
         ${isoText(sql`p.first_response_at`)} as "firstResponseAt", ${isoText(sql`p.resolved_at`)} as "resolvedAt",
         p.waiting_on_customer as "waitingOnCustomer",
         ${isoText(sql`p.customer_replied_at`)} as "customerRepliedAt",
         p.client_id as "clientId", p.site_id as "siteId", p.contact_id as "contactId",
         case when p.merged_into is not null and p.merged_into_number is not null then json_build_object('id', p.merged_into, 'ticketNumber', p.merged_into_number) end as "mergedInto",
         case when p.possible_duplicate_of is not null and p.possible_duplicate_number is not null and p.status <> 'closed' and p.merged_into is null
           then json_build_object('id', p.possible_duplicate_of, 'ticketNumber', p.possible_duplicate_number) end as "possibleDuplicateOf",
         p.device,
         ${checklistCountJsonSql(sql`p.id`)} as "checklistProgress", ${tagsJsonSql(sql`p.id`)} as tags) x)`));
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
 * grouped count over the tickets matching `filter` (`q` routed as the list routes it, plus
 * `assignee`). Counts every match (no sort); without `q`, {@link countTickets} reads ticket_counts.
 */
export async function countMatchingTickets(db: Database, filter: TicketFilter): Promise<TicketCounts> {
  const search = filter.q?.trim() ? matchCondition(await resolveSearch(db, filter.q)) : undefined;
  const rows = await db
    .select({ status: supportTickets.status, count: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(and(...filterConditions(filter), search))
    .groupBy(supportTickets.status);
  const counts = { all: 0 } as TicketCounts;
  for (const s of TICKET_STATUSES) counts[s] = 0;
  for (const r of rows) {
    counts[r.status] = Number(r.count);
    counts.all += Number(r.count);
  }
  return counts;
}
