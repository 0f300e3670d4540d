/**
 * Staff search on the phone's copy (issue 58, docs/search.md): the shared route
 * (shared/src/search/route.ts) run over Dexie indexes, so a technician with no signal finds "the one
 * ending 0142" and the same query finds the same tickets as the server would over the same tickets.
 *
 * Each cached ticket has a `ticketSearch` row (e-mail, reversed domain, reversed phone digits, a
 * multi-entry word index, the words in order and its assets' tags), written with the ticket at sync
 * ({@link reindexTickets}, called by every writer of `tickets` and `ticketUpdates`) and, for
 * tickets cached before the index existed or whose client card or assets changed since
 * (searchLinks.ts), by {@link ensureSearchIndex}. No React.
 */
import {
  assetTagsOf,
  documentMatches,
  documentWords,
  emailDomain,
  exactAssetTag,
  digitsOf,
  reversed,
  reversedDomain,
  routeSearch,
  substringFallback,
  substringMatches,
  wordsFallback,
  type SearchLinks,
  type SearchRoute,
  type Ticket,
  type TicketUpdateEntry,
} from '@portal/shared';
import type { OfflineDb, TicketSearchRow } from '../../../offline/core';
import { changedLinkTickets, linkIdsContaining, readSearchLinks } from './searchLinks';

/** The search row of a ticket, the comments of its cached work history and its links (searchLinks.ts). */
export function searchRow(t: Ticket, updates: readonly Pick<TicketUpdateEntry, 'comment' | 'createdAt' | 'id'>[], links?: SearchLinks): TicketSearchRow {
  const comments = [...updates]
    .filter((u) => u.comment)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((u) => u.comment!);
  const words = documentWords(t, comments, links);
  return {
    id: t.id,
    createdAt: t.createdAt,
    email: t.customerEmail.toLowerCase(),
    domainRev: reversedDomain(emailDomain(t.customerEmail)),
    phoneRev: reversed(digitsOf(t.customerPhone)),
    words: [...new Set(words)],
    text: words.join(' '),
    assetTags: links ? assetTagsOf(links) : [],
  };
}

/**
 * Rewrites the search rows of `ids` from the cached tickets, their cached work history and links (a
 * ticket no longer cached loses its row). Call inside the writer's transaction with `tickets`,
 * `ticketUpdates`, `ticketSearch` and `records` in its scope, or on its own. `stored`: the tickets of
 * `ids` exactly as the caller has just put them in this transaction (a sync page), so they are not
 * read back (one IndexedDB get per ticket: issue 59, at 4x CPU).
 */
export async function reindexTickets(db: OfflineDb, ids: readonly string[], stored?: readonly Ticket[]): Promise<void> {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const given = stored ? new Map(stored.map((t) => [t.id, t])) : null;
  const inHand = given && unique.every((id) => given.has(id)) ? unique.map((id) => given.get(id)) : null;
  // One ticket (every sent update, every opened ticket): `equals` is one getAll; `anyOf` walks a
  // cursor, one IndexedDB request (a task of the page's main thread) per history row.
  const history = unique.length === 1 ? db.ticketUpdates.where('ticketId').equals(unique[0]) : db.ticketUpdates.where('ticketId').anyOf(unique);
  const [tickets, updates] = await Promise.all([inHand ?? db.tickets.bulkGet(unique), history.toArray()]);
  const byTicket = new Map<string, TicketUpdateEntry[]>();
  for (const u of updates) byTicket.set(u.ticketId, [...(byTicket.get(u.ticketId) ?? []), u]);
  const cached = tickets.filter((t): t is Ticket => t !== undefined);
  const links = await readSearchLinks(db, cached);
  const rows = cached.map((t) => searchRow(t, byTicket.get(t.id) ?? [], links.get(t.id)));
  const gone = unique.filter((_, i) => tickets[i] === undefined);
  await Promise.all([rows.length > 0 ? db.ticketSearch.bulkPut(rows) : null, gone.length > 0 ? db.ticketSearch.bulkDelete(gone) : null]);
}

/** Tickets indexed per transaction by {@link ensureSearchIndex}. */
const ENSURE_CHUNK = 500;

/**
 * Gives every cached ticket without a search row its row, drops rows of tickets no longer cached
 * (tickets cached before the index existed; rows written by a path that missed them) and writes
 * again the rows of tickets whose client card or assets changed since they were written
 * (searchLinks.ts). Cheap when complete (two key lists and the cached cards' and assets' texts).
 * Not inside a live query (it writes).
 * @returns the number of tickets indexed.
 */
