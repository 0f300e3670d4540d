/**
 * Registry of outbox kinds (DESIGN.md 5): what the engine must know to send and settle an item of
 * a kind it has never heard of. A feature describes its offline write once, in its own
 * `features/<name>/offline/` module (no React, so the service worker can import it), and the
 * composition file `pwa/src/offline-registry.ts` registers it in the page and in the service worker:
 *
 * ```ts
 * export const surveySubmitKind: OutboxKind<SurveyAnswers> = {
 *   kind: 'survey.submit',
 *   auth: 'anonymous',
 *   request: (item) => ({ method: 'POST', url: `/api/surveys/${item.entityId}/answers`, body: item.payload }),
 * };
 * ```
 *
 * The drain (drain.ts) looks the kind up by `item.kind` for every item; it adds the item's
 * Idempotency-Key itself and applies the common rules (FIFO per stream, backoff, stop rules). An
 * item whose kind is not registered stays in the outbox untouched and is reported. Works without
 * a window.
 */
import type { HttpResponse } from '../lib/http';
import type { OfflineDb, OutboxError, OutboxItem } from './db';

/**
 * Whose session sends the item: 'session' -> only the author's (`item.userId`; sign-out keeps it
 * until they sign in again); 'anonymous' -> whoever is (or is not) signed in on this device, e.g.
 * the public support form or a survey answer. The request carries the device's cookie either way.
 */
export type OutboxAuth = 'session' | 'anonymous';

/** The HTTP request of an item. The drain adds `Idempotency-Key: item.key`. */
export interface OutboxRequest {
  method: string;
  /** Same-origin path, e.g. `/api/tickets/<id>`. */
  url: string;
  /** JSON body. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** What the settle hooks get. They run inside the Dexie transaction that settles the item. */
export interface SettleContext<P = unknown, C = unknown, R = unknown> {
  /** Use only Dexie inside a hook (no fetch, no timers): the transaction would commit early. */
  db: OfflineDb;
  /** The item as it was sent (state 'sending'). */
  item: OutboxItem<P, C, R>;
  /** HTTP status of the answer. */
  status: number;
  /** Parsed JSON body of the answer (undefined when empty or not JSON). */
  body: unknown;
}

/**
 * What a kind decides about a 409:
 * - `retry`: nothing really conflicts; the item is pending again at once with `payload` (e.g.
 *   re-based on the server's version) and resent in the same pass with the same key. Allowed
 *   only while `mayRetry` (a few times per item and pass), else choose `conflict`.
 * - `conflict`: the item waits in state 'conflict' with `conflict` until the user chooses; it
 *   blocks only its stream.
 * - `fail`: treat it as any other 4xx (state 'failed' with the server's message).
 */
export type ConflictDecision<P = unknown, C = unknown> =
  | { action: 'retry'; payload: P }
  | { action: 'conflict'; conflict: C }
  | { action: 'fail' };

/** A toast the app shows about items of a kind (title, description; destructive for problems). */
export interface Notice {
  title: string;
  description: string;
  variant?: 'destructive';
}

/**
 * A registered kind of offline write. Hooks are optional; without them 2xx deletes the item, 409
 * and other 4xx mark it failed with the server's message. Hooks are declared as methods, so a
 * kind typed with its own payload is assignable to the registry's `OutboxKind`.
 * @typeParam P payload, C conflict data, R result kept when done (see db.ts OutboxItem).
 */
export interface OutboxKind<P = unknown, C = unknown, R = unknown> {
  /** Unique name stored on every item, `<feature>.<verb>` (e.g. 'ticket.update'). Never rename a kind that may be queued on a device. */
  kind: string;
  auth: OutboxAuth;
  /** Builds the request from the item (pure; called for every attempt). */
  request(item: OutboxItem<P, C, R>): OutboxRequest;
  /**
   * Optional own sending, for writes that are not one JSON request (uploads.ts: a resumable tus
   * upload). Answers like the transport: an HttpResponse for any answer, NetworkError when none.
   * Without it the drain sends {@link request} through its transport.
   */
  send?(item: OutboxItem<P, C, R>, ctx: { db: OfflineDb }): Promise<HttpResponse>;
  /** Names of the other tables the hooks write (they join the settling transaction). Default none. */
  tables?: readonly string[];
  /** Keep a successful item in state 'done' with its result (e.g. the form shows the ticket number); default: delete it. */
  keepDone?: boolean;
  /** 2xx: store what the server returned. The return value becomes `result` when `keepDone` (default: the response body). */
  onSuccess?(ctx: SettleContext<P, C, R>): Promise<R | void> | R | void;
  /** 409: decide (see {@link ConflictDecision}). Without this hook a 409 is a failure. */
  onConflict?(ctx: SettleContext<P, C, R> & { mayRetry: boolean }): Promise<ConflictDecision<P, C>> | ConflictDecision<P, C>;
  /** Other 4xx (and 409 decided 'fail'): side effects before the item becomes 'failed' with `error`. */
  onFailure?(ctx: SettleContext<P, C, R> & { error: OutboxError }): Promise<void> | void;
  /** The user discarded a failed / conflicted item or forgot a done one (inside the discard transaction). */
  onDiscard?(ctx: { db: OfflineDb; item: OutboxItem<P, C, R> }): Promise<void> | void;
  /**
   * Where the app shows an item of this kind (a same-origin path, e.g. `/technician?ticket=<id>`),
   * so the sync bar can link an item that needs attention (a conflict or a rejection) to the screen
   * that resolves it (issue 10). Omit (or return null) when there is no such screen.
   */
  link?(item: OutboxItem<P, C, R>): string | null;
  /** Toasts of the app's sync feedback (offline/OfflineSync.tsx); omit to stay silent (the screen reports itself). */
  notices?: {
    /** Items of this kind left the outbox successfully; `labels` distinct, in order. */
    sent?(labels: string[]): Notice | null;
    conflict?(item: OutboxItem<P, C, R>): Notice | null;
    failed?(item: OutboxItem<P, C, R>): Notice | null;
  };
}

const kinds = new Map<string, OutboxKind>();

/**
 * Registers (or replaces, by `kind`) how items of a kind are sent and settled. Call it at start in
 * every context that drains (the page and the service worker: offline-registry.ts does both).
 * @returns a function that removes this registration (tests).
 */
export function registerOutboxKind<P, C, R>(definition: OutboxKind<P, C, R>): () => void {
  const erased = definition as unknown as OutboxKind;
  kinds.set(definition.kind, erased);
  return () => {
    if (kinds.get(definition.kind) === erased) kinds.delete(definition.kind);
  };
}

/** The registered kind of that name, or undefined. */
export function outboxKind(kind: string): OutboxKind | undefined {
  return kinds.get(kind);
}

/** True when `item` is of `definition`'s kind (narrows its payload, conflict and result types). */
export function isItemOf<P, C, R>(definition: OutboxKind<P, C, R>, item: OutboxItem): item is OutboxItem<P, C, R> {
  return item.kind === definition.kind;
}
