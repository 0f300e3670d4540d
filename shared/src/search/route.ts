/**
 * Which search a staff query runs, decided by its shape (issue 58, docs/search.md). The one module
 * both sides route with: the API's list and counts (api/src/features/tickets/searchRepository.ts)
 * and the phone's copy (pwa/src/features/tickets/offline/searchIndex.ts), so a query finds the same
 * tickets online and offline.
 *
 * Routes, first match wins:
 * 1. `number`: `TKT-000123`, `tkt-123`, `#123`, or only digits (`000123`, `123`): that ticket,
 *    exactly, first in the results. Only digits and 4 or more of them: also a phone tail (`0142`
 *    is ticket 142 and every phone ending 0142).
 * 2. `phone`: 4 or more digits once `+ ( ) - . space` are removed (`(555) 010-0142`, `+1 555`):
 *    phones that END with those digits (never ticket numbers, never text).
 * 3. `email`: contains `@` (`jo@`, `jo@acme.com`: addresses starting so; `@acme.com`: that domain)
 *    or looks like `name.tld` (`acme.com`: every address at acme.com or a subdomain of it, and
 *    addresses starting `acme.com`). E-mail addresses only, never issue text.
 * 4. `asset`: the automatic asset tag shape `A-0042` (`A-` and 4 or more digits, any case): the
 *    tickets linked to the asset with exactly that tag (never a ticket number, never a longer tag).
 * 5. `words`: everything else, with web-search syntax: every word must occur (AND), `"a b"` is a
 *    phrase, `-word` / `-"a b"` excludes, the last plain word is a prefix (`prin` finds printer);
 *    a plain token that splits into several words (`HP-4050`) is a phrase. A query with no word to
 *    find (only exclusions) finds nothing.
 * Every route of a query that could be an asset tag (one token of letters, digits, `-._`:
 * {@link exactAssetTag}) also finds the tickets linked to the asset of exactly that tag, so a
 * hand-made tag (`SRV-01`, `PRN.7`) finds its tickets as `A-0042` does.
 * 6. Words again ({@link wordsFallback}): a domain-shaped query (3) whose addresses found no
 *    ticket at all searches the words (`setup.exe` in an issue); an asset tag (4) that found none
 *    searches its words as an exact phrase (`A-0042` written in an issue).
 * 7. Substring ({@link substringFallback}): when the route found no ticket at all, the query as
 *    typed (3 characters or more) inside the ticket's contact and business names and e-mail
 *    address, its client's name (clients table), its linked contact's name and e-mail and its
 *    site's name.
 *
 * To add a field to a route: words join the stored document of both sides ({@link documentWords}
 * and the migrations' `ticket_search_refresh`, in the same order); a new shape gets a route kind
 * here, tested in route.test.ts, then one SQL branch in searchRepository.ts and one Dexie branch in
 * searchIndex.ts (docs/search.md "Adding a field or a shape").
 */
import { formatTicketNumber } from '../rules/tickets';
import { digitsOf, searchWords } from './words';

/** One condition of a word search: a word (one entry) or a phrase (several, adjacent, in order). */
export interface SearchTerm {
  words: string[];
  /** The last word matches as a prefix. */
  prefix: boolean;
  /** The ticket must NOT contain it. */
  negated: boolean;
}

/** The search a query runs (see the module comment). */
export type SearchRoute =
  | { kind: 'none' }
  | { kind: 'number'; ticketNumber: string; phoneTail: string | null }
  | { kind: 'phone'; phoneTail: string }
  | { kind: 'email'; prefix: string | null; domain: string | null }
  | { kind: 'asset'; assetTag: string }
  | { kind: 'words'; terms: SearchTerm[] };

/** Fewest digits a phone tail has (fewer would match too many numbers). */
export const PHONE_TAIL_MIN_DIGITS = 4;
/** Shortest substring the fallback looks for (trigram indexes need 3 characters). */
export const SUBSTRING_MIN_LENGTH = 3;
/** Longest ticket sequence number a digits-only query can name. */
const MAX_TICKET_DIGITS = 9;

