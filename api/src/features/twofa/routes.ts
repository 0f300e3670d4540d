/**
 * Two-factor routes (README "Two-factor authentication" and API table). A session that must first
 * enrol (policy) may use the ones marked "enrolling" besides logout and me; every other route
 * answers it 403 `two_factor_enrolment_required` (http/authenticate.ts).
 * - GET    /api/auth/2fa                        logged in, enrolling; -> TwoFactorStatus
 * - POST   /api/auth/2fa/totp/setup             logged in, enrolling, factor proof (enrol.ts); -> TotpSetup (secret once); 409 when set up
 * - POST   /api/auth/2fa/totp/confirm           logged in, enrolling; totpConfirmSchema -> { recoveryCodes | null, status }
 * - DELETE /api/auth/2fa/totp                   logged in, step-up; 409 last method under a requiring policy
 * - POST   /api/auth/2fa/passkeys/options       logged in, enrolling, factor proof; -> WebAuthn creation options
 * - POST   /api/auth/2fa/passkeys               logged in, enrolling; passkeyRegisterSchema -> 201 { recoveryCodes | null, status }
 * - PATCH  /api/auth/2fa/passkeys/:id           logged in; passkeyRenameSchema -> TwoFactorStatus
 * - DELETE /api/auth/2fa/passkeys/:id           logged in, step-up; -> TwoFactorStatus
 * - POST   /api/auth/2fa/recovery-codes         logged in, step-up; -> { recoveryCodes } (old ones void)
 * - POST   /api/auth/2fa/step-up/options        logged in, enrolling; -> WebAuthn request options
 * - POST   /api/auth/2fa/step-up                logged in, enrolling (password within 15 min adds a first factor); stepUpSchema -> { freshUntil }; wrong -> 400 invalid_code (counted)
 * - GET    /api/auth/2fa/policy                 admin; -> { policy }
 * - PUT    /api/auth/2fa/policy                 admin, step-up; twoFactorPolicySchema -> { policy }; every admin e-mailed
 * - POST   /api/auth/login/2fa/passkey-options  anonymous; loginPasskeyOptionsSchema -> WebAuthn request options
 * - POST   /api/users/:id/2fa/reset             admin, step-up, not oneself; -> { devicesRevoked }; revokes sessions and vault devices; every admin e-mailed
 * (POST /api/auth/login and /api/auth/login/2fa are the auth feature's; they call port.ts.)
 */
import Router from '@koa/router';
import { MSG, loginPasskeyOptionsSchema, passkeyRegisterSchema, passkeyRenameSchema, stepUpSchema, totpConfirmSchema, twoFactorPolicySchema } from '@portal/shared';
import { requireAdmin, requireLogin, requireSession } from '../../http/authenticate';
import { ApiError, notFound } from '../../http/errors';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import { alertAdmins, findUserById, requireAdminStepUp } from '../users/port';
import { confirmTotp, passkeyRegistrationOptions, regenerateRecoveryCodes, registerPasskey, removePasskey, removeTotp, renameOwnPasskey, startTotp, status } from './enrol';
import { writePolicy } from './policy';
import { twoFactorDeps } from './port';
import { resetSecondFactors } from './reset';
import { loginPasskeyOptions, policyOf, stepUp, stepUpPasskeyOptions } from './service';
import { event } from '../../events';
import { actorOf } from '../../http/actor';

