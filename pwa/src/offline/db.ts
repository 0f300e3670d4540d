/**
 * The PWA's one IndexedDB database (DESIGN.md 5), typed with Dexie.
 *
 * Tables:
 * - `tickets`        server state of each ticket (`Ticket`, as the API last returned it). Pending
 *                    edits are NOT written here; screens overlay the outbox (see ticketOutbox.ts),
 *                    so a delta pull can never clobber an edit that is still waiting to sync.
 * - `ticketUpdates`  work-history entries (`TicketUpdateEntry`), by id, indexed by ticketId.
 * - `technicians`    the assignee list (`Technician`), replaced on every pull.
 * - `outbox`         the ONE owner of offline writes (`OutboxItem`); `seq` (auto-increment) is the
 *                    first-in-first-out order, `stream` groups items that must not overtake each other.
 * - `meta`           small key/value rows: delta cursors (`cursor:<collection>`), `lastSync`, `owner`.
 * - `records`        generic cached collections keyed `[collection+id]`, so later features (vault
 *                    index WITHOUT secrets, scheduler snapshot) can cache their data through
 *                    collections.ts `registerCollection` without a schema change. A feature that
 *                    needs its own indexes adds a table in a new `this.version(n)` below instead.
 *
 * Works in windows and in the service worker (no DOM use).
 */
import Dexie, { type DexieOptions, type EntityTable } from 'dexie';
import type {
  Technician,
  Ticket,
  TicketCreated,
  TicketCreateInput,
  TicketMergeField,
  TicketPatch,
  TicketUpdateEntry,
} from '@portal/shared';

/** Name of the IndexedDB database. */
export const OFFLINE_DB_NAME = 'portal-offline';

/**
 * Outbox item states (DESIGN.md 5): pending -> sending -> done (ticket updates are deleted at once;
 * ticket creations keep their result for the form) | pending again with backoff (network error,
 * 5xx, 408, 429, 401) | conflict (409) | failed (other 4xx). Nothing leaves the outbox except
 * by success or by the technician's explicit choice.
 */
export type OutboxState = 'pending' | 'sending' | 'conflict' | 'failed' | 'done';

/** A rejection kept on a failed item: the HTTP status and the server's message. */
export interface OutboxError {
  status: number;
  message: string;
  fieldErrors?: Record<string, string[]>;
}

interface OutboxItemBase {
  /** Auto-increment primary key: enqueue order (FIFO). Absent only before insertion. */
  seq: number;
  /** Idempotency-Key (client UUID), generated once at enqueue and kept for every resend. */
  key: string;
  state: OutboxState;
  /** FIFO stream: `ticket:<id>` for updates, `create:<key>` for new tickets. */
  stream: string;
  /** Enqueue time (ISO 8601). */
  createdAt: string;
  /** Number of sends made so far (any outcome). */
  attempts: number;
  /** Epoch ms before which a retry is not due (backoff after 5xx / 429); 0 = due now. */
  nextAttemptAt: number;
  /** Last transient problem ("Network error", "503: ..."), shown while the item waits; null when none. */
  lastError: string | null;
  /** The server's rejection when `state` is 'failed'. */
  error: OutboxError | null;
}

/** A queued `PATCH /api/tickets/:id` (SPEC.md 4 ticket update). */
export interface TicketUpdateItem extends OutboxItemBase {
  kind: 'ticket.update';
  ticketId: string;
  /** For messages ("Ticket TKT-000123 has been updated."). */
  ticketNumber: string;
  /** Author: only their session may send it (sign-out keeps it for them). Null if unknown. */
  userId: string | null;
  userName: string | null;
  /** Only the changed fields (shared buildTicketPatch) plus `baseVersion`, the server version seen. */
  patch: TicketPatch;
  /** Displayed value of each changed merge field when the edit was made (decides real conflicts). */
  seen: Partial<Record<TicketMergeField, string | null>>;
  /** Set in state 'conflict': the server's current ticket and the fields really in conflict. */
  conflict: { ticket: Ticket; fields: TicketMergeField[] } | null;
}

/** A queued public `POST /api/tickets` (issue 3 flow 6); sent without a session. */
export interface TicketCreateItem extends OutboxItemBase {
  kind: 'ticket.create';
  body: TicketCreateInput;
  /** Set when done: the created ticket's id and number, for the form's success view. */
  result: TicketCreated | null;
}

export type OutboxItem = TicketUpdateItem | TicketCreateItem;

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
    this.version(1).stores({
      tickets: 'id',
      ticketUpdates: 'id, ticketId',
      technicians: 'id',
      outbox: '++seq, state, stream, ticketId',
      meta: 'key',
      records: '[collection+id], collection',
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
