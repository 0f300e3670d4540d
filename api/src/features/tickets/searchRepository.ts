/**
 * Staff search on the server (issue 58, docs/search.md): the route of shared/src/search/route.ts
 * turned into SQL over `ticket_search` (migration 0025), and the rows of a searched list page
 * gathered without sorting every match.
 *
 * A searched page is built from (created_at, id) pairs only, never whole ticket rows: the route's
 * index finds up to {@link SEARCH_CANDIDATE_CAP} candidates in any order (a materialized CTE);
 * fewer than the cap means it holds every match and the page is its newest ones (a rare term, a
 * client's few tickets: a sort of at most the cap's pairs, wherever they lie in time). At the cap
 * the term is common and the page walks `ticket_search (created_at, ticket_id)` newest first,
 * checking each row, and stops at a full page (common words match recent tickets). Only the page's
 * tickets are then read from support_tickets.
 */
import { sql, type SQL } from 'drizzle-orm';
import { exactAssetTag, reversed, reversedDomain, routeSearch, substringFallback, tsqueryText, wordsFallback, type SearchRoute } from '@portal/shared';
import type { Database } from '../../db/client';
import { namesContainingSql } from '../clients/port';
import { rowsOf } from '../../db/rows';
import { supportTickets, ticketSearchText } from '../../db/schema';
import { searchIndexReady } from './searchIndex';

/**
 * Candidates a search gathers through its index before it counts as common (see the module
 * comment; docs/benchmarks.md "Searches planned by their matches").
 */
export const SEARCH_CANDIDATE_CAP = 2000;

/** `s` as the start of a LIKE pattern: its own %, _ and \\ match literally. */
export function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `q` as an ILIKE "contains" pattern. */
export function containsPattern(q: string): string {
  return `%${likeEscape(q)}%`;
}

/**
 * What a search runs: `ticket_search` rows matching `where` (plus the ticket numbered `exact`,
 * first; `fallback`: what runs instead when the route finds no ticket at all: the words of a
 * domain-shaped query, then the substring condition), or
 * `support_tickets` rows matching `where` (the substring fallback, or the former search while the
 * first start's backfill runs), or nothing.
 */
export type ResolvedSearch =
  | { source: 'ticket_search'; where: SQL; exact: string | null; fallback: ResolvedSearch | null }
  | { source: 'support_tickets'; where: SQL }
  | { source: 'nothing' };

/** The route's condition on `ticket_search` (the exact ticket number aside); null when it has none. */
function routeCondition(route: SearchRoute): SQL | null {
  switch (route.kind) {
    case 'number':
      return route.phoneTail ? sql`ticket_search.phone_rev like ${likeEscape(reversed(route.phoneTail)) + '%'}` : null;
    case 'phone':
      return sql`ticket_search.phone_rev like ${likeEscape(reversed(route.phoneTail)) + '%'}`;
    case 'email': {
      const parts: SQL[] = [];
      if (route.prefix) parts.push(sql`ticket_search.email like ${likeEscape(route.prefix) + '%'}`);
      if (route.domain) {
        const d = reversedDomain(route.domain);
        parts.push(sql`ticket_search.domain_rev = ${d}`, sql`ticket_search.domain_rev like ${likeEscape(d) + '.%'}`);
      }
      return sql`(${sql.join(parts, sql` or `)})`;
    }
    case 'asset':
      return assetCondition(route.assetTag);
    case 'words':
      return sql`ticket_search.doc @@ ${tsqueryText(route.terms)}::tsquery`;
    default:
      return null;
  }
}

/** Tickets linked to the asset tagged `tag` (lower-cased): the GIN index on `asset_tags` (migration 0050). */
function assetCondition(tag: string): SQL {
  return sql`ticket_search.asset_tags @> array[${tag}]::text[]`;
}

/**
 * The substring fallback's condition: the ticket's own names and e-mail (the trigram index's
 * expression, then those fields only), or its client's name, or its contact's name or e-mail, or
 * its site's name (the clients port's arrays, probed on the client_id, contact_id and site_id
 * indexes: one BitmapOr).
 */
