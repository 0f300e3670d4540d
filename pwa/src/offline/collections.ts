/**
 * Pull side of the sync engine (DESIGN.md 4 and 5): a registry of cached collections, each with a
 * delta cursor in `meta`. The engine only knows this interface, so later features (vault index
 * WITHOUT secrets, scheduler snapshot) plug in their data by calling {@link registerCollection}
 * from their own module, without any change here or in the engine:
 *
 * ```ts
 * registerCollection({
 *   name: 'vault',
 *   async pull(since, { db, get }) {
 *     const rows = await get<VaultIndexEntry[]>('/api/vault');           // never secrets
 *     await replaceRecords(db, 'vault', rows.map((r) => ({ id: r.id, data: r })));
 *     return null;                                                         // full snapshot: no cursor
 *   },
 *   clear: (db) => clearRecords(db, 'vault'),
 * });
 * ```
 *
 * The engine has no collection of its own: features declare theirs in `features/<name>/offline/`
 * (the ticket feature's tickets, work history and technicians) and pwa/src/offline-registry.ts
 * registers them; collections are pulled in registration order, by the page only (staff users).
 * Works without a window.
 */
import { META, setMeta, getMeta, type CachedRecord, type OfflineDb } from './db';
import { errorBodyOf, type Transport } from '../lib/http';

/** A non-2xx answer to a pull. */
export class PullError extends Error {
  readonly status: number;
  /** The API's error `code` (e.g. 'integrity_failed'), when the answer had one. */
  readonly code: string | undefined;
  /** The server's own human message (the API's error envelope), when the answer had one. */
  readonly serverMessage: string | undefined;
  constructor(status: number, message: string | undefined, code?: string) {
    super(`${status}: ${message ?? 'Request failed'}`);
    this.name = 'PullError';
    this.status = status;
    this.code = code;
    this.serverMessage = message;
  }
}

/** What a collection's pull gets: the database and an authenticated GET (throws PullError / NetworkError). */
export interface PullContext {
  db: OfflineDb;
  get<T>(url: string): Promise<T>;
  /**
   * Starts `GET url` now and keeps its answer for the next `get(url)` of this pass (optional: tests
   * may omit it). A paged collection calls it with its next page's URL before it stores the page it
   * got, so the server computes the next page while this one is written (issue 59: at 4x CPU a
   * first sync waited for the API a third to a half of its time). A failed prefetch fails that
   * `get`; an unused one is dropped at the end of the pass.
   */
  prefetch?(url: string): void;
  /** The clock (tests pass a fixed one); absent -> `new Date()`. */
  now?: () => Date;
}

/**
 * What a paged pull returns: the cursor after the page it stored, and whether more pages
 * wait after it. With `more: true` the engine saves `cursor` and calls `pull(cursor, ...)` again at
 * once, in the same pass, until a page says `more: false` (or the cursor stops moving).
 */
export interface PullPage {
  /** Next cursor, saved before the next page is asked for; null = full snapshot (nothing saved). */
  cursor: string | null;
  /** True when the server has more changes after `cursor` (e.g. `DeltaPage.more`). */
  more: boolean;
}

/** At most this many pages of one collection per pass (a guard against a server that never says `more: false`). */
export const MAX_PAGES_PER_PASS = 1000;

/**
 * A cached collection. `Next` is what `pull` returns: a cursor (`string | null`, the default, as
 * before paged feeds) or, for a paged collection ({@link PagedSyncCollection}), a {@link PullPage}.
 */
export interface SyncCollection<Next extends string | null | PullPage = string | null> {
  /** Unique name; its cursor lives in meta `cursor:<name>`. */
  name: string;
  /**
   * Fetches what changed after `since` (null: never pulled) and stores it idempotently (puts by
   * id). Returns the next cursor (null for full snapshots; the cursor is saved after it returns),
   * or a {@link PullPage} to page: fetch ONE bounded page (`limit`), store it in its own short
   * transaction, and return `{ cursor, more }`; the engine saves the cursor and calls again while
   * `more` is true. A pass interrupted between pages resumes from the last saved cursor.
   */
  pull(since: string | null, ctx: PullContext): Promise<Next>;
  /** Removes the collection's cached rows (sign-out, another user signs in). */
  clear(db: OfflineDb): Promise<void>;
}

/** A collection that pulls one page per call: see {@link SyncCollection.pull}. */
export type PagedSyncCollection = SyncCollection<PullPage>;

/** Any collection the engine accepts: cursor-returning or paged. */
export type AnySyncCollection = SyncCollection<string | null | PullPage>;

const registry = new Map<string, AnySyncCollection>();

/**
 * Adds (or replaces, by `name`) a cached collection: from now on every pull of the page's sync
 * engine calls its `pull` after the collections registered before it, and a change of user calls
 * its `clear`. Usually called through offline-registry.ts (`OfflineFeature.collections`).
 * @returns a function that removes this registration (tests).
 */
export function registerCollection(collection: AnySyncCollection): () => void {
  registry.set(collection.name, collection);
  return () => {
    if (registry.get(collection.name) === collection) registry.delete(collection.name);
  };
}

/** The registered collections, in registration order. */
export function registeredCollections(): AnySyncCollection[] {
  return [...registry.values()];
}

/**
 * Replaces all cached rows of `collection` in the generic `records` table, in one transaction (a
 * full snapshot: rows not in `rows` are deleted). `data` is stored as is (structured-cloneable
 * values; never secrets).
 */
export async function replaceRecords(db: OfflineDb, collection: string, rows: { id: string; data: unknown }[]): Promise<void> {
  await db.transaction('rw', db.records, async () => {
    await db.records.where('collection').equals(collection).delete();
    await db.records.bulkPut(rows.map((r) => ({ collection, id: r.id, data: r.data })));
  });
}

