/**
 * The route owns the transaction (DESIGN.md 4; after Outline's `middlewares/transaction.ts`).
 *
 * `transaction(s)` opens ONE database transaction around the rest of the route: the handler reads it
 * with {@link txOf} and hands it to its service; it commits when the handler returns and rolls back
 * when anything throws, so a write and its side effects (work history, notification jobs, audit rows)
 * land together or not at all. Handlers report failures by throwing the factories of `errors.ts`.
 *
 * `transaction(s, { idempotent: true })` adds the Idempotency-Key step (DESIGN.md 4 "Offline-safe
 * updates") inside that transaction: the key row (unique) is inserted first; a key already stored
 * answers with the stored status and body (`Idempotent-Replayed: true`) and changes nothing, even
 * when the duplicate races the first request. Only successful results are stored: a thrown error
 * rolls the key back with everything else, so the client may retry. A key reused by another user or
 * for another request (method, path, parsed body) -> 422 "Idempotency-Key reused for a different request".
 *
 * Mount it after `requireRole` and `validate(...)`: the fingerprint uses the parsed body.
 */
import { createHash } from 'node:crypto';
import type { Middleware, ParameterizedContext } from 'koa';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@portal/shared';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { ApiError, badRequest } from './errors';
import { rowsOf } from '../db/rows';
import type { AppState } from './state';

const keySchema = z.uuid();

/**
 * Reads the Idempotency-Key header: undefined when absent.
 * @throws 400 when present but not a UUID.
 */
export function readIdempotencyKey(ctx: { get(h: string): string }): string | undefined {
  const raw = ctx.get(IDEMPOTENCY_KEY_HEADER).trim();
  if (!raw) return undefined;
  if (!keySchema.safeParse(raw).success) {
    throw badRequest(`${IDEMPOTENCY_KEY_HEADER} must be a UUID`, { [IDEMPOTENCY_KEY_HEADER]: ['Must be a UUID'] });
  }
  return raw.toLowerCase();
}

/** `METHOD path sha256(json(input))`: what a key is bound to. */
export function requestFingerprint(method: string, path: string, input: unknown): string {
  const digest = createHash('sha256').update(JSON.stringify(input ?? null)).digest('hex');
  return `${method.toUpperCase()} ${path} ${digest}`;
}

/** What the middleware needs of the app's services. */
export interface TransactionDeps {
  db: Database;
  /** Current time, stored with idempotency keys (purged after 30 days, db/maintenance.ts). */
  clock: () => Date;
  /** The event bus (events/bus.ts): what the route's events queued for after COMMIT runs once it committed. */
  events?: { afterCommit(tx: Database): Promise<void> };
}

/** Options of {@link transaction}. */
export interface TransactionOptions {
  /** Honour the Idempotency-Key header (see module doc). */
  idempotent?: boolean;
  /**
   * What of the parsed body the key's fingerprint hashes (default: all of it). The fingerprint is an
   * unsalted hash kept 30 days, so a route whose body carries secrets (vault passwords) passes a
   * function that replaces them with a marker.
   */
  fingerprint?: (body: unknown) => unknown;
}

/** Opens the route's transaction (see module doc). */
export function transaction(s: TransactionDeps, options: TransactionOptions = {}): Middleware<AppState> {
  return async (ctx, next) => {
    const key = options.idempotent ? readIdempotencyKey(ctx) : undefined;
    let committed: Database | undefined;
    await s.db.transaction(async (raw) => {
      const tx = raw as unknown as Database;
      committed = tx;
      ctx.state.tx = tx;
      try {
        if (key) {
          const body = (ctx.state.input as { body?: unknown } | undefined)?.body;
          const stored = await claimKey(tx, key, keyScopeOf(ctx, options.fingerprint ? options.fingerprint(body) : body), s.clock());
          if (stored) {
            ctx.status = stored.status;
            ctx.body = stored.body;
            ctx.set('Idempotent-Replayed', 'true');
            return;
          }
        }
        await next();
        if (key) await settleKey(tx, key, ctx.status, ctx.body);
      } finally {
        ctx.state.tx = undefined;
      }
    });
    if (committed) await s.events?.afterCommit(committed);
  };
}

/**
 * The transaction opened by {@link transaction} for this request.
 * @throws Error when the route has no transaction middleware (a programming error: 500).
 */
export function txOf(ctx: ParameterizedContext<AppState>): Database {
  if (!ctx.state.tx) throw new Error(`${ctx.method} ${ctx.path}: route has no transaction() middleware`);
  return ctx.state.tx;
}

/** What an Idempotency-Key is bound to: the user (null when anonymous) and the request's fingerprint. */
export interface KeyScope {
  userId: string | null;
  fingerprint: string;
}

/** The scope of a key sent with this request, whose parsed body (or what of it is hashed) is `input`. */
export function keyScopeOf(ctx: ParameterizedContext<AppState>, input: unknown): KeyScope {
  return { userId: ctx.state.auth?.user.id ?? null, fingerprint: requestFingerprint(ctx.method, ctx.path, input) };
}

