/**
 * Customer Vault routes (SPEC.md 7 plus what the security needs; README API table):
 * - GET    /api/vault              staff; `?q=` search, `?clientId=` one client's, `?limit=`; `?since=CURSOR` -> VaultDeltaPage (offline index)
 * - GET    /api/vault/audit        admin; reveal audit newest first (`?entryId=&userId=&before=&limit=`)
 * - GET    /api/vault/:id          staff; VaultEntry (no secret values)
 * - POST   /api/vault              staff; vaultCreateSchema -> 201 VaultEntry; Idempotency-Key optional
 * - PATCH  /api/vault/:id          staff; vaultPatchSchema -> VaultEntry; Idempotency-Key optional
 * - DELETE /api/vault/:id          admin; 204
 * - POST   /api/vault/:id/reveal   staff; vaultRevealSchema -> VaultRevealResult + one audit row; 429 after
 *                                  REVEAL_LIMIT reveals per user in 10 minutes; 403 step_up_required without a
 *                                  second factor in the last 15 minutes (the audit row records the step-up)
 * `user` gets 403, anonymous 401 (DESIGN.md 4). Writes and reveals run in the route's transaction
 * (http/transaction.ts): a reveal's audit row and the answer commit together or not at all.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import Router from '@koa/router';
import {
  MSG,
  VAULT_SECRET_FIELDS,
  vaultAuditQuerySchema,
  vaultCreateSchema,
  vaultListQuerySchema,
  vaultPatchSchema,
  vaultRevealSchema,
} from '@portal/shared';
import { requireAdmin, requireStaff } from '../../http/authenticate';
import { RateLimitedError } from '../../http/errors';
import { DEFAULT_RATE_LIMITS, consumeOrThrow } from '../../http/rate-limit';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { VaultKeyring } from '../../lib/vault-keys';
import type { Services } from '../../services';
import { requireFreshSecondFactor } from '../../http/step-up';
import { clientLinkRoutes } from './clientLinks';
import { listAudit, revealSecret } from './reveal';
import { createEntry, deleteEntry, getEntry, listEntries, listEntriesSince, updateEntry, type VaultDeps } from './service';
import { event } from '../../events';
import { actorOf } from '../../http/actor';

/**
 * The body an Idempotency-Key is bound to, with every secret replaced by its HMAC-SHA256 under a
 * key derived from the vault's current key (HKDF, label below): a retry with a CHANGED secret no
 * longer matches (422 instead of a replay that stores nothing), and the stored fingerprint (kept 30
 * days) cannot be used to test password guesses without the vault key. A retry across a key
 * rotation does not match either (422; the client sends it again as a new request).
 */
function fingerprintBody(keys: VaultKeyring, body: unknown): unknown {
  const key = Buffer.from(hkdfSync('sha256', keys.current().key, Buffer.alloc(0), 'portal-vault-idempotency-fingerprint|v1', 32));
  const mark = (v: unknown) => (v === null ? null : `hmac:${createHmac('sha256', key).update(String(v), 'utf8').digest('base64url')}`);
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const f of VAULT_SECRET_FIELDS) if (copy[f] !== undefined) copy[f] = mark(copy[f]);
  if (Array.isArray(copy.endpoints)) {
    copy.endpoints = (copy.endpoints as Record<string, unknown>[]).map((e) => (e.password === undefined ? e : { ...e, password: mark(e.password) }));
  }
  key.fill(0);
  return copy;
}

/**
 * Reveals allowed per user per window (`s.limiters.vaultReveal`, in the shared rate-limit store when
 * several processes run). Far above a technician's real use (values stay shown 30 s and can be
 * copied); it slows a stolen session exporting the vault and leaves a warning in the log. Over it:
 * 429 with Retry-After.
 */
export const REVEAL_LIMIT = DEFAULT_RATE_LIMITS.vaultReveal;