export async function ensureSearchIndex(db: OfflineDb): Promise<number> {
  const links = await changedLinkTickets(db);
  const [ticketIds, rowIds] = await Promise.all([db.tickets.toCollection().primaryKeys(), db.ticketSearch.toCollection().primaryKeys()]);
  const have = new Set(rowIds);
  const cached = new Set(ticketIds);
  const missing = ticketIds.filter((id) => !have.has(id));
  const orphans = rowIds.filter((id) => !cached.has(id));
  if (orphans.length > 0) await db.ticketSearch.bulkDelete(orphans);
  const again = links.ids.filter((id) => have.has(id));
  const todo = [...missing, ...again];
  for (let i = 0; i < todo.length; i += ENSURE_CHUNK) {
    const chunk = todo.slice(i, i + ENSURE_CHUNK);
    await db.transaction('rw', [db.tickets, db.ticketUpdates, db.ticketSearch, db.records], () => reindexTickets(db, chunk));
  }
  await links.commit();
  return todo.length;
}

/** Ids matching the route's index conditions (the exact number aside), in no order. */
async function routeIds(db: OfflineDb, route: SearchRoute): Promise<string[]> {
  switch (route.kind) {
    case 'number':
      return route.phoneTail ? db.ticketSearch.where('phoneRev').startsWith(reversed(route.phoneTail)).primaryKeys() : [];
    case 'phone':
      return db.ticketSearch.where('phoneRev').startsWith(reversed(route.phoneTail)).primaryKeys();
    case 'email': {
      const found = new Set<string>();
      if (route.prefix) for (const id of await db.ticketSearch.where('email').startsWith(route.prefix).primaryKeys()) found.add(id);
      if (route.domain) {
        const d = reversedDomain(route.domain);
        for (const id of await db.ticketSearch.where('domainRev').equals(d).primaryKeys()) found.add(id);
        for (const id of await db.ticketSearch.where('domainRev').startsWith(`${d}.`).primaryKeys()) found.add(id);
      }
      return [...found];
    }
    case 'asset':
      return db.ticketSearch.where('assetTags').equals(route.assetTag).primaryKeys();
    case 'words': {
      // Candidates: tickets holding every word of every wanted term (the index), then the
      // phrases, prefixes and exclusions checked on the words in order.
      let candidates: string[] | null = null;
      for (const term of route.terms.filter((t) => !t.negated)) {
        for (const [i, word] of term.words.entries()) {
          const prefix = term.prefix && i === term.words.length - 1;
          const ids: string[] = await (prefix ? db.ticketSearch.where('words').startsWith(word) : db.ticketSearch.where('words').equals(word)).primaryKeys();
          const next = new Set(ids);
          const kept: string[] = candidates === null ? [...next] : (candidates as string[]).filter((id) => next.has(id));
          if (kept.length === 0) return [];
          candidates = kept;
        }
      }
      const rows = await db.ticketSearch.bulkGet(candidates ?? []);
      return rows.filter((r): r is TicketSearchRow => r !== undefined && documentMatches(r.text.split(' '), route.terms)).map((r) => r.id);
    }
    default:
      return [];
  }
}

/** Newest first by creation time, then id (the server's order). */
function newestFirst(a: { createdAt: string; id: string }, b: { createdAt: string; id: string }): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * The cached tickets a staff query finds, in the server's order: the exact ticket number first,
 * then newest first. Routed by the shared route (with the tickets of an asset of exactly that tag:
 * `exactAssetTag`); when the route finds no cached ticket at all, the words of a domain-shaped
 * query (`setup.exe`) or of an asset tag, then the substring fallback over the ticket's names and
 * e-mail address, its client's name, its contact's name and e-mail and its site's name (cached
 * client cards).
 * @returns ticket ids ([] for a query with nothing to find).
 */
export async function searchCachedTickets(db: OfflineDb, query: string): Promise<string[]> {
  const route = routeSearch(query);
  if (route.kind === 'none') return [];
  const words = wordsFallback(query, route);
  const assetTag = exactAssetTag(query, route);
  for (const r of words ? [route, words] : [route]) {
    const exact = r.kind === 'number' ? await db.tickets.where('ticketNumber').equals(r.ticketNumber).first() : undefined;
    const tagged = r === route && assetTag ? await db.ticketSearch.where('assetTags').equals(assetTag).primaryKeys() : [];
    const ids = [...new Set([...(await routeIds(db, r)), ...tagged])].filter((id) => id !== exact?.id);
    if (exact || ids.length > 0) {
      const rows = (await db.ticketSearch.bulkGet(ids)).filter((row): row is TicketSearchRow => row !== undefined).sort(newestFirst);
      return [...(exact ? [exact.id] : []), ...rows.map((row) => row.id)];
    }
  }
  const s = substringFallback(query, route);
  if (!s) return [];
  const links = await linkIdsContaining(db, s);
  const has = (ids: Set<string>, id: string | null | undefined) => !!id && ids.has(id);
  const linked = (t: Ticket) => has(links.clientIds, t.clientId) || has(links.contactIds, t.contactId) || has(links.siteIds, t.siteId);
  const found = await db.tickets.filter((t) => substringMatches(t, s) || linked(t)).toArray();
  return found.sort(newestFirst).map((t) => t.id);
}
