/**
 * Auth routes (SPEC.md 5 / 7, DESIGN.md 4):
 * - POST /api/auth/login            anonymous; loginSchema -> 200 LoginResponse + httpOnly `session` cookie
 *                                   (Secure when PUBLIC_URL is https or the request is);
 *                                   bad credentials -> 401 MSG.invalidCredentials; failures rate limited per
 *                                   IP+username and per IP: each attempt takes its points BEFORE the password
 *                                   is checked (a concurrent burst gets at most the limit checked); a success
 *                                   resets the IP+username count and returns the IP point.
 *                                   When a second factor is due (README "Two-factor authentication") it answers
 *                                   200 LoginChallenge `{ twoFactorRequired, challengeId, methods }` and NO session
 *                                   (the attempt's points stay taken until the second step succeeds);
 *                                   a user who must enrol gets a session with `twoFactorEnrolmentRequired: true`.
 *                                   A disabled account's right password -> 403 account_disabled (no session, no
 *                                   challenge); each session started records users.last_sign_in_at.
 * - POST /api/auth/login/2fa        anonymous; loginSecondFactorSchema ({ challengeId, code } or a WebAuthn assertion)
 *                                   -> 200 LoginResponse + cookie; 400 invalid_code (counted toward the login
 *                                   limits), 401 challenge_expired, 429.
 * - POST /api/auth/logout           logged in (also enrolment-only sessions); revokes this session -> 204.
 * - GET  /api/auth/me               logged in (also enrolment-only); -> { user, twoFactorEnrolmentRequired }.
 * - PATCH /api/auth/me              logged in; myAccountSchema ({ phone }) -> { user }: their own phone ({{technician.phone}}).
 * - POST /api/auth/change-password  logged in; changePasswordSchema -> 200 { message: 'Password changed' };
 *                                   wrong current password -> 400 fieldErrors.currentPassword, counted like a wrong
 *                                   step-up answer (login limits + the account's, 429 when used up); other sessions revoked,
 *                                   and the user's offline vault devices (they wipe on their next sync).
 * - GET /api/users/sign-in-locks admin: `{ locks: [{ username, lockedUntil }] }`, the usernames locked out now.
 * - POST /api/users/:id/unlock-login admin; deletes the failed-login counts of that user's username
 *                                   (lockouts.ts) -> 204; unknown user -> 404 MSG.userNotFound.
 */
import Router from '@koa/router';
import { MSG, USER_STATUS_TEXT, changePasswordSchema, loginSchema, loginSecondFactorSchema, myAccountSchema } from '@portal/shared';
import type { LoginChallenge, LoginResponse, SignInLocks } from '@portal/shared';
import type Koa from 'koa';
import { SESSION_COOKIE, requireAdmin, requireLogin, requireSession } from '../../http/authenticate';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { consumeAll, giveBack } from '../../http/rate-limit';
import type { AppState } from '../../http/state';
import { transaction, txOf } from '../../http/transaction';
import { idParamsSchema, validate } from '../../http/validate';
import type { Services } from '../../services';
import { findUserById, findUserByUsername, presentUser, recordSignIn, updateUser } from '../users/port';
import { afterPassword, completeLogin, noteWrongAnswer, returnCodeAttempt, takeCodeAttempt, twoFactorDeps } from '../twofa/port';
import { event } from '../../events';
import type { UserRow } from '../users/port';
import { forgetFailureKey, lockedUsernames, loginLimitKey, rememberFailureKey, unlockUsername } from './lockouts';
import { createSession, deleteSession, type SessionSecondFactor } from './sessions';
import { actorOf } from '../../http/actor';

/** @throws 403 account_disabled (USER_STATUS_TEXT.signInDisabled) for an account an admin disabled. */
function assertEnabled(user: UserRow): void {
  if (user.disabledAt) throw new ApiError(403, 'account_disabled', USER_STATUS_TEXT.signInDisabled);
}

/** Creates the session, sets the cookie and answers LoginResponse (with `recoveryCodesLeft` after a recovery-code sign-in). */
async function startSession(s: Services, ctx: Koa.ParameterizedContext<AppState>, user: UserRow, secondFactor: SessionSecondFactor, recoveryCodesLeft?: number): Promise<void> {
  assertEnabled(user);
  const session = await createSession(s.db, user.id, s.clock(), s.config.sessionTtlHours, secondFactor);
  await recordSignIn(s.db, user.id, s.clock());
  ctx.cookies.set(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.cookies.secure,
    path: '/',
    expires: session.expiresAt,
    overwrite: true,
  });
  ctx.body = {
    user: presentUser(user),
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    ...(secondFactor.needsEnrolment ? { twoFactorEnrolmentRequired: true } : {}),
    ...(recoveryCodesLeft !== undefined ? { recoveryCodesLeft } : {}),
  } satisfies LoginResponse;
}

