/**
 * The links of the phone's search rows (issue 58, docs/search.md "On the phone"): a ticket's client
 * name, contact (name, e-mail), site name, tags and linked assets, as the server's document has them
 * (shared `documentWords`). Tags come with the ticket; client names, contacts and sites (on the
 * client card) and assets are the clients and assets features' cached copies
 * (records collections 'clients' and 'assets'), read as data: features import nothing of each other.
 *
 * A client card (its name, a contact's or a site's) or an asset can change after the rows of its
 * tickets were written (a rename synced later, the assets pulled after the tickets): {@link changedLinkTickets} compares the texts
 * the rows were last checked against (meta `ticketSearch.links`) with the cached ones and names the
 * tickets to write again. No React.
 */
import type { Asset, Client, SearchLinks, Ticket } from '@portal/shared';
import { TICKET_SEARCH_LINKS_META, heldRecords, type CachedRecord, type OfflineDb } from '../../../offline/core';

/** The clients feature's collection of client cards (features/clients/offline/collection.ts). */
const CLIENTS = 'clients';
/** The assets feature's collection of assets (features/assets/offline/collection.ts). */
const ASSETS = 'assets';

/** A ticket's linked asset ids (single reads and the delta feed carry them; older copies lack them). */
export const assetIdsOf = (t: Ticket): string[] => (t as Ticket & { assetIds?: string[] }).assetIds ?? [];

/**
 * The links of each ticket, by ticket id. A client card or asset this device does not hold adds
 * nothing (its words are found online only). Call in a transaction that includes `records`, or on its own.
 */
export async function readSearchLinks(db: OfflineDb, tickets: readonly Ticket[]): Promise<Map<string, SearchLinks>> {
  const clientIds = [...new Set(tickets.map((t) => t.clientId).filter((id): id is string => !!id))];
  const assetIds = [...new Set(tickets.flatMap(assetIdsOf))];
  const [cards, assets] = await Promise.all([heldRecords(db, CLIENTS, clientIds), heldRecords(db, ASSETS, assetIds)]);
  const held = <T>(rows: readonly (CachedRecord | undefined)[]) => rows.filter((r): r is CachedRecord => r !== undefined).map((r) => [r.id, r.data as T] as const);
  const card = new Map(held<Client>(cards));
  const asset = new Map(held<Asset>(assets));
  return new Map(
    tickets.map((t) => {
      const c = t.clientId ? card.get(t.clientId) : undefined;
      const contact = t.contactId ? c?.contacts?.find((k) => k.id === t.contactId) : undefined;
      const site = t.siteId ? c?.sites?.find((x) => x.id === t.siteId) : undefined;
      const links: SearchLinks = {
        client: c?.name || null,
        contact: contact ? { name: contact.name, email: contact.email } : null,
        site: site?.name ?? null,
        tags: t.tags ?? [],
        assets: assetIdsOf(t).flatMap((id) => {
          const a = asset.get(id);
          return a ? [{ name: a.name, assetTag: a.assetTag }] : [];
        }),
      };
      return [t.id, links];
    }),
  );
}

/** A client card's words for the search rows: name, contacts (id, name, e-mail), sites (id, name). */
function cardText(c: Client): string {
  const contacts = (c.contacts ?? []).map((k) => `${k.id}\u0001${k.name}\u0001${k.email ?? ''}`);
  const sites = (c.sites ?? []).map((s) => `${s.id}\u0001${s.name}`);
  return [c.name, ...contacts, ...sites].join('\u0000');
}

/**
 * The searchable text of every cached client card (`c:<id>`: its name, its contacts' names and
 * e-mail addresses, its sites' names) and asset (`a:<id>`: name and tag).
 */
async function linkTexts(db: OfflineDb): Promise<Record<string, string>> {
  const rows = await db.records.where('collection').anyOf(CLIENTS, ASSETS).toArray();
  const texts: Record<string, string> = {};
  for (const r of rows) {
    if (r.collection === CLIENTS) texts[`c:${r.id}`] = cardText(r.data as Client);
    else texts[`a:${r.id}`] = `${(r.data as Asset).name}\u0000${(r.data as Asset).assetTag}`;
  }
  return texts;
}

/**
 * The cached tickets whose client card or assets changed since the last check (all tickets with a
 * client or an asset at the first check), and `commit`, which records the texts now cached as
 * checked: call it once those tickets' rows are written again.
 */
export async function changedLinkTickets(db: OfflineDb): Promise<{ ids: string[]; commit: () => Promise<void> }> {
  const [now, row] = await Promise.all([linkTexts(db), db.meta.get(TICKET_SEARCH_LINKS_META)]);
  const before = (row?.value as Record<string, string> | undefined) ?? {};
  const changed = new Set([...Object.keys(now), ...Object.keys(before)].filter((k) => now[k] !== before[k]));
  const ids =
    changed.size === 0 ? [] : await db.tickets.filter((t) => (!!t.clientId && changed.has(`c:${t.clientId}`)) || assetIdsOf(t).some((a) => changed.has(`a:${a}`))).primaryKeys();
  return { ids, commit: () => db.meta.put({ key: TICKET_SEARCH_LINKS_META, value: now }).then(() => undefined) };
}

/**
 * The substring fallback's links on the phone (docs/search.md, as the server's `namesContainingSql`):
 * the ids of the cached clients whose name, of the contacts (on the cached client cards) whose name
 * or e-mail address, and of the sites (on the same cards) whose name, contain `s` (lower-cased).
 */
export async function linkIdsContaining(db: OfflineDb, s: string): Promise<{ clientIds: Set<string>; contactIds: Set<string>; siteIds: Set<string> }> {
  const has = (text: string | null | undefined) => !!text && text.toLowerCase().includes(s);
  const clientIds = new Set<string>();
  const contactIds = new Set<string>();
  const siteIds = new Set<string>();
  for (const r of await db.records.where('collection').equals(CLIENTS).toArray()) {
    const c = r.data as Client;
    if (has(c.name)) clientIds.add(r.id);
    for (const k of c.contacts ?? []) if (has(k.name) || has(k.email)) contactIds.add(k.id);
    for (const x of c.sites ?? []) if (has(x.name)) siteIds.add(x.id);
  }
  return { clientIds, contactIds, siteIds };
}