function substringCondition(s: string): SQL {
  const p = containsPattern(s);
  const links = namesContainingSql(p);
  const own = sql`(${ticketSearchText(supportTickets)}) ilike ${p} and (${supportTickets.clientName} ilike ${p} or coalesce(${supportTickets.businessName}, '') ilike ${p} or ${supportTickets.customerEmail} ilike ${p})`;
  return sql`((${own}) or ${supportTickets.clientId} = any(${links.clientIds}) or ${supportTickets.contactId} = any(${links.contactIds}) or ${supportTickets.siteId} = any(${links.siteIds}))`;
}

/**
 * `route` over `ticket_search`, with `fallback` for when it finds no ticket at all; `assetTag`:
 * also the tickets linked to the asset of that tag (route.ts `exactAssetTag`).
 */
function planRoute(route: SearchRoute, fallback: ResolvedSearch | null, assetTag: string | null = null): ResolvedSearch {
  const own = routeCondition(route);
  const where = assetTag ? (own ? sql`(${own} or ${assetCondition(assetTag)})` : assetCondition(assetTag)) : own;
  const exact = route.kind === 'number' ? route.ticketNumber : null;
  if (where || exact) return { source: 'ticket_search', where: where ?? sql`false`, exact, fallback };
  return fallback ?? { source: 'nothing' };
}

/**
 * The plan of `q` without reading the database: the shared route over `ticket_search`, with its
 * fallbacks for when it finds nothing (the words of a domain-shaped query, then the substring;
 * decided by the caller: the list page reads {@link routeFound} in its own statement, the counts
 * ask {@link resolveSearch}). While the first start's backfill of `ticket_search` runs, every
 * search is the former substring search over number, names, e-mail, phone and issue (docs/search.md).
 */
export function planSearch(db: Database, q: string): ResolvedSearch {
  if (!searchIndexReady(db)) return { source: 'support_tickets', where: sql`(${ticketSearchText(supportTickets)}) ilike ${containsPattern(q.trim())}` };
  const route = routeSearch(q);
  const s = substringFallback(q, route);
  const substring: ResolvedSearch | null = s ? { source: 'support_tickets', where: substringCondition(s) } : null;
  const words = wordsFallback(q, route);
  return planRoute(route, words ? planRoute(words, substring) : substring, exactAssetTag(q, route));
}

/**
 * {@link planSearch} with the fallbacks decided: while a route finds no ticket at all (whatever the
 * tab and assignee, so list and counts agree), its fallback. The check gathers up to
 * {@link SEARCH_CANDIDATE_CAP} candidates rather than one: with LIMIT 1 PostgreSQL scanned the
 * whole table for a term it expected to find at once (438 ms for `zzzz` at 100,000 tickets).
 */
export async function resolveSearch(db: Database, q: string): Promise<ResolvedSearch> {
  let plan = planSearch(db, q);
  while (plan.source === 'ticket_search' && plan.fallback) {
    const found = await rowsOf<{ found: boolean }>(
      db,
      sql`select (${plan.exact ? sql`exists (select 1 from support_tickets where ticket_number = ${plan.exact})` : sql`false`}
        or (select count(*) from (select 1 from ticket_search where ${plan.where} limit ${SEARCH_CANDIDATE_CAP}) c) > 0) as found`,
    );
    if (found[0]?.found) return plan;
    plan = plan.fallback;
  }
  return plan;
}

/**
 * True (as SQL) when a searched page's route found a ticket: its candidates (gathered before
 * filters and cursor) or the exact ticket number. Read in the page's own statement.
 */
export function routeFound(search: ResolvedSearch): SQL {
  if (search.source !== 'ticket_search') return sql`true`;
  const exact = search.exact ? sql`exists (select 1 from support_tickets where ticket_number = ${search.exact})` : sql`false`;
  return sql`((select count(*) from cand) > 0 or ${exact})`;
}

