/**
 * The phone's client cards (issue 50 item 6, DESIGN.md 5): every client's card (client, active
 * contacts, sites) in the generic `records` table under collection 'clients', delta-synced like
 * tickets with `GET /api/clients?since=CURSOR` (pages of 200 until `more` is false; deleted ids
 * removed). A card is replaced only by one at least as new (`updatedAt`; a site or contact write
 * moves its client's `updatedAt`), so a late page never undoes a write's answer. No React.
 */
import type { Client, ClientDeltaPage, Contact, Site } from '@portal/shared';
import { clearRecords, heldRecords, type OfflineDb, type PagedSyncCollection } from '../../../offline/core';

/** Name of the collection (its rows in `records`, its cursor `cursor:clients`). */
export const CLIENTS_COLLECTION = 'clients';
/** Delta page size asked of the API (its maximum). */
export const CLIENTS_PULL_LIMIT = 200;

const keys = (ids: string[]) => ids.map((id) => [CLIENTS_COLLECTION, id]) as unknown as string[];

/**
 * Stores whole cards, each only over an older or equal one. Runs in the caller's transaction when
 * there is one. A page of many cards reads the held ones keys first (offline/core `heldRecords`: on
 * a first sync none is held, and a bulkGet would be one IndexedDB get per card).
 */
export async function putClientCards(db: OfflineDb, cards: Client[]): Promise<void> {
  if (cards.length === 0) return;
  await db.transaction('rw', db.records, async () => {
    const held = await heldRecords(db, CLIENTS_COLLECTION, cards.map((c) => c.id));
    const stored = new Map(held.flatMap((r) => (r ? [[r.id, r.data as Client] as const] : [])));
    const newer = cards.filter((c) => !stored.has(c.id) || stored.get(c.id)!.updatedAt <= c.updatedAt);
    await db.records.bulkPut(newer.map((c) => ({ collection: CLIENTS_COLLECTION, id: c.id, data: c })));
  });
}

/** Puts a contact or site answer into its cached card (replacing the one of that id). */
export async function putClientChild(db: OfflineDb, child: Contact | Site, list: 'contacts' | 'sites'): Promise<void> {
  const row = await db.records.get([CLIENTS_COLLECTION, child.clientId] as unknown as string);
  if (!row) return;
  const card = row.data as Client;
  const items = (card[list] as (Contact | Site)[]).filter((c) => c.id !== child.id);
  const archived = list === 'contacts' && (child as Contact & { archived?: boolean }).archived === true;
  await db.records.put({ ...row, data: { ...card, [list]: archived ? items : [...items, child].sort((a, b) => a.name.localeCompare(b.name)) } });
}

/** Removes a deleted client's card. */
export async function removeCard(db: OfflineDb, id: string): Promise<void> {
  await db.records.delete(keys([id])[0]!);
}

/** Removes a deleted contact or site from its cached card. */
export async function removeChild(db: OfflineDb, clientId: string, list: 'contacts' | 'sites', id: string): Promise<void> {
  const row = await db.records.get(keys([clientId])[0]!);
  if (!row) return;
  const card = row.data as Client;
  await db.records.put({ ...row, data: { ...card, [list]: (card[list] as (Contact | Site)[]).filter((c) => c.id !== id) } });
}

/** Every cached card (unsorted). */
export async function readClientCards(db: OfflineDb): Promise<Client[]> {
  return (await db.records.where('collection').equals(CLIENTS_COLLECTION).toArray()).map((r) => r.data as Client);
}

/** One cached card, or undefined. */
export async function readClientCard(db: OfflineDb, id: string): Promise<Client | undefined> {
  return (await db.records.get([CLIENTS_COLLECTION, id] as unknown as string))?.data as Client | undefined;
}

/** The collection the engine pulls on every sync (staff only: the API refuses others). */
export const clientsCollection: PagedSyncCollection = {
  name: CLIENTS_COLLECTION,
  async pull(since, { db, get, prefetch }) {
    const url = (cursor: string) => `/api/clients?since=${encodeURIComponent(cursor)}&limit=${CLIENTS_PULL_LIMIT}`;
    const page = await get<ClientDeltaPage>(url(since ?? '0'));
    if (page.more) prefetch?.(url(page.cursor)); // asked while this page is stored (PullContext.prefetch)
    await db.transaction('rw', db.records, async () => {
      await putClientCards(db, page.items);
      if (page.deleted.length > 0) await db.records.bulkDelete(keys(page.deleted));
    });
    return { cursor: page.cursor, more: page.more };
  },
  clear: (db) => clearRecords(db, CLIENTS_COLLECTION),
};