const TICKET_NUMBER = /^(?:tkt-?|#)?(\d{1,9})$/i;
const ONLY_DIGITS = /^\d+$/;
const PHONE_PUNCTUATION = /[+()\-.\s]/g;
const LOOKS_LIKE_DOMAIN = /^[^\s@"]+\.[a-z]{2,}$/i;
/** The tags the assets feature gives (`A-0001`; api/src/features/assets/repository.ts), 4 digits or more. */
const AUTOMATIC_ASSET_TAG = /^a-\d{4,}$/i;
/** Any asset tag (shared/src/schemas/assets.ts `assetTagSchema`). */
const ASSET_TAG = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;

/** The route of `query` (trimmed; case does not matter). */
export function routeSearch(query: string): SearchRoute {
  const q = query.trim();
  if (q === '') return { kind: 'none' };
  const number = TICKET_NUMBER.exec(q);
  if (number && Number(number[1]) >= 1 && number[1]!.length <= MAX_TICKET_DIGITS) {
    const tail = ONLY_DIGITS.test(q) && q.length >= PHONE_TAIL_MIN_DIGITS ? q : null;
    return { kind: 'number', ticketNumber: formatTicketNumber(Number(number[1])), phoneTail: tail };
  }
  const phone = q.replace(PHONE_PUNCTUATION, '');
  if (ONLY_DIGITS.test(phone) && phone.length >= PHONE_TAIL_MIN_DIGITS) return { kind: 'phone', phoneTail: phone };
  if (!/\s/.test(q) && (q.includes('@') || LOOKS_LIKE_DOMAIN.test(q))) {
    const lower = q.toLowerCase();
    if (lower.startsWith('@')) return lower.length > 1 ? { kind: 'email', prefix: null, domain: lower.slice(1) } : { kind: 'none' };
    return { kind: 'email', prefix: lower, domain: lower.includes('@') ? null : lower };
  }
  if (AUTOMATIC_ASSET_TAG.test(q)) return { kind: 'asset', assetTag: q.toLowerCase() };
  const terms = parseTerms(q);
  return terms.some((t) => !t.negated) ? { kind: 'words', terms } : { kind: 'none' };
}

/**
 * Web-search terms of `q`: `"..."` phrases (an unclosed quote runs to the end), `-` before a
 * token or phrase excludes it, plain tokens split into words by {@link searchWords} (several words
 * make a phrase). The last term is a prefix when it is a plain, not excluded token.
 */
export function parseTerms(q: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const token = /(-?)"([^"]*)"?|(-?)([^\s"]+)/g;
  let lastPlain = false;
  for (let m = token.exec(q); m !== null; m = token.exec(q)) {
    const quoted = m[2] !== undefined;
    const words = searchWords(quoted ? m[2] : m[4]);
    lastPlain = !quoted;
    if (words.length === 0) continue;
    terms.push({ words, prefix: false, negated: (quoted ? m[1] : m[3]) === '-' });
  }
  const last = terms[terms.length - 1];
  if (last && lastPlain && !last.negated) last.prefix = true;
  return terms;
}

/**
 * The route to try when `route` found no ticket at all, before the substring fallback: a query
 * shaped like a domain, without `@` (`setup.exe`, `node.js`, `asp.net`, or `acme.com` when no
 * address is at acme.com), searches the words, as a phrase (a file or product name in the issue or
 * a comment). Null for every other route: a domain with addresses never matches issue text, a
 * number or phone tail never matches words.
 */
export function wordsFallback(query: string, route: SearchRoute): SearchRoute | null {
  const asset = route.kind === 'asset';
  if (!asset && (route.kind !== 'email' || route.domain === null || route.prefix === null)) return null;
  // An asset tag is typed whole: its words as an exact phrase (`A-0042` never finds `A-00421`).
  const terms = parseTerms(query.trim()).map((t) => (asset ? { ...t, prefix: false } : t));
  return terms.some((t) => !t.negated) ? { kind: 'words', terms } : null;
}

/**
 * The asset tag (lower-cased) whose linked tickets `route` also finds: the query trimmed when it
 * could be an asset tag (one token of letters, digits, `-._`, as `assetTagSchema` allows), for
 * every route but `asset` (which finds exactly that tag already) and `none`. Null otherwise.
 */
export function exactAssetTag(query: string, route: SearchRoute): string | null {
  if (route.kind === 'asset' || route.kind === 'none') return null;
  const q = query.trim();
  return ASSET_TAG.test(q) ? q.toLowerCase() : null;
}

/**
 * The substring the fallback searches when the route found nothing: `query` trimmed and
 * lower-cased, or null when shorter than {@link SUBSTRING_MIN_LENGTH} or when the route cannot
 * find text (nothing to search).
 */
export function substringFallback(query: string, route: SearchRoute): string | null {
  if (route.kind === 'none') return null;
  const q = query.trim().toLowerCase();
  return [...q].length >= SUBSTRING_MIN_LENGTH ? q : null;
}

/** A lexeme in tsquery syntax: quoted, its quotes and backslashes escaped. */
function lexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The terms as PostgreSQL tsquery text (`'printer' & !'paper' & ('hp' <-> '4050':*)`), to be
 * cast with `::tsquery` (no parser, no dictionary: the lexemes are already the stored words).
 */
export function tsqueryText(terms: readonly SearchTerm[]): string {
  return terms
    .map((t) => {
      const words = t.words.map((w, i) => lexeme(w) + (t.prefix && i === t.words.length - 1 ? ':*' : ''));
      const body = words.length === 1 ? words[0]! : `(${words.join(' <-> ')})`;
      return t.negated ? `!${body}` : body;
    })
    .join(' & ');
}

