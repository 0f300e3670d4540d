/**
 * Checking a second factor (README "Two-factor authentication"), shared by the sign-in's second
 * step and the step-up: a TOTP code (never the same time step twice), a recovery code (once), or a
 * passkey assertion against a challenge the server issued. Every answer takes a point of the login
 * limits (per IP+username and per IP, http/rate-limit.ts) BEFORE it is checked, so a concurrent
 * burst of guesses gets at most the limit checked; a right answer gives its points back, a wrong
 * one is refused with 400 `invalid_code` "That code is not valid. Try again."; a used-up limit
 * answers 429 before anything is checked.
 * On top, every answer takes a point of the ACCOUNT's limit (`twoFactorAccount`, any IP; issue 55
 * defect 7): used up, the answer is 429 "Too many wrong attempts for this account. Try again in N
 * minutes." and the user is e-mailed once per lockout ({@link noteWrongAnswer}). The change of
 * password shares these limits (defect 10).
 */
import { MSG, type WebauthnAssertion } from '@portal/shared';
import type { Database } from '../../db/client';
import { ApiError, RateLimitedError } from '../../http/errors';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { consumeAll, giveBack, type RateLimiters } from '../../http/rate-limit';
import { enqueue } from '../../notify';
import { needsReseal, seal, unseal } from '../../lib/keyring-seal';
import type { VaultKeyring } from '../../lib/vault-keys';
import { hashRecoveryCode, isTotpShaped, matchTotp } from './codes';
import { acceptTotpStep, findTotp, listPasskeys, reseal, spendRecoveryCode, usePasskey } from './repository';
import { twoFactorLocked } from './notifications';
import { verifyAssertion, type RelyingParty } from './webauthn';

/** What checking needs from the app. */
export interface VerifyDeps {
  keys: VaultKeyring;
  limiters: RateLimiters;
  rp: RelyingParty;
}

/** The purpose (AAD) a user's TOTP secret is sealed for. */
export const totpPurpose = (userId: string) => `user_totp|${userId}`;

/** The user's TOTP secret in clear (re-sealed under the current key after a rotation). */
export async function openTotpSecret(db: Database, keys: VaultKeyring, userId: string, stored: string): Promise<string> {
  const secret = unseal(keys, totpPurpose(userId), stored);
  if (needsReseal(keys, stored)) await reseal(db, userId, seal(keys, totpPurpose(userId), secret));
  return secret;
}

/** The login limiter keys of a user from an IP (the same keys as the password step). */
export const limitKeys = (deps: VerifyDeps, ip: string, username: string) =>
  [
    [deps.limiters.login, `${ip}|${username.toLowerCase()}`],
    [deps.limiters.loginIp, ip],
  ] as const;

/** The account limiter's key of a user (case-insensitive username, like the login limits). */
const accountKey = (username: string) => username.toLowerCase();

/** The lockout message: says how long (whole minutes, at least 1). */
export const accountLockedMessage = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `Too many wrong attempts for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

/**
 * Takes one point of the user's, the IP's and the account's limits before an answer is checked.
 * @throws 429 rate_limited (Retry-After) when the IP's or the user's login limit is used up; 429
 * rate_limited with {@link accountLockedMessage} when the account's is.
 */
export async function takeCodeAttempt(deps: VerifyDeps, ip: string, username: string): Promise<void> {
  await consumeAll(limitKeys(deps, ip, username));
  try {
    await deps.limiters.twoFactorAccount.consume(accountKey(username));
  } catch (err) {
    await giveBack(limitKeys(deps, ip, username));
    if (!(err instanceof RateLimiterRes)) throw err;
    throw new RateLimitedError(Math.max(1, Math.ceil(err.msBeforeNext / 1000)), accountLockedMessage(err.msBeforeNext));
  }
}

/** Gives the points of a right answer back (it should not count toward the limits). */
export async function returnCodeAttempt(deps: VerifyDeps, ip: string, username: string): Promise<void> {
  await giveBack([...limitKeys(deps, ip, username), [deps.limiters.twoFactorAccount, accountKey(username)]]);
}

/**
 * After a wrong answer: when it used the account's last point, e-mails the user (once per lockout:
 * later answers are refused before they are counted).
 */
export async function noteWrongAnswer(db: Database, deps: VerifyDeps, user: { username: string; email: string | null }, now: Date): Promise<void> {
  const res = await deps.limiters.twoFactorAccount.get(accountKey(user.username));
  if (!user.email || !res || res.consumedPoints !== deps.limiters.twoFactorAccount.points) return;
  const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60_000));
  await enqueue(db, twoFactorLocked, { to: user.email, payload: { username: user.username, at: now.toISOString(), minutes } }, now);
}

/** Refuses a wrong answer, whose points stay taken (a wrong step-up password under `password`). */
export async function refuseCode(field: 'code' | 'password' = 'code'): Promise<never> {
  const message = field === 'password' ? MSG.currentPasswordWrong : MSG.twoFactorCodeInvalid;
  throw new ApiError(400, 'invalid_code', message, { [field]: [message] });
}

/**
 * The method a code proves for the user ('totp' or 'recovery'), or null when it is wrong, reused
 * or the user has no such factor. Spends the TOTP step or the recovery code.
 */
export async function checkCode(tx: Database, keys: VaultKeyring, userId: string, code: string, now: Date): Promise<'totp' | 'recovery' | null> {
  if (isTotpShaped(code)) {
    const row = await findTotp(tx, userId);
    if (!row?.confirmedAt) return null;
    const step = matchTotp(await openTotpSecret(tx, keys, userId, row.secret), code, now, row.lastStep);
    return step !== null && (await acceptTotpStep(tx, userId, step, now)) ? 'totp' : null;
  }
  return (await spendRecoveryCode(tx, userId, hashRecoveryCode(code), now)) ? 'recovery' : null;
}

/** true when the assertion proves one of the user's passkeys for `expectedChallenge` (its counter is stored). */
export async function checkAssertion(
  tx: Database,
  deps: VerifyDeps,
  userId: string,
  assertion: WebauthnAssertion,
  expectedChallenge: string | null,
  now: Date,
): Promise<boolean> {
  if (!expectedChallenge) return false;
  const result = await verifyAssertion(deps.rp, assertion, expectedChallenge, await listPasskeys(tx, userId));
  if (!result) return false;
  // Authenticators without a counter always report 0; a counter that did not grow otherwise is a cloned key.
  const { passkey, newCounter } = result;
  if (newCounter !== 0 || passkey.counter !== 0) {
    if (newCounter <= passkey.counter) return false;
  }
  return usePasskey(tx, passkey.id, passkey.counter, newCounter, now);
}
