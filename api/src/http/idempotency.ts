/**
 * Idempotent writes (DESIGN.md 4 "Offline-safe updates"): a client-made UUID in the Idempotency-Key
 * header makes a write safe to replay. The key row is inserted in the SAME transaction as the write:
 * a replay (even one racing the first request) finds the stored status and body and changes nothing.
 * Only successful results are stored; a failed write rolls the key back so the client may retry.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@portal/shared';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { badRequest } from './errors';

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

export interface StoredResult<T = unknown> {
  status: number;
  body: T;
  /** true when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

/**
 * Runs `work` in a transaction guarded by `key` (no key: just a transaction).
 * @param scope `userId` (null for anonymous) and `fingerprint`; a key reused by another user or for
 *   another request -> 400.
 * @returns the fresh or the stored `{ status, body }`.
 */
export async function runIdempotent<T>(
  db: Database,
  key: string | undefined,
  scope: { userId: string | null; fingerprint: string; now: Date },
  work: (tx: Database) => Promise<{ status: number; body: T }>,
): Promise<StoredResult<T>> {
  return db.transaction(async (tx) => {
    if (key) {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ key, userId: scope.userId, fingerprint: scope.fingerprint, createdAt: scope.now })
        .onConflictDoNothing({ target: idempotencyKeys.key })
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [stored] = await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).limit(1);
        if (!stored || stored.userId !== scope.userId || stored.fingerprint !== scope.fingerprint || stored.statusCode === null) {
          throw badRequest(`${IDEMPOTENCY_KEY_HEADER} was already used for a different request`);
        }
        return { status: stored.statusCode, body: stored.responseBody as T, replayed: true };
      }
    }
    const result = await work(tx as unknown as Database);
    if (key) {
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: result.status, responseBody: result.body as unknown })
        .where(eq(idempotencyKeys.key, key));
    }
    return { ...result, replayed: false };
  });
}

/** Writes a (possibly replayed) result to the response; replays carry `Idempotent-Replayed: true`. */
export function sendResult(
  ctx: { status: number; body: unknown; set(name: string, value: string): void },
  result: StoredResult,
): void {
  ctx.status = result.status;
  ctx.body = result.body;
  if (result.replayed) ctx.set('Idempotent-Replayed', 'true');
}
