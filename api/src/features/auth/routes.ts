/**
 * Auth routes (SPEC.md 5 / 7, DESIGN.md 4):
 * - POST /api/auth/login            anonymous; loginSchema -> 200 LoginResponse + httpOnly `session` cookie
 *                                   (Secure when PUBLIC_URL is https or the request is);
 *                                   bad credentials -> 401 MSG.invalidCredentials; failures rate limited per
 *                                   IP+username and per IP (issue 17); a success resets only the former.
 * - POST /api/auth/logout           logged in; revokes this session -> 204.
 * - GET  /api/auth/me               logged in; -> { user }.
 * - POST /api/auth/change-password  logged in; changePasswordSchema -> 200 { message: 'Password changed' };
 *                                   wrong current password -> 400 fieldErrors.currentPassword; other sessions revoked,
 *                                   and the user's offline vault devices (issue 14: they wipe on their next sync).
 * - POST /api/users/:id/unlock-login admin; deletes the failed-login counts of that user's username
 *                                   (lockouts.ts) -> 204; unknown user -> 404 MSG.userNotFound.
 */
import Router from '@koa/router';
import { MSG, changePasswordSchema, loginSchema } from '@portal/shared';
import type { LoginResponse } from '@portal/shared';
import { SESSION_COOKIE, requireAdmin, requireLogin } from '../../http/authenticate';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { assertNotLimited, recordFailure } from '../../http/rate-limit';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import { deleteOtherSessions } from '../../db/sessions';
import type { Services } from '../../services';
import { findUserById, findUserByUsername, presentUser, updateUser } from '../users/port';
import { revokeUserDevices } from '../vault-offline/port';
import { forgetFailureKey, loginLimitKey, rememberFailureKey, unlockUsername } from './lockouts';
import { createSession, deleteSession } from './sessions';

export function authRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const loginInput = validate({ body: loginSchema });
  const changeInput = validate({ body: changePasswordSchema });
  const unlockInput = validate({ params: idParamsSchema, notFoundMessage: MSG.userNotFound });

  router.post('/api/auth/login', loginInput, async (ctx) => {
    const { username, password } = loginInput.get(ctx).body;
    const limitKey = loginLimitKey(ctx.ip, username);
    await assertNotLimited(s.limiters.loginIp, ctx.ip);
    await assertNotLimited(s.limiters.login, limitKey);
    const user = await findUserByUsername(s.db, username);
    const ok = user ? await s.passwords.verify(user.password, password) : await s.passwords.verifyDummy(password);
    if (!user || !ok) {
      await recordFailure([
        [s.limiters.login, limitKey],
        [s.limiters.loginIp, ctx.ip],
      ]);
      rememberFailureKey(s.limiters.login, username, limitKey);
      throw new ApiError(401, 'unauthenticated', MSG.invalidCredentials);
    }
    // Only the username's counter is reset: logging into one's own account must not clear the
    // failures this IP collected against other usernames.
    await s.limiters.login.delete(limitKey);
    forgetFailureKey(s.limiters.login, username, limitKey);
    const now = s.clock();
    const session = await createSession(s.db, user.id, now, s.config.sessionTtlHours);
    ctx.cookies.set(SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.cookies.secure,
      path: '/',
      expires: session.expiresAt,
      overwrite: true,
    });
    ctx.body = { user: presentUser(user), token: session.token, expiresAt: session.expiresAt.toISOString() } satisfies LoginResponse;
  });

  router.post('/api/auth/logout', requireLogin(), async (ctx) => {
    const { sessionId } = ctx.state.auth!;
    await deleteSession(s.db, sessionId);
    s.sessionCache.forget({ sessionId });
    ctx.cookies.set(SESSION_COOKIE, null, { httpOnly: true, sameSite: 'lax', secure: ctx.cookies.secure, path: '/', overwrite: true });
    ctx.status = 204;
  });

  router.get('/api/auth/me', requireLogin(), (ctx) => {
    ctx.body = { user: presentUser(ctx.state.auth!.user) };
  });

  router.post('/api/auth/change-password', requireLogin(), changeInput, transaction(s), async (ctx) => {
    const { currentPassword, newPassword } = changeInput.get(ctx).body;
    const { user, sessionId } = ctx.state.auth!;
    const tx = txOf(ctx);
    const row = await findUserById(tx, user.id);
    if (!row || !(await s.passwords.verify(row.password, currentPassword))) {
      throw badRequest(MSG.currentPasswordWrong, { currentPassword: [MSG.currentPasswordWrong] });
    }
    const passwordHash = await s.passwords.hash(newPassword);
    await updateUser(tx, user.id, { passwordHash });
    await deleteOtherSessions(tx, user.id, sessionId);
    // Issue 14: every offline vault copy of this user is wiped on its device's next sync.
    await revokeUserDevices(tx, user.id, s.clock(), 'password_change');
    s.sessionCache.forget({ userId: user.id });
    ctx.body = { message: 'Password changed' };
  });

  // An admin lifts a user's sign-in lockout (User Management); the per-IP limit stays.
  router.post('/api/users/:id/unlock-login', requireAdmin(), unlockInput, async (ctx) => {
    const user = await findUserById(s.db, unlockInput.get(ctx).params.id);
    if (!user) throw notFound(MSG.userNotFound);
    await unlockUsername(s.limiters.login, user.username);
    ctx.status = 204;
  });

  return router;
}