/**
 * From this many ids on, {@link heldRecords} reads the collection's keys first: below it a bulkGet
 * of the ids is cheaper than every key of the collection.
 */
export const KEYS_FIRST_FROM = 50;

/**
 * The cached rows of `ids` in `collection` of the `records` table: read them by their `id`, not by
 * position (an absent id gives `undefined` or no entry at all, by path). For many ids the collection's
 * keys are read first (one request) and only the held rows fetched: a bulkGet is one IndexedDB get
 * per id, and on a first sync none is held (issue 59: a ticket page names about 800 client cards,
 * a client page 200). Chains Dexie's promises (no extra native async level inside a transaction).
 * Call in a transaction that includes `records`, or on its own.
 */
export function heldRecords(db: OfflineDb, collection: string, ids: readonly string[]): Promise<readonly (CachedRecord | undefined)[]> {
  const key = (id: string) => [collection, id] as unknown as string;
  if (ids.length === 0) return Promise.resolve([]);
  if (ids.length < KEYS_FIRST_FROM) return db.records.bulkGet(ids.map(key));
  return db.records
    .where('collection')
    .equals(collection)
    .primaryKeys()
    .then((keys) => {
      const held = new Set(keys.map((k) => (k as unknown as [string, string])[1]));
      const present = ids.filter((id) => held.has(id));
      return present.length > 0 ? db.records.bulkGet(present.map(key)) : [];
    });
}

/** Deletes all cached rows of `collection` from the `records` table (a collection's `clear`). */
export async function clearRecords(db: OfflineDb, collection: string): Promise<void> {
  await db.records.where('collection').equals(collection).delete();
}

/**
 * Pulls one collection page by page: calls `pull` with the saved cursor, saves the
 * cursor it returns after each page, and asks again while the page says `more` and the cursor
 * moved (at most {@link MAX_PAGES_PER_PASS} pages). Memory and transaction size are one page's.
 */
async function pullPages(c: AnySyncCollection, ctx: PullContext): Promise<void> {
  let since = (await getMeta<string>(ctx.db, META.cursor(c.name))) ?? null;
  for (let page = 0; page < MAX_PAGES_PER_PASS; page++) {
    const result = await c.pull(since, ctx);
    const { cursor, more } = typeof result === 'object' && result !== null ? result : { cursor: result, more: false };
    if (cursor !== null) await setMeta(ctx.db, META.cursor(c.name), cursor);
    if (!more || cursor === null || cursor === since) return;
    since = cursor;
  }
}

/** Result of {@link pullAll}. */
export interface PullReport {
  pulled: string[];
  /** The first failure; the remaining collections were not pulled. */
  error: Error | null;
}

/**
 * Pulls every registered collection in turn, page by page (see {@link SyncCollection.pull}), saving
 * each cursor after its data. On full success
 * `lastSync` (ISO time) is set. Stops at the first failure (no answer, 401, ...).
 */
export async function pullAll(deps: { db: OfflineDb; transport: Transport; now?: () => Date }): Promise<PullReport> {
  const { db, transport } = deps;
  const fetchJson = async <T>(url: string): Promise<T> => {
    const res = await transport({ method: 'GET', url });
    if (res.status < 200 || res.status >= 300) {
      const code = (res.body as { code?: unknown } | null)?.code;
      throw new PullError(res.status, errorBodyOf(res.body)?.message, typeof code === 'string' ? code : undefined);
    }
    return res.body as T;
  };
  // At most one answer asked ahead (PullContext.prefetch): the next page of the collection pulling.
  let ahead: { url: string; answer: Promise<unknown> } | null = null;
  const get = <T>(url: string): Promise<T> => {
    const kept = ahead?.url === url ? ahead.answer : null;
    ahead = null;
    return (kept as Promise<T> | null) ?? fetchJson<T>(url);
  };
  const prefetch = (url: string): void => {
    if (ahead?.url === url) return;
    const answer = fetchJson<unknown>(url);
    answer.catch(() => undefined); // a failure surfaces at its get, or not at all when unused
    ahead = { url, answer };
  };
  const report: PullReport = { pulled: [], error: null };
  for (const c of registeredCollections()) {
    try {
      await pullPages(c, { db, get, prefetch, now: deps.now });
      report.pulled.push(c.name);
    } catch (e) {
      report.error = e instanceof Error ? e : new Error(String(e));
      return report;
    }
  }
  await setMeta(db, META.lastSync, (deps.now?.() ?? new Date()).toISOString());
  return report;
}

/**
 * Makes `userId` the owner of the cached data (DESIGN.md 5, sign-out rule). When the owner changes
 * (sign-out, another user signs in, session rejected) every registered collection, the cursors
 * and `lastSync` are cleared in one transaction. The outbox is never touched: unsent updates stay
 * with their author and are sent when that author signs in again.
 * @returns true when cached data was cleared.
 */
export async function setCacheOwner(db: OfflineDb, userId: string | null): Promise<boolean> {
  return db.transaction('rw', db.tables, async () => {
    const current = (await getMeta<string | null>(db, META.owner)) ?? null;
    const hasOwnerRow = (await db.meta.get(META.owner)) !== undefined;
    if (hasOwnerRow && current === userId) return false;
    for (const c of registeredCollections()) await c.clear(db);
    await db.records.clear();
    const cursorKeys = (await db.meta.toArray()).map((m) => m.key).filter((k) => k.startsWith('cursor:'));
    await db.meta.bulkDelete([...cursorKeys, META.lastSync]);
    await setMeta(db, META.owner, userId);
    return true;
  });
}
