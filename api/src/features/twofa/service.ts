/**
 * Sign-in's second step and the step-up (README "Two-factor authentication"; DESIGN.md 7):
 * - After a correct password, a user with a second factor gets a challenge (a random 256-bit id,
 *   only its sha256 stored, valid {@link CHALLENGE_MINUTES}), never a session. A user without one
 *   gets a session, marked enrolment-only when the policy requires a factor of their role.
 * - The challenge is completed with a code or a passkey assertion; {@link CHALLENGE_MAX_FAILURES}
 *   wrong answers end it (sign in again), and each one counts toward the login limits.
 * - Step-up: a session proves a factor again; it counts as fresh for STEP_UP_MINUTES. Users
 *   without any factor (policy `none`) confirm with their password instead.
 */
import { createHash, randomBytes } from 'node:crypto';
import { MSG, STEP_UP_MINUTES, twoFactorRequiredFor, type SecondFactorMethod, type StepUpInput, type TwoFactorLoginMethod, type TwoFactorPolicy } from '@portal/shared';
import type { Database } from '../../db/client';
import { ApiError, badRequest } from '../../http/errors';
import type { AuthInfo, AuthUser } from '../../http/state';
import type { PasswordHasher } from '../../lib/passwords';
import { markSecondFactor } from '../../db/sessions';
import { hasFreshSecondFactor } from '../../http/step-up';
import { findUserById } from '../users/port';
import { readPolicy } from './policy';
import {
  countUnusedRecoveryCodes,
  countChallengeFailure,
  deleteChallenge,
  factorCounts,
  findLoginChallenge,
  findSessionChallenge,
  insertChallenge,
  listPasskeys,
  purgeExpiredChallenges,
  setChallengeWebauthn,
} from './repository';
import { checkAssertion, checkCode, noteWrongAnswer, refuseCode, returnCodeAttempt, takeCodeAttempt, type VerifyDeps } from './verify';
import { giveBack } from '../../http/rate-limit';
import { authenticationOptions } from './webauthn';

/** Minutes a sign-in may wait for its second factor. */
export const CHALLENGE_MINUTES = 5;
/** Wrong answers that end a sign-in challenge. */
export const CHALLENGE_MAX_FAILURES = 5;

export interface TwoFactorDeps extends VerifyDeps {
  passwords: PasswordHasher;
  /** TWO_FACTOR_REQUIRED: the policy of a new install. */
  initialPolicy: TwoFactorPolicy;
}

/** When a challenge made at `now` expires ({@link CHALLENGE_MINUTES} later). */
const challengeExpiry = (now: Date) => new Date(now.getTime() + CHALLENGE_MINUTES * 60_000);

/** Keeps the WebAuthn challenge of a passkey registration or step-up for `auth`'s session until {@link challengeExpiry}. */
export async function keepSessionChallenge(db: Database, auth: AuthInfo, purpose: 'register' | 'step_up', challenge: string, now: Date): Promise<void> {
  await insertChallenge(db, { userId: auth.user.id, purpose, sessionId: auth.sessionId, webauthnChallenge: challenge, expiresAt: challengeExpiry(now), createdAt: now });
}

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** The policy in force (created from TWO_FACTOR_REQUIRED on first use). */
export const policyOf = (db: Database, deps: TwoFactorDeps, now: Date) => readPolicy(db, deps.initialPolicy, now);

/** What follows a correct password: a challenge, or a session (enrolment-only when the policy requires a factor). */
export type AfterPassword =
  | { kind: 'challenge'; challengeId: string; methods: TwoFactorLoginMethod[] }
  | { kind: 'session'; needsEnrolment: boolean };

/** Decides the sign-in's next step for `user` (see the module doc). */
export async function afterPassword(db: Database, deps: TwoFactorDeps, user: { id: string; role: AuthUser['role'] }, now: Date): Promise<AfterPassword> {
  const factors = await factorCounts(db, user.id);
  if (!factors.totp && factors.passkeys === 0) {
    return { kind: 'session', needsEnrolment: twoFactorRequiredFor(await policyOf(db, deps, now), user.role) };
  }
  await purgeExpiredChallenges(db, now);
  const challengeId = randomBytes(32).toString('base64url');
  await insertChallenge(db, {
    tokenHash: sha256(challengeId),
    userId: user.id,
    purpose: 'login',
    expiresAt: challengeExpiry(now),
    createdAt: now,
  });
  const methods: TwoFactorLoginMethod[] = [...(factors.totp ? (['totp'] as const) : []), 'recovery', ...(factors.passkeys > 0 ? (['passkey'] as const) : [])];
  return { kind: 'challenge', challengeId, methods };
}

const expired = () => new ApiError(401, 'challenge_expired', MSG.twoFactorChallengeExpired);

