/**
 * The row shapes of the offline database's generic tables (db.ts): outbox items, meta rows and
 * cached records. Types only, in their own module so db.ts and its version-1 upgrade (legacy.ts)
 * both use them without importing each other.
 */

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
  /**
   * Other streams this item waits for: it is not sent while an older item of one of them is pending
   * or sending (e.g. a ticket update naming a contact created offline waits for `client:<id>`).
   */
  after?: string[];
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
   * Retry-After); null or absent for a network error or no problem.
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

/**
 * The search index row of one cached ticket (Dexie table `ticketSearch`; written by
 * features/tickets/offline/searchIndex.ts). Shapes follow shared/src/search: `email` lower-cased,
 * `domainRev` its domain reversed by labels, `phoneRev` the phone's digits reversed, `words` the
 * document's distinct words (multi-entry index), `text` all its words in order (phrases),
 * `assetTags` the lower-cased tags of its linked assets (multi-entry index: the `asset` route).
 */
export interface TicketSearchRow {
  id: string;
  createdAt: string;
  email: string;
  domainRev: string;
  phoneRev: string;
  words: string[];
  text: string;
  assetTags: string[];
}