/** True when `words` (a document, in order) holds `term` (phrase and prefix as in PostgreSQL), ignoring `negated`. */
export function documentHas(words: readonly string[], term: SearchTerm): boolean {
  const n = term.words.length;
  for (let i = 0; i + n <= words.length; i++) {
    let ok = true;
    for (let k = 0; k < n && ok; k++) {
      const w = words[i + k]!;
      const want = term.words[k]!;
      ok = term.prefix && k === n - 1 ? w.startsWith(want) : w === want;
    }
    if (ok) return true;
  }
  return false;
}

/** True when a document (its words in order) satisfies every term, as `doc @@ tsqueryText(terms)` does. */
export function documentMatches(words: readonly string[], terms: readonly SearchTerm[]): boolean {
  return terms.every((t) => documentHas(words, t) !== t.negated);
}

/** The text fields of a ticket the search reads (the ticket row's own part of the document). */
export interface SearchableTicket {
  ticketNumber: string;
  clientName: string;
  businessName: string | null;
  customerEmail: string;
  customerPhone: string;
  issue: string;
  resolution: string | null;
}

/** A ticket's links whose words join its document (clients, contacts, sites, tags and assets tables). */
export interface SearchLinks {
  /** The name of the ticket's client (clients table, `clientId`); null without one. */
  client: string | null;
  /** The ticket's contact (`contactId`): its name and e-mail address; absent or null without one. */
  contact?: { name: string; email: string | null } | null;
  /** The name of the ticket's site (`siteId`); absent or null without one. */
  site?: string | null;
  /** The ticket's tag names. */
  tags: readonly string[];
  /** The ticket's linked assets. */
  assets: readonly { name: string; assetTag: string }[];
}

/** No links (a ticket without client, contact, site, tags or assets). */
export const NO_SEARCH_LINKS: SearchLinks = { client: null, contact: null, site: null, tags: [], assets: [] };

/** Order of lower-cased texts by code point, as PostgreSQL's `collate "C"` sorts (migration 0050). */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The words of a ticket's document, in the stored order: the contact's name as typed
 * (`clientName`), business, the client's name (clients table), the linked contact's name and
 * e-mail address, the site's name, e-mail, issue, resolution, tags (by lower-cased name), linked
 * assets (name then tag, by lower-cased tag), then the comments of its work history oldest first.
 * Migration 0056's `ticket_search_refresh` concatenates the same fields in the same order (a phrase
 * may span two neighbouring fields on both sides alike).
 */
export function documentWords(t: SearchableTicket, comments: readonly string[], links: SearchLinks = NO_SEARCH_LINKS): string[] {
  const tags = links.tags.map((n) => n.toLowerCase()).sort(byCodePoint);
  const assets = [...links.assets].sort((a, b) => byCodePoint(a.assetTag.toLowerCase(), b.assetTag.toLowerCase())).flatMap((a) => [a.name, a.assetTag]);
  const contact = [links.contact?.name, links.contact?.email];
  const fields = [t.clientName, t.businessName, links.client, ...contact, links.site, t.customerEmail, t.issue, t.resolution, ...tags, ...assets, ...comments];
  return searchWords(fields.filter((x) => x != null && x !== '').join(' '));
}

/** The lower-cased tags of a ticket's linked assets (the `asset` route's index on both sides). */
export function assetTagsOf(links: SearchLinks): string[] {
  return [...new Set(links.assets.map((a) => a.assetTag.toLowerCase()))];
}

/** True when `route` (number, phone or email) matches the ticket's own fields. */
export function fieldsMatch(t: SearchableTicket, route: SearchRoute): boolean {
  switch (route.kind) {
    case 'number':
      return t.ticketNumber === route.ticketNumber || (route.phoneTail !== null && digitsOf(t.customerPhone).endsWith(route.phoneTail));
    case 'phone':
      return digitsOf(t.customerPhone).endsWith(route.phoneTail);
    case 'email': {
      const email = t.customerEmail.toLowerCase();
      const domain = email.slice(email.lastIndexOf('@') + 1);
      if (route.prefix !== null && email.startsWith(route.prefix)) return true;
      return route.domain !== null && email.includes('@') && (domain === route.domain || domain.endsWith(`.${route.domain}`));
    }
    default:
      return false;
  }
}

/** True when the substring fallback `s` (lower-cased) occurs in the client name, business name or e-mail. */
export function substringMatches(t: Pick<SearchableTicket, 'clientName' | 'businessName' | 'customerEmail'>, s: string): boolean {
  return [t.clientName, t.businessName ?? '', t.customerEmail].some((f) => f.toLowerCase().includes(s));
}