export function vaultRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const deps: VaultDeps = { keys: s.vaultKeys, logger: s.logger };
  const listInput = validate({ query: vaultListQuerySchema });
  const auditInput = validate({ query: vaultAuditQuerySchema });
  const idInput = validate({ params: idParamsSchema, notFoundMessage: MSG.vaultEntryNotFound });
  const createInput = validate({ body: vaultCreateSchema });
  const patchInput = validate({ params: idParamsSchema, body: vaultPatchSchema, notFoundMessage: MSG.vaultEntryNotFound });
  const revealInput = validate({ params: idParamsSchema, body: vaultRevealSchema, notFoundMessage: MSG.vaultEntryNotFound });
  // Creates and edits are offline-safe (the PWA outbox resends them with the same key).
  const idempotentWrite = transaction(s, { idempotent: true, fingerprint: (body) => fingerprintBody(s.vaultKeys, body) });

  router.get('/api/vault', requireStaff(), listInput, async (ctx) => {
    const { q, since, limit, clientId } = listInput.get(ctx).query;
    ctx.body = since === undefined ? await listEntries(s.db, q, limit, clientId) : await listEntriesSince(s.db, since, limit);
  });

  router.get('/api/vault/audit', requireAdmin(), auditInput, async (ctx) => {
    ctx.body = await listAudit(s.db, auditInput.get(ctx).query);
  });

  router.get('/api/vault/:id', requireStaff(), idInput, async (ctx) => {
    ctx.body = await getEntry(s.db, idInput.get(ctx).params.id);
  });

  router.post('/api/vault', requireStaff(), createInput, idempotentWrite, async (ctx) => {
    const entry = await createEntry(txOf(ctx), deps, createInput.get(ctx).body, ctx.state.auth!.user, s.clock());
    await s.events.emit(txOf(ctx), [event('vault.entry_changed', { entryId: entry.id, action: 'created', businessName: entry.businessName }, s.clock(), actorOf(ctx))]);
    ctx.status = 201;
    ctx.body = entry;
  });

  router.patch('/api/vault/:id', requireStaff(), patchInput, idempotentWrite, async (ctx) => {
    const { params, body } = patchInput.get(ctx);
    const entry = await updateEntry(txOf(ctx), deps, params.id, body, ctx.state.auth!.user, s.clock());
    await s.events.emit(txOf(ctx), [event('vault.entry_changed', { entryId: entry.id, action: 'updated', businessName: entry.businessName }, s.clock(), actorOf(ctx))]);
    ctx.body = entry;
  });

  router.delete('/api/vault/:id', requireAdmin(), idInput, transaction(s), async (ctx) => {
    const { id } = idInput.get(ctx).params;
    await deleteEntry(txOf(ctx), id, s.clock());
    await s.events.emit(txOf(ctx), [event('vault.entry_changed', { entryId: id, action: 'deleted', businessName: null }, s.clock(), actorOf(ctx))]);
    ctx.status = 204;
  });

  const limitReveals = async (ctx: { state: AppState }, next: () => Promise<unknown>) => {
    const user = ctx.state.auth!.user;
    try {
      await consumeOrThrow(s.limiters.vaultReveal, user.id);
    } catch (err) {
      if (err instanceof RateLimitedError) s.logger.warn('vault reveal limit reached', { userId: user.id, username: user.username, requestId: ctx.state.requestId });
      throw err;
    }
    await next();
  };

  router.post('/api/vault/:id/reveal', requireStaff(), limitReveals, revealInput, transaction(s), async (ctx) => {
    const { params, body } = revealInput.get(ctx);
    const stepUp = await requireFreshSecondFactor(txOf(ctx), ctx.state.auth!, s.clock());
    const who = { user: ctx.state.auth!.user, ip: ctx.ip, userAgent: ctx.get('User-Agent').slice(0, 300) || null, requestId: ctx.state.requestId, stepUp };
    ctx.body = await revealSecret(txOf(ctx), deps, params.id, body, who, s.clock());
  });

  clientLinkRoutes(router, s);
  return router;
}