/** The keyset condition "older than the ticket `cursor`" on a (created_at, id) pair of columns. */
const olderThan = (createdAt: SQL, id: SQL, cursor: string) =>
  sql`(${createdAt}, ${id}) < ((select c.created_at from support_tickets c where c.id = ${cursor}), ${cursor}::uuid)`;

/**
 * The CTEs of a searched page: `ids (rank, id, created_at)`, at most `take` tickets matching
 * `search` and `filters` (SQL on support_tickets), after `cursor`, in page order (rank 0: the
 * exact ticket number, first page only; then newest first). See the module comment.
 */
export async function searchIdsCtes(db: Database, search: ResolvedSearch, filters: SQL[], cursor: string | undefined, take: number): Promise<SQL> {
  if (search.source === 'nothing') return sql`ids as (select 0 as rank, id, created_at from support_tickets where false)`;
  const filtered = filters.length > 0 ? sql.join(filters, sql` and `) : sql`true`;
  const onSearch = search.source === 'ticket_search';
  // The number route: the exact ticket leads the first page; a cursor that is that ticket (a page
  // that held only it) means "the phone matches from the newest".
  let showExact = onSearch && search.exact !== null && !cursor;
  let after = cursor;
  if (onSearch && search.exact && cursor) {
    const [row] = await rowsOf<{ n: string }>(db, sql`select ticket_number as n from support_tickets where id = ${cursor}`);
    if (row?.n === search.exact) after = undefined;
    showExact = false;
  }
  const key = onSearch ? { id: sql`ticket_search.ticket_id`, at: sql`ticket_search.created_at` } : { id: sql`support_tickets.id`, at: sql`support_tickets.created_at` };
  const from = onSearch
    ? filters.length > 0
      ? sql`ticket_search join support_tickets on support_tickets.id = ticket_search.ticket_id`
      : sql`ticket_search`
    : sql`support_tickets`;
  const candidates = onSearch ? sql`ticket_search` : sql`support_tickets`;
  const candAfter = after ? olderThan(sql`c.created_at`, sql`c.id`, after) : sql`true`;
  const walkAfter = after ? olderThan(key.at, key.id, after) : sql`true`;
  const exactId = onSearch && search.exact ? sql`(select id from support_tickets where ticket_number = ${search.exact})` : sql`null::uuid`;
  const rareJoin = filters.length > 0 ? sql`join support_tickets on support_tickets.id = c.id` : sql``;
  return sql`
    cand as materialized (select ${key.id} as id, ${key.at} as created_at from ${candidates} where ${search.where} limit ${SEARCH_CANDIDATE_CAP}),
    found as (
      select * from (select c.id, c.created_at from cand c ${rareJoin}
        where (select count(*) from cand) < ${SEARCH_CANDIDATE_CAP} and ${filtered} and ${candAfter}
        order by c.created_at desc, c.id desc limit ${take}) rare
      union all
      select * from (select ${key.id} as id, ${key.at} as created_at from ${from}
        where ${search.where} and (select count(*) from cand) >= ${SEARCH_CANDIDATE_CAP} and ${filtered} and ${walkAfter}
        order by ${key.at} desc, ${key.id} desc limit ${take}) common),
    ids as (
      select * from (
        select 0 as rank, support_tickets.id, support_tickets.created_at from support_tickets
          where ${showExact ? sql`true` : sql`false`} and support_tickets.id = ${exactId} and ${filtered}
        union all
        select 1, f.id, f.created_at from found f where f.id is distinct from ${exactId}) x
      order by rank, created_at desc, id desc limit ${take})`;
}

/**
 * The condition "matches `search`" on support_tickets, for counting every match (the tab counts
 * beside a search): ids from the route's index (a semi-join), or the substring condition.
 */
export function matchCondition(search: ResolvedSearch): SQL {
  if (search.source === 'nothing') return sql`false`;
  if (search.source === 'support_tickets') return search.where;
  const exact = search.exact ? sql`${supportTickets.ticketNumber} = ${search.exact} or ` : sql``;
  return sql`(${exact}${supportTickets.id} in (select ticket_id from ticket_search where ${search.where}))`;
}