/** A key to claim and what it is bound to. */
export interface KeyClaim {
  key: string;
  scope: KeyScope;
}

/** What {@link claimKeys} found for one key: null when this transaction now owns it, else the stored answer or the refusal. */
export type ClaimResult = null | { status: number; body: unknown } | { refused: ApiError };

/**
 * Inserts the key (unique; waits while another transaction holds the same key); returns null when
 * this transaction now owns it, or the stored answer when it was already used for the same request.
 * @throws 422 when the key was used by another user or for another request.
 */
export async function claimKey(tx: Database, key: string, scope: KeyScope, now: Date): Promise<{ status: number; body: unknown } | null> {
  const [result] = await claimKeys(tx, [{ key, scope }], now);
  if (result && 'refused' in result) throw result.refused;
  return result ?? null;
}

/**
 * {@link claimKey} for several distinct keys in at most two statements (the group commit of
 * creates, features/tickets/createQueue.ts): one insert of all keys (in key order, so two
 * transactions claiming overlapping keys wait for each other instead of deadlocking), then one read
 * of the keys already stored. Results are in the order of `claims`; a refusal is returned, not
 * thrown, so it fails only its own request.
 */
export async function claimKeys(tx: Database, claims: KeyClaim[], now: Date): Promise<ClaimResult[]> {
  if (claims.length === 0) return [];
  const rows = claims.map((c) => ({ key: c.key, user_id: c.scope.userId, fingerprint: c.scope.fingerprint }));
  const claimed = await rowsOf<{ key: string }>(tx, sql`
    insert into idempotency_keys (key, user_id, fingerprint, created_at)
    select c.key, c.user_id, c.fingerprint, ${now} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as c(key uuid, user_id uuid, fingerprint text)
    order by c.key
    on conflict (key) do nothing
    returning key`);
  const mine = new Set(claimed.map((r) => r.key));
  const taken = claims.filter((c) => !mine.has(c.key));
  const stored = await readStoredAnswers(tx, taken);
  const byKey = new Map(taken.map((c, i) => [c.key, stored[i]]));
  return claims.map(({ key }) => (mine.has(key) ? null : (byKey.get(key) ?? refusedKey())));
}

/**
 * What is stored under each of `claims`' keys, read without claiming them (one statement; none for
 * []): null when nothing is (as far as this statement sees: a transaction still holding the key is
 * not seen), else the stored answer, or the refusal when the key was used by another user or for
 * another request. The one-statement group commit (features/tickets/createQueue.ts) answers
 * repeats with it and stores the others' keys with their answers ({@link insertAnsweredKeys}).
 */
export async function readStoredAnswers(db: Database, claims: KeyClaim[]): Promise<ClaimResult[]> {
  if (claims.length === 0) return [];
  const rows = await db.select().from(idempotencyKeys).where(inArray(idempotencyKeys.key, claims.map((c) => c.key)));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return claims.map(({ key, scope }) => {
    const row = byKey.get(key);
    if (!row) return null;
    if (row.userId !== scope.userId || row.fingerprint !== scope.fingerprint || row.statusCode === null) return refusedKey();
    return { status: row.statusCode, body: row.responseBody };
  });
}

const refusedKey = (): ClaimResult => ({ refused: new ApiError(422, 'validation_failed', `${IDEMPOTENCY_KEY_HEADER} reused for a different request`) });

/**
 * The statement part that stores keys already answered: `insert into idempotency_keys (...)
 * <rows>`, where `rows` is a SELECT of (key uuid, user_id uuid, fingerprint text, created_at
 * timestamptz, status_code int, response_body jsonb). No ON CONFLICT: a key stored meanwhile fails
 * the whole statement (unique violation), so its write happens once; the caller then retries
 * through {@link claimKeys}, which answers with the stored answer.
 */
export function insertAnsweredKeys(rows: SQL): SQL {
  return sql`insert into idempotency_keys (key, user_id, fingerprint, created_at, status_code, response_body) ${rows}`;
}

/** Stores a successful answer under the key; any other answer gives the key back. */
async function settleKey(tx: Database, key: string, status: number, body: unknown): Promise<void> {
  if (status >= 200 && status < 300) await storeAnswers(tx, [{ key, status, body }]);
  else await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
}

/** A successful answer to keep under a key claimed by {@link claimKey}. */
export interface KeyAnswer {
  key: string;
  status: number;
  body: unknown;
}

/** Stores successful answers under keys this transaction claimed, in ONE statement (nothing for []). */
export async function storeAnswers(tx: Database, answers: KeyAnswer[]): Promise<void> {
  if (answers.length === 0) return;
  const rows = JSON.stringify(answers.map((a) => ({ key: a.key, status: a.status, body: a.body ?? null })));
  await tx.execute(sql`
    update idempotency_keys k set status_code = a.status, response_body = a.body
    from jsonb_to_recordset(${rows}::jsonb) as a(key uuid, status int, body jsonb)
    where k.key = a.key`);
}
