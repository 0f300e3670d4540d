/**
 * The PWA's one IndexedDB database (DESIGN.md 5), typed with Dexie.
 *
 * Tables:
 * - `outbox`         the ONE owner of offline writes (`OutboxItem`, any registered kind); `seq`
 *                    (auto-increment) is the first-in-first-out order, `stream` groups items that
 *                    must not overtake each other, `entityId` finds the items of one record.
 * - `meta`           small key/value rows: delta cursors (`cursor:<collection>`), `lastSync`, `owner`.
 * - `records`        generic cached collections keyed `[collection+id]`: a feature caches its data
 *                    through `registerCollection` + `replaceRecords` without a schema change.
 * - `tickets`, `ticketUpdates`, `technicians`: the ticket feature's cached collections
 *                    (features/tickets/offline), which need their own indexes. The schema lives here
 *                    because Dexie must know every table and version before the database opens, in
 *                    the page and in the service worker alike; a feature that needs its own indexes
 *                    adds its table in a new `this.version(n)` below, with an upgrade when data moves.
 *
 * - `ticketSearch`  the phone's search index of the cached tickets (features/tickets/offline/searchIndex.ts):
 *                    one row per ticket, indexed by e-mail, reversed domain, reversed phone digits and
 *                    a multi-entry word index; `tickets.ticketNumber` finds a number.
 *
 * Versions: 1 had ticket-only outbox items; 2 makes items generic (kind + payload) and
 * converts queued version-1 items in its upgrade (legacy.ts), so nothing queued is lost; 3 adds
 * the search index (rows are written at sync, and for tickets cached before it by the first search);
 * 4 indexes the linked assets' tags and drops the rows, rewritten with the links' words by the
 * first search.
 *
 * Works in windows and in the service worker (no DOM use).
 */
import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import type { Technician, Ticket, TicketUpdateEntry } from '@portal/shared';
import { upgradeOutboxItemV1 } from './legacy';
import type { CachedRecord, MetaRow, OutboxItem, TicketSearchRow } from './rows';

/** Meta key of the client and asset texts the search rows were last checked against (searchLinks.ts). */
export const TICKET_SEARCH_LINKS_META = 'ticketSearch.links';

/** Name of the IndexedDB database. */
export const OFFLINE_DB_NAME = 'portal-offline';

export type { CachedRecord, MetaRow, OutboxError, OutboxItem, OutboxState, TicketSearchRow } from './rows';

/** The version-1 schema, kept so Dexie can upgrade databases created by it. */
export const SCHEMA_V1 = {
  tickets: 'id',
  ticketUpdates: 'id, ticketId',
  technicians: 'id',
  outbox: '++seq, state, stream, ticketId',
  meta: 'key',
  records: '[collection+id], collection',
} as const;

/** The typed Dexie database. Construct with another `indexedDB` (tests) via `options`. */
export class OfflineDb extends Dexie {
  tickets!: EntityTable<Ticket, 'id'>;
  ticketUpdates!: EntityTable<TicketUpdateEntry, 'id'>;
  technicians!: EntityTable<Technician, 'id'>;
  outbox!: EntityTable<OutboxItem, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;
  records!: EntityTable<CachedRecord, 'collection' | 'id'>;
  ticketSearch!: EntityTable<TicketSearchRow, 'id'>;

  constructor(name: string = OFFLINE_DB_NAME, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores(SCHEMA_V1);
    this.version(2)
      .stores({ outbox: '++seq, state, stream, entityId, kind' })
      .upgrade((tx) =>
        tx
          .table('outbox')
          .toCollection()
          .modify((item: Record<string, unknown>, ref: { value: unknown }) => {
            ref.value = upgradeOutboxItemV1(item);
          }),
      );
    this.version(3).stores({ tickets: 'id, ticketNumber', ticketSearch: 'id, email, domainRev, phoneRev, *words' });
    // The links' words and the asset tags (issue 58, docs/search.md): every row is written again,
    // from the cached tickets, client cards and assets, by the first offline search (ensureSearchIndex).
    this.version(4)
      .stores({ ticketSearch: 'id, email, domainRev, phoneRev, *words, *assetTags' })
      .upgrade(async (tx) => {
        await tx.table('ticketSearch').clear();
        await tx.table('meta').delete(TICKET_SEARCH_LINKS_META);
      });
  }
}

let instance: OfflineDb | null = null;

/** The shared database of this page or service worker (created on first use). */
export function getOfflineDb(): OfflineDb {
  instance ??= new OfflineDb();
  return instance;
}

/** Replaces the shared database (unit tests); returns the previous one. */
export function setOfflineDb(db: OfflineDb): OfflineDb | null {
  const previous = instance;
  instance = db;
  return previous;
}

/** Reads a meta value; undefined when absent. */
export async function getMeta<T>(db: OfflineDb, key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

/** Writes a meta value. */
export async function setMeta(db: OfflineDb, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}

/** Meta keys. `owner`: id of the signed-in user whose data is cached (null when signed out). */
export const META = {
  owner: 'owner',
  lastSync: 'lastSync',
  cursor: (collection: string) => `cursor:${collection}`,
} as const;
