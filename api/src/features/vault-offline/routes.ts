/**
 * Offline vault routes (README API table):
 * - POST   /api/vault-devices              staff; vaultDeviceCreateSchema -> 201 VaultDeviceGrant (the bundle key, once);
 *                                          an export of the vault: 403 step_up_required without a step-up in the last
 *                                          15 minutes (http/step-up.ts; the device row records it); `status` pending
 *                                          until an admin approves unless that step-up was a second factor (approval.ts);
 *                                          429 over the daily limit
 * - GET    /api/vault-devices              admin; VaultDevice[] newest first (user, device, status, delivered, revoked)
 * - POST   /api/vault-devices/:id/approve  admin; -> VaultDevice (active); 409 revoked or already approved
 * - GET    /api/vault-devices/:id/secrets  signed in, own device (a demoted user gets 410); `?since=&limit=` -> VaultBundlePage (`pending` while
 *                                          waiting; each page with secrets audited); 410 `device_revoked` when
 *                                          revoked or expired (the device wipes)
 * - POST   /api/vault-devices/:id/reveals  signed in, own device; vaultOfflineRevealSchema -> 201 VaultAuditEntry;
 *                                          Idempotency-Key (the outbox resends: recorded once); 400 for an entry never
 *                                          sent to the device; 409 outside access; 429 over `vaultOfflineReport`
 * - DELETE /api/vault-devices/:id          admin any device, staff their own -> 200 VaultDevice (revoked)
 * `user` gets 403, anonymous 401. A separate prefix: `/api/vault/:id` would swallow `/api/vault/devices`.
 */
import Router from '@koa/router';
import { vaultDeviceCreateSchema, vaultDeviceFeedQuerySchema, vaultOfflineRevealSchema } from '@portal/shared';
import { requireAdmin, requireLogin, requireStaff } from '../../http/authenticate';
import { consumeOrThrow } from '../../http/rate-limit';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import { requireFreshSecondFactor } from '../../http/step-up';
import { enqueue } from '../../notify';
import { vaultDeviceApproved } from './notifications';
import { listAdminEmails } from '../users/port';
import { DEVICE_NOT_FOUND, approveDevice, deviceFeed, grantDevice, listVaultDevices, reportOfflineReveal, revokeDevice, type VaultOfflineDeps } from './service';

export function vaultOfflineRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const deps: VaultOfflineDeps = {
    keys: s.vaultKeys,
    logger: s.logger,
    offlineDays: s.config.vaultOfflineDays,
    grantsPerDay: s.config.vaultDeviceGrantsPerDay,
    approval: s.config.vaultDeviceApproval,
  };
  const who = (ctx: { state: AppState; ip: string; get(name: string): string }) => ({
    user: ctx.state.auth!.user,
    ip: ctx.ip,
    userAgent: ctx.get('User-Agent').slice(0, 300) || null,
  });
  const createInput = validate({ body: vaultDeviceCreateSchema });
  const feedInput = validate({ params: idParamsSchema, query: vaultDeviceFeedQuerySchema, notFoundMessage: DEVICE_NOT_FOUND });
  const revealInput = validate({ params: idParamsSchema, body: vaultOfflineRevealSchema, notFoundMessage: DEVICE_NOT_FOUND });
  const idInput = validate({ params: idParamsSchema, notFoundMessage: DEVICE_NOT_FOUND });

  router.post('/api/vault-devices', requireStaff(), createInput, transaction(s), async (ctx) => {
    const stepUp = await requireFreshSecondFactor(txOf(ctx), ctx.state.auth!, s.clock());
    ctx.status = 201;
    ctx.body = await grantDevice(txOf(ctx), deps, ctx.state.auth!.user, createInput.get(ctx).body.deviceName, s.clock(), stepUp);
  });

  router.post('/api/vault-devices/:id/approve', requireAdmin(), idInput, transaction(s), async (ctx) => {
    // Approving a grant releases an export of the vault: a fresh second factor, every admin told (issue 55 defect 3).
    const tx = txOf(ctx);
    await requireFreshSecondFactor(tx, ctx.state.auth!, s.clock());
    const device = await approveDevice(tx, ctx.state.auth!.user, idInput.get(ctx).params.id, s.clock());
    const payload = { actor: ctx.state.auth!.user.username, owner: device.username, deviceName: device.deviceName, at: s.clock().toISOString(), ip: ctx.ip };
    for (const to of await listAdminEmails(tx)) await enqueue(tx, vaultDeviceApproved, { to, payload }, s.clock());
    ctx.body = device;
  });

  router.get('/api/vault-devices', requireAdmin(), async (ctx) => {
    ctx.body = await listVaultDevices(s.db);
  });

  // Any signed-in user: a technician demoted to `user` must still hear 410 so the phone wipes.
  router.get('/api/vault-devices/:id/secrets', requireLogin(), feedInput, async (ctx) => {
    const { params, query } = feedInput.get(ctx);
    ctx.body = await deviceFeed(s.db, deps, who(ctx), params.id, query, s.clock());
  });

  const limitReports = async (ctx: { state: AppState }, next: () => Promise<unknown>) => {
    await consumeOrThrow(s.limiters.vaultOfflineReport, ctx.state.auth!.user.id);
    await next();
  };

  // Any signed-in user: a demoted technician's phone still reports the reveals it made while staff.
  router.post('/api/vault-devices/:id/reveals', requireLogin(), limitReports, revealInput, transaction(s, { idempotent: true }), async (ctx) => {
    const { params, body } = revealInput.get(ctx);
    ctx.status = 201;
    ctx.body = await reportOfflineReveal(txOf(ctx), s.logger, params.id, body, who(ctx), s.clock());
  });

  router.delete('/api/vault-devices/:id', requireStaff(), idInput, transaction(s), async (ctx) => {
    ctx.body = await revokeDevice(txOf(ctx), ctx.state.auth!.user, idInput.get(ctx).params.id, s.clock());
  });

  return router;
}
