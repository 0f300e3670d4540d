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
 * Versions: 1 (issue 3) had ticket-only outbox items; 2 makes items generic (kind + payload) and
 * converts queued version-1 items in its upgrade (legacy.ts), so nothing queued is lost.
 *
 * Works in windows and in the service worker (no DOM use).
 */
import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import type { Technician, Ticket, TicketUpdateEntry } from '@portal/shared';
import { upgradeOutboxItemV1 } from './legacy';

/** Name of the IndexedDB database. */
export const OFFLINE_DB_NAME = 'portal-offline';

/**
 * Outbox item states (DESIGN.md 5): pending -> sending -> done (deleted at once, or kept with its
 * result when the kind says `keepDone`) | pending again with backoff (network error, 5xx, 408,
 * 429, 401) | conflict (409, when the kind handles it) | failed (other 4xx). Nothing leaves the
 * outbox except by success or by the user's explicit choice.
 */
export type OutboxState = 'pending' | 'sending' | 'conflict' | 'failed' | 'done';

/** A rejection kept on a failed item: the HTTP status and the server's message. */
export interface OutboxError {
  status: number;
  message: string;
  fieldErrors?: Record<string, string[]>;
}

/**
 * One queued write. The engine reads only the common fields; `payload`, `conflict` and `result`
 * belong to the item's kind (see kinds.ts `registerOutboxKind`).
 * @typeParam P what the kind needs to build the request (e.g. a ticket patch)
 * @typeParam C what the kind keeps in state 'conflict' for the user's choice
 * @typeParam R what the kind keeps in state 'done' (kinds with `keepDone`)
 */
export interface OutboxItem<P = unknown, C = unknown, R = unknown> {
  /** Auto-increment primary key: enqueue order (FIFO). Absent only before insertion. */
  seq: number;
  /** Idempotency-Key (client UUID), generated once at enqueue and kept for every resend. */
  key: string;
  /** Registered kind, e.g. 'ticket.update'; an unknown kind is kept and reported, never dropped. */
  kind: string;
  /** FIFO stream: items of one stream are sent strictly in order (e.g. `ticket:<id>`). */
  stream: string;
  state: OutboxState;
  /** Enqueue time (ISO 8601). */
  createdAt: string;
  /** Number of sends made so far (any outcome). */
  attempts: number;
  /** Epoch ms before which a retry is not due (backoff after 5xx / 429); 0 = due now. */
  nextAttemptAt: number;
  /** Last transient problem ("Network error", "503: ..."), shown while the item waits; null when none. */
  lastError: string | null;
  /**
   * HTTP status behind `lastError` (401, 408, 429, 5xx), so screens can say what happened in plain
   * words (e.g. 'too many requests, sent again at 3:42 PM' for a 429 with `nextAttemptAt` from
   * Retry-After); null or absent for a network error or no problem (issue 10).
   */
  lastStatus?: number | null;
  /** The server's rejection when `state` is 'failed'. */
  error: OutboxError | null;
  /**
   * Author: kinds with `auth: 'session'` are sent only with this user's session (sign-out keeps
   * the item for them). Null = anonymous (or, for session kinds, an unknown author).
   */
  userId: string | null;
  userName: string | null;
  /** Human label for messages, e.g. the ticket number ("TKT-000123: ..."). */
  label: string;
  /** Indexed id of the record the item changes (e.g. the ticket id); null when none. */
  entityId: string | null;
  /** Kind-specific request data. */
  payload: P;
  /** Kind-specific data kept in state 'conflict'; null otherwise. */
  conflict: C | null;
  /** Kind-specific result kept in state 'done'; null otherwise. */
  result: R | null;
}

/** A key/value row of the `meta` table. */
export interface MetaRow {
  key: string;
  value: unknown;
}

/** A row of a generic cached collection (see `records` above). */
export interface CachedRecord {
  collection: string;
  id: string;
  data: unknown;
}

/** The version-1 schema (issue 3), kept so Dexie can upgrade databases created by it. */
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