export function authRoutes(s: Services): Router<AppState> {
  const router = new Router<AppState>();
  const loginInput = validate({ body: loginSchema });
  const secondInput = validate({ body: loginSecondFactorSchema });
  const twoFactor = twoFactorDeps(s);

  const changeInput = validate({ body: changePasswordSchema });
  const unlockInput = validate({ params: idParamsSchema, notFoundMessage: MSG.userNotFound });

  router.post('/api/auth/login', loginInput, async (ctx) => {
    const { username, password } = loginInput.get(ctx).body;
    const limitKey = loginLimitKey(ctx.ip, username);
    // Remembered so an admin can unlock this username without knowing the IP (lockouts.ts).
    rememberFailureKey(s.limiters.login, username, limitKey);
    // Counted before the check, kept when it fails (consumeAll): only failures stay counted.
    await consumeAll([
      [s.limiters.loginIp, ctx.ip],
      [s.limiters.login, limitKey],
    ]);
    const user = await findUserByUsername(s.db, username);
    const ok = user ? await s.passwords.verify(user.password, password) : await s.passwords.verifyDummy(password);
    if (!user || !ok) throw new ApiError(401, 'unauthenticated', MSG.invalidCredentials);
    // Only the right password learns that the account is disabled; its attempt stays counted.
    assertEnabled(user);
    const next = await afterPassword(s.db, twoFactor, user, s.clock());
    if (next.kind === 'challenge') {
      // The password alone never yields a session; its points stay taken until the second step succeeds.
      ctx.body = { twoFactorRequired: true, challengeId: next.challengeId, methods: next.methods } satisfies LoginChallenge;
      return;
    }
    // Only the username's counter is reset: logging into one's own account must not clear the
    // failures this IP collected against other usernames (it only gets this attempt's point back).
    await Promise.all([s.limiters.login.delete(limitKey), giveBack([[s.limiters.loginIp, ctx.ip]])]);
    forgetFailureKey(s.limiters.login, username, limitKey);
    // A user without a second factor confirmed with the password just now: that is their step-up
    // (README "Two-factor authentication"), fresh for STEP_UP_MINUTES like a code would be; an
    // enrolling session needs it to add its first factor (issue 55 defect 1).
    await startSession(s, ctx, user, { needsEnrolment: next.needsEnrolment, method: 'password' });
  });

  router.post('/api/auth/login/2fa', secondInput, async (ctx) => {
    const body = secondInput.get(ctx).body;
    const done = await completeLogin(s.db, twoFactor, { challengeId: body.challengeId, ...('code' in body ? { code: body.code } : { assertion: body.assertion }) }, ctx.ip, s.clock());
    const user = await findUserById(s.db, done.userId);
    if (!user) throw new ApiError(401, 'challenge_expired', MSG.twoFactorChallengeExpired);
    await startSession(s, ctx, user, { method: done.method }, done.recoveryCodesLeft);
  });

  router.post('/api/auth/logout', requireSession(), async (ctx) => {
    const { sessionId } = ctx.state.auth!;
    await deleteSession(s.db, sessionId);
    s.sessionCache.forget({ sessionId });
    ctx.cookies.set(SESSION_COOKIE, null, { httpOnly: true, sameSite: 'lax', secure: ctx.cookies.secure, path: '/', overwrite: true });
    ctx.status = 204;
  });

  router.get('/api/auth/me', requireSession(), (ctx) => {
    const auth = ctx.state.auth!;
    ctx.body = { user: presentUser(auth.user), twoFactorEnrolmentRequired: auth.needsEnrolment === true };
  });

  const meInput = validate({ body: myAccountSchema });
  router.patch('/api/auth/me', requireLogin(), meInput, transaction(s), async (ctx) => {
    const { id } = ctx.state.auth!.user;
    const row = await updateUser(txOf(ctx), id, { phone: meInput.get(ctx).body.phone });
    if (!row) throw notFound(MSG.userNotFound);
    s.sessionCache.forget({ userId: id });
    ctx.body = { user: presentUser(row) };
  });

  // The current password is checked BEFORE the transaction, against the step-up's limits (issue 55
  // defect 10: per IP+username, per IP and per account, twofa/verify.ts), so a wrong one stays counted.
  const checkCurrentPassword: Koa.Middleware<AppState> = async (ctx, next) => {
    const { user } = ctx.state.auth!;
    await takeCodeAttempt(twoFactor, ctx.ip, user.username);
    const row = await findUserById(s.db, user.id);
    if (!row || !(await s.passwords.verify(row.password, changeInput.get(ctx).body.currentPassword))) {
      await noteWrongAnswer(s.db, twoFactor, user, s.clock());
      throw badRequest(MSG.currentPasswordWrong, { currentPassword: [MSG.currentPasswordWrong] });
    }
    await returnCodeAttempt(twoFactor, ctx.ip, user.username);
    await next();
  };

  router.post('/api/auth/change-password', requireLogin(), changeInput, checkCurrentPassword, transaction(s), async (ctx) => {
    const { newPassword } = changeInput.get(ctx).body;
    const { user, sessionId } = ctx.state.auth!;
    const tx = txOf(ctx);
    const passwordHash = await s.passwords.hash(newPassword);
    await updateUser(tx, user.id, { passwordHash });
    // Signed out everywhere else, and every offline vault copy wiped on its device's next sync
    // (the auth and vault-offline subscribers of user.password_changed).
    await s.events.emit(tx, [event('user.password_changed', { userId: user.id, username: user.username, keepSessionId: sessionId }, s.clock(), { id: user.id, username: user.username })]);
    s.sessionCache.forget({ userId: user.id });
    ctx.body = { message: 'Password changed' };
  });

  // The locked sign-ins (User Management: 'Unlock sign-in' only on their rows, "locked until").
  router.get('/api/users/sign-in-locks', requireAdmin(), async (ctx) => {
    ctx.body = { locks: await lockedUsernames(s.limiters.login, s.clock()) } satisfies SignInLocks;
  });

  // An admin lifts a user's sign-in lockout (User Management); the per-IP limit stays.
  router.post('/api/users/:id/unlock-login', requireAdmin(), unlockInput, async (ctx) => {
    const user = await findUserById(s.db, unlockInput.get(ctx).params.id);
    if (!user) throw notFound(MSG.userNotFound);
    await unlockUsername(s.limiters.login, user.username);
    await s.events.transaction(s.db, (tx) => s.events.emit(tx, [event('user.login_unlocked', { userId: user.id, username: user.username }, s.clock(), actorOf(ctx))]));
    ctx.status = 204;
  });

  return router;
}