export function twoFactorRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const deps = twoFactorDeps(s);
  const confirmInput = validate({ body: totpConfirmSchema });
  const registerInput = validate({ body: passkeyRegisterSchema });
  const renameInput = validate({ params: idParamsSchema, body: passkeyRenameSchema, notFoundMessage: MSG.twoFactorPasskeyNotFound });
  const idInput = validate({ params: idParamsSchema, notFoundMessage: MSG.twoFactorPasskeyNotFound });
  const userInput = validate({ params: idParamsSchema, notFoundMessage: MSG.userNotFound });
  const stepUpInput = validate({ body: stepUpSchema });
  const policyInput = validate({ body: twoFactorPolicySchema });
  const loginOptionsInput = validate({ body: loginPasskeyOptionsSchema });
  const auth = (ctx: { state: AppState }) => ctx.state.auth!;
  const forgetSession = (ctx: { state: AppState }) => s.sessionCache.forget({ sessionId: auth(ctx).sessionId });

  router.get('/api/auth/2fa', requireSession(), async (ctx) => {
    ctx.body = await status(s.db, deps, auth(ctx), s.clock());
  });

  router.post('/api/auth/2fa/totp/setup', requireSession(), transaction(s), async (ctx) => {
    ctx.body = await startTotp(txOf(ctx), deps, auth(ctx), s.clock());
  });

  router.post('/api/auth/2fa/totp/confirm', requireSession(), confirmInput, transaction(s), async (ctx) => {
    const tx = txOf(ctx);
    const { recoveryCodes } = await confirmTotp(tx, deps, auth(ctx), confirmInput.get(ctx).body.code, ctx.ip, s.clock());
    forgetSession(ctx);
    ctx.body = { recoveryCodes, status: await status(tx, deps, { ...auth(ctx), needsEnrolment: false }, s.clock()) };
  });

  router.delete('/api/auth/2fa/totp', requireLogin(), transaction(s), async (ctx) => {
    await removeTotp(txOf(ctx), deps, auth(ctx), ctx.ip, s.clock());
    ctx.body = await status(txOf(ctx), deps, auth(ctx), s.clock());
  });

  router.post('/api/auth/2fa/passkeys/options', requireSession(), transaction(s), async (ctx) => {
    ctx.body = await passkeyRegistrationOptions(txOf(ctx), deps, auth(ctx), s.clock());
  });

  router.post('/api/auth/2fa/passkeys', requireSession(), registerInput, transaction(s), async (ctx) => {
    const tx = txOf(ctx);
    const { recoveryCodes } = await registerPasskey(tx, deps, auth(ctx), registerInput.get(ctx).body, ctx.ip, s.clock());
    forgetSession(ctx);
    ctx.status = 201;
    ctx.body = { recoveryCodes, status: await status(tx, deps, { ...auth(ctx), needsEnrolment: false }, s.clock()) };
  });

  router.patch('/api/auth/2fa/passkeys/:id', requireLogin(), renameInput, transaction(s), async (ctx) => {
    const { params, body } = renameInput.get(ctx);
    await renameOwnPasskey(txOf(ctx), auth(ctx), params.id, body.name);
    ctx.body = await status(txOf(ctx), deps, auth(ctx), s.clock());
  });

  router.delete('/api/auth/2fa/passkeys/:id', requireLogin(), idInput, transaction(s), async (ctx) => {
    await removePasskey(txOf(ctx), deps, auth(ctx), idInput.get(ctx).params.id, ctx.ip, s.clock());
    ctx.body = await status(txOf(ctx), deps, auth(ctx), s.clock());
  });

  router.post('/api/auth/2fa/recovery-codes', requireLogin(), transaction(s), async (ctx) => {
    ctx.body = { recoveryCodes: await regenerateRecoveryCodes(txOf(ctx), auth(ctx), ctx.ip, s.clock()) };
  });

  router.post('/api/auth/2fa/step-up/options', requireSession(), async (ctx) => {
    ctx.body = await stepUpPasskeyOptions(s.db, deps, auth(ctx), s.clock());
  });

  // No route transaction: a wrong answer must still count (challenge failures, limits).
  router.post('/api/auth/2fa/step-up', requireSession(), stepUpInput, async (ctx) => {
    const until = await stepUp(s.db, deps, auth(ctx), stepUpInput.get(ctx).body, ctx.ip, s.clock());
    forgetSession(ctx);
    ctx.body = { freshUntil: until.toISOString() };
  });

  router.get('/api/auth/2fa/policy', requireAdmin(), async (ctx) => {
    ctx.body = { policy: await policyOf(s.db, deps, s.clock()) };
  });

  router.put('/api/auth/2fa/policy', requireAdmin(), policyInput, transaction(s), async (ctx) => {
    const { policy } = policyInput.get(ctx).body;
    // A security-relevant admin action (issue 55 defect 3): a fresh second factor, every admin told.
    await requireAdminStepUp(txOf(ctx), auth(ctx), s.clock());
    const affected = await writePolicy(txOf(ctx), policy, s.clock());
    await s.events.emit(txOf(ctx), [event('settings.changed', { area: 'two_factor_policy', key: null, action: 'set' }, s.clock(), actorOf(ctx))]);
    await alertAdmins(txOf(ctx), { username: auth(ctx).user.username, ip: ctx.ip }, `set the two-factor policy to "${policy}"`, s.clock());
    for (const userId of affected) s.sessionCache.forget({ userId });
    ctx.body = { policy };
  });

  router.post('/api/auth/login/2fa/passkey-options', loginOptionsInput, async (ctx) => {
    ctx.body = await loginPasskeyOptions(s.db, deps, loginOptionsInput.get(ctx).body.challengeId, s.clock());
  });

  router.post('/api/users/:id/2fa/reset', requireAdmin(), userInput, transaction(s), async (ctx) => {
    const tx = txOf(ctx);
    const actor = auth(ctx);
    const { id } = userInput.get(ctx).params;
    if (id === actor.user.id) throw new ApiError(403, 'forbidden', MSG.twoFactorOwnReset);
    const target = await findUserById(tx, id);
    if (!target) throw notFound(MSG.userNotFound);
    await requireAdminStepUp(tx, actor, s.clock());
    const result = await resetSecondFactors(tx, s.events, target, { id: actor.user.id, username: actor.user.username, ip: ctx.ip, steppedUp: true }, s.clock());
    await alertAdmins(tx, { username: actor.user.username, ip: ctx.ip }, `reset the second factors of ${target.username}`, s.clock());
    s.sessionCache.forget({ userId: id });
    ctx.body = result;
  });

  return router;
}
