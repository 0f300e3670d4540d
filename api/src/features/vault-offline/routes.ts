/**
 * Offline vault routes (issue 14; README API table):
 * - POST   /api/vault-devices              staff; vaultDeviceCreateSchema -> 201 VaultDeviceGrant (the bundle key, once);
 *                                          an export of the vault: 403 step_up_required without a second factor in the
 *                                          last 15 minutes (twofa port; the device row records the step-up)
 * - GET    /api/vault-devices              admin; VaultDevice[] newest first (user, device, granted, last sync, revoked)
 * - GET    /api/vault-devices/:id/secrets  staff, own device; `?since=&limit=` -> VaultBundlePage;
 *                                          410 `device_revoked` when revoked or expired (the device wipes)
 * - POST   /api/vault-devices/:id/reveals  staff, own device; vaultOfflineRevealSchema -> 201 VaultAuditEntry;
 *                                          Idempotency-Key (the outbox resends: recorded once); 409 outside access
 * - DELETE /api/vault-devices/:id          admin any device, staff their own -> 200 VaultDevice (revoked)
 * `user` gets 403, anonymous 401. A separate prefix: `/api/vault/:id` would swallow `/api/vault/devices`.
 */
import Router from '@koa/router';
import { vaultDeviceCreateSchema, vaultDeviceFeedQuerySchema, vaultOfflineRevealSchema } from '@portal/shared';
import { requireAdmin, requireStaff } from '../../http/authenticate';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import { requireFreshSecondFactor } from '../../http/step-up';
import { DEVICE_NOT_FOUND, deviceFeed, grantDevice, listVaultDevices, reportOfflineReveal, revokeDevice, type VaultOfflineDeps } from './service';

export function vaultOfflineRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const deps: VaultOfflineDeps = { keys: s.vaultKeys, logger: s.logger, offlineDays: s.config.vaultOfflineDays };
  const createInput = validate({ body: vaultDeviceCreateSchema });
  const feedInput = validate({ params: idParamsSchema, query: vaultDeviceFeedQuerySchema, notFoundMessage: DEVICE_NOT_FOUND });
  const revealInput = validate({ params: idParamsSchema, body: vaultOfflineRevealSchema, notFoundMessage: DEVICE_NOT_FOUND });
  const idInput = validate({ params: idParamsSchema, notFoundMessage: DEVICE_NOT_FOUND });

  router.post('/api/vault-devices', requireStaff(), createInput, transaction(s), async (ctx) => {
    const stepUp = await requireFreshSecondFactor(txOf(ctx), ctx.state.auth!, s.clock());
    ctx.status = 201;
    ctx.body = await grantDevice(txOf(ctx), deps, ctx.state.auth!.user, createInput.get(ctx).body.deviceName, s.clock(), stepUp);
  });

  router.get('/api/vault-devices', requireAdmin(), async (ctx) => {
    ctx.body = await listVaultDevices(s.db);
  });

  router.get('/api/vault-devices/:id/secrets', requireStaff(), feedInput, async (ctx) => {
    const { params, query } = feedInput.get(ctx);
    ctx.body = await deviceFeed(s.db, deps, ctx.state.auth!.user, params.id, query, s.clock());
  });

  router.post('/api/vault-devices/:id/reveals', requireStaff(), revealInput, transaction(s, { idempotent: true }), async (ctx) => {
    const { params, body } = revealInput.get(ctx);
    const who = { user: ctx.state.auth!.user, ip: ctx.ip, userAgent: ctx.get('User-Agent').slice(0, 300) || null };
    ctx.status = 201;
    ctx.body = await reportOfflineReveal(txOf(ctx), params.id, body, who, s.clock());
  });

  router.delete('/api/vault-devices/:id', requireStaff(), idInput, transaction(s), async (ctx) => {
    ctx.body = await revokeDevice(txOf(ctx), ctx.state.auth!.user, idInput.get(ctx).params.id, s.clock());
  });

  return router;
}