async function loadChallenge(db: Database, challengeId: string, now: Date) {
  const challenge = await findLoginChallenge(db, sha256(challengeId), now);
  const user = challenge ? await findUserById(db, challenge.userId) : undefined;
  if (!challenge || !user) throw expired();
  return { challenge, user };
}

/** WebAuthn options for a sign-in challenge (its passkeys; the challenge remembers what it asked). */
export async function loginPasskeyOptions(db: Database, deps: TwoFactorDeps, challengeId: string, now: Date) {
  const { challenge } = await loadChallenge(db, challengeId, now);
  const options = await authenticationOptions(deps.rp, await listPasskeys(db, challenge.userId));
  await setChallengeWebauthn(db, challenge.id, options.challenge);
  return options;
}

/**
 * Completes a sign-in challenge: returns the user and the method it proved (with a recovery code:
 * how many unused ones are left, which the sign-in tells the user); the challenge is gone.
 * @throws 401 challenge_expired; 429 rate_limited; 400 invalid_code (counted, see verify.ts).
 */
export async function completeLogin(
  db: Database,
  deps: TwoFactorDeps,
  input: { challengeId: string; code?: string; assertion?: Parameters<typeof checkAssertion>[3] },
  ip: string,
  now: Date,
): Promise<{ userId: string; method: SecondFactorMethod; recoveryCodesLeft?: number }> {
  const { challenge, user } = await loadChallenge(db, input.challengeId, now);
  await takeCodeAttempt(deps, ip, user.username);
  const method = input.assertion
    ? (await checkAssertion(db, deps, user.id, input.assertion, challenge.webauthnChallenge, now)) && 'passkey'
    : await checkCode(db, deps.keys, user.id, input.code ?? '', now);
  if (!method) {
    if ((await countChallengeFailure(db, challenge.id)) >= CHALLENGE_MAX_FAILURES) await deleteChallenge(db, challenge.id);
    await noteWrongAnswer(db, deps, user, now);
    return refuseCode();
  }
  await deleteChallenge(db, challenge.id);
  // Signed in: the user's count starts over, and the IP gets back the points of this code and of the
  // password step (which kept its point until now: a password alone must not reset anything).
  await deps.limiters.login.delete(`${ip}|${user.username.toLowerCase()}`);
  await giveBack([
    [deps.limiters.loginIp, ip],
    [deps.limiters.loginIp, ip],
  ]);
  return method === 'recovery' ? { userId: user.id, method, recoveryCodesLeft: await countUnusedRecoveryCodes(db, user.id) } : { userId: user.id, method };
}

/** When the session's second factor stops being fresh, or null when it is not fresh at `now` (http/step-up.ts). */
export const freshUntil = (db: Database, sessionId: string, now: Date) => hasFreshSecondFactor(db, { sessionId }, now);

/** WebAuthn options for a step-up of this session (its user's passkeys). */
export async function stepUpPasskeyOptions(db: Database, deps: TwoFactorDeps, auth: AuthInfo, now: Date) {
  const options = await authenticationOptions(deps.rp, await listPasskeys(db, auth.user.id));
  await purgeExpiredChallenges(db, now);
  await keepSessionChallenge(db, auth, 'step_up', options.challenge, now);
  return options;
}

/**
 * "Confirm it's you": proves a factor again for this session (or the password when the user has no
 * factor). Returns until when the session is fresh.
 */
export async function stepUp(db: Database, deps: TwoFactorDeps, auth: AuthInfo, input: StepUpInput, ip: string, now: Date): Promise<Date> {
  const { user } = auth;
  await takeCodeAttempt(deps, ip, user.username);
  const factors = await factorCounts(db, user.id);
  const hasFactor = factors.totp || factors.passkeys > 0;
  let method: SecondFactorMethod | null = null;
  if ('password' in input) {
    if (hasFactor) throw badRequest(MSG.twoFactorCodeRequired, { code: [MSG.twoFactorCodeRequired] });
    const row = await findUserById(db, user.id);
    if (row && (await deps.passwords.verify(row.password, input.password))) method = 'password';
  } else if ('assertion' in input) {
    const challenge = await findSessionChallenge(db, auth.sessionId, 'step_up', now);
    if (challenge && (await checkAssertion(db, deps, user.id, input.assertion, challenge.webauthnChallenge, now))) {
      await deleteChallenge(db, challenge.id);
      method = 'passkey';
    }
  } else {
    method = await checkCode(db, deps.keys, user.id, input.code, now);
  }
  if (!method) {
    await noteWrongAnswer(db, deps, user, now);
    return refuseCode('password' in input ? 'password' : 'code');
  }
  await returnCodeAttempt(deps, ip, user.username);
  await markSecondFactor(db, auth.sessionId, method, now);
  return new Date(now.getTime() + STEP_UP_MINUTES * 60_000);
}
