/**
 * Enrolment and upkeep of a user's own second factors (the Security page, README "Two-factor
 * authentication"): the authenticator app (set-up shows the secret once, a first valid code
 * confirms it), named passkeys, and 10 single-use recovery codes made with the first method and
 * shown once. Adding, removing or replacing a method and making new recovery codes needs a fresh
 * EXISTING second factor (or, for a user with none, the password) from the last 15 minutes
 * ({@link requireFactorChangeProof}); the change itself never counts as a step-up (issue 55 defect 1),
 * is audited (`two_factor_events`) and e-mailed to the user (`two_factor_changed`). Removing the last
 * method is refused while the policy requires one.
 */
import { MSG, RECOVERY_CODE_COUNT, twoFactorRequiredFor, type TwoFactorStatus, type TotpSetup, type WebauthnRegistration } from '@portal/shared';
import type { Database } from '../../db/client';
import { ApiError, conflict, notFound } from '../../http/errors';
import type { AuthInfo } from '../../http/state';
import { seal } from '../../lib/keyring-seal';
import { leaveEnrolment } from '../../db/sessions';
import { requireFreshSecondFactor, type StepUp } from '../../http/step-up';
import { enqueue } from '../../notify';
import { findUserById } from '../users/port';
import { twoFactorChanged, type FactorChange } from './notifications';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, totpUrl } from './codes';
import {
  acceptTotpStep,
  countUnusedRecoveryCodes,
  deletePasskey,
  deleteTotp,
  factorCounts,
  findSessionChallenge,
  findTotp,
  insertEvent,
  insertPasskey,
  listPasskeys,
  renamePasskey,
  replaceRecoveryCodes,
  upsertPendingTotp,
  deleteChallenge,
} from './repository';
import { freshUntil, keepSessionChallenge, policyOf, type TwoFactorDeps } from './service';
import { openTotpSecret, refuseCode, returnCodeAttempt, takeCodeAttempt, totpPurpose } from './verify';
import { registrationOptions, verifyRegistration } from './webauthn';

/** The caller's second factors (GET /api/auth/2fa). */
export async function status(db: Database, deps: TwoFactorDeps, auth: AuthInfo, now: Date): Promise<TwoFactorStatus> {
  const [totp, passkeys, left, policy, fresh] = [
    await findTotp(db, auth.user.id),
    await listPasskeys(db, auth.user.id),
    await countUnusedRecoveryCodes(db, auth.user.id),
    await policyOf(db, deps, now),
    await freshUntil(db, auth.sessionId, now),
  ];
  return {
    totp: Boolean(totp?.confirmedAt),
    passkeys: passkeys.map((p) => ({ id: p.id, name: p.name, createdAt: p.createdAt.toISOString(), lastUsedAt: p.lastUsedAt?.toISOString() ?? null })),
    recoveryCodesLeft: left,
    required: twoFactorRequiredFor(policy, auth.user.role),
    enrolmentRequired: auth.needsEnrolment === true,
    freshUntil: fresh?.until.toISOString() ?? null,
  };
}

/**
 * The proof a factor change needs: a second factor this session proved in the last 15 minutes with an
 * EXISTING factor, or, when the user has no factor at all, the password (sign-in or "Confirm it's
 * you"). A fresh 'password' does not count once the user has a factor.
 * @throws 403 `step_up_required` otherwise.
 */
export async function requireFactorChangeProof(tx: Database, auth: AuthInfo, now: Date): Promise<StepUp> {
  const fresh = await requireFreshSecondFactor(tx, auth, now);
  const f = await factorCounts(tx, auth.user.id);
  if (fresh.method === 'password' && (f.totp || f.passkeys > 0)) throw new ApiError(403, 'step_up_required', MSG.twoFactorStepUpRequired);
  return fresh;
}

/** Audits a change of the caller's own factors (it was always proven: stepped_up) and e-mails the user. */
async function event(tx: Database, auth: AuthInfo, kind: FactorChange, ip: string, now: Date): Promise<void> {
  await insertEvent(tx, { userId: auth.user.id, username: auth.user.username, kind, actorId: auth.user.id, actorUsername: auth.user.username, ip, steppedUp: true, createdAt: now });
  const email = (await findUserById(tx, auth.user.id))?.email;
  if (email) await enqueue(tx, twoFactorChanged, { to: email, payload: { username: auth.user.username, change: kind, at: now.toISOString(), ip } }, now);
}

/** A new authenticator app secret for the caller (replaces an unconfirmed one). 409 when one is set up. */
export async function startTotp(tx: Database, deps: TwoFactorDeps & { appName: string }, auth: AuthInfo, now: Date): Promise<TotpSetup> {
  await requireFactorChangeProof(tx, auth, now);
  if ((await findTotp(tx, auth.user.id))?.confirmedAt) throw conflict('An authenticator app is already set up. Remove it first to set up another.');
  const secret = newTotpSecret();
  await upsertPendingTotp(tx, auth.user.id, seal(deps.keys, totpPurpose(auth.user.id), secret), now);
  return { secret, otpauthUrl: totpUrl(secret, deps.appName, auth.user.username) };
}

/** Recovery codes for a user's first method (none yet); else null. */
async function firstRecoveryCodes(tx: Database, userId: string, now: Date): Promise<string[] | null> {
  if ((await countUnusedRecoveryCodes(tx, userId)) > 0) return null;
  const codes = newRecoveryCodes(RECOVERY_CODE_COUNT);
  await replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode), now);
  return codes;
}

/** Confirms the pending authenticator app with a code; the first method also makes recovery codes (shown once). */
export async function confirmTotp(tx: Database, deps: TwoFactorDeps, auth: AuthInfo, code: string, ip: string, now: Date): Promise<{ recoveryCodes: string[] | null }> {
  const row = await findTotp(tx, auth.user.id);
  if (!row) throw new ApiError(400, 'validation_failed', MSG.twoFactorSetupMissing);
  if (row.confirmedAt) throw conflict('An authenticator app is already set up. Remove it first to set up another.');
  await requireFactorChangeProof(tx, auth, now);
  await takeCodeAttempt(deps, ip, auth.user.username);
  const step = matchTotp(await openTotpSecret(tx, deps.keys, auth.user.id, row.secret), code, now, null);
  if (step === null || !(await acceptTotpStep(tx, auth.user.id, step, now))) return refuseCode();
  // (A wrong code here rolls the route's transaction back; its limiter points stay taken.)
  await returnCodeAttempt(deps, ip, auth.user.username);
  const recoveryCodes = await firstRecoveryCodes(tx, auth.user.id, now);
  await leaveEnrolment(tx, auth.sessionId);
  await event(tx, auth, 'totp_added', ip, now);
  return { recoveryCodes };
}

/** Refuses removing the user's last method while the policy requires a second factor. */
async function assertNotLast(tx: Database, deps: TwoFactorDeps, auth: AuthInfo, removing: 'totp' | 'passkey', now: Date): Promise<void> {
  const f = await factorCounts(tx, auth.user.id);
  const left = (removing === 'totp' ? 0 : Number(f.totp)) + (removing === 'passkey' ? f.passkeys - 1 : f.passkeys);
  if (left <= 0 && twoFactorRequiredFor(await policyOf(tx, deps, now), auth.user.role)) throw conflict(MSG.twoFactorLastMethod);
}

/** Removes the caller's authenticator app (step-up; not the last method under a requiring policy). */
export async function removeTotp(tx: Database, deps: TwoFactorDeps, auth: AuthInfo, ip: string, now: Date): Promise<void> {
  await requireFactorChangeProof(tx, auth, now);
  if (!(await findTotp(tx, auth.user.id))?.confirmedAt) throw notFound(MSG.twoFactorNotSetUp);
  await assertNotLast(tx, deps, auth, 'totp', now);
  await deleteTotp(tx, auth.user.id);
  await clearRecoveryIfNoFactor(tx, auth.user.id, now);
  await event(tx, auth, 'totp_removed', ip, now);
}

async function clearRecoveryIfNoFactor(tx: Database, userId: string, now: Date): Promise<void> {
  const f = await factorCounts(tx, userId);
  if (!f.totp && f.passkeys === 0) await replaceRecoveryCodes(tx, userId, [], now);
}

/** New recovery codes (step-up; the old ones stop working). */
export async function regenerateRecoveryCodes(tx: Database, auth: AuthInfo, ip: string, now: Date): Promise<string[]> {
  await requireFactorChangeProof(tx, auth, now);
  const f = await factorCounts(tx, auth.user.id);
  if (!f.totp && f.passkeys === 0) throw new ApiError(400, 'validation_failed', MSG.twoFactorNotSetUp);
  const codes = newRecoveryCodes(RECOVERY_CODE_COUNT);
  await replaceRecoveryCodes(tx, auth.user.id, codes.map(hashRecoveryCode), now);
  await event(tx, auth, 'recovery_codes_regenerated', ip, now);
  return codes;
}

/** WebAuthn options to register a passkey for the caller (the challenge is kept for this session). */
export async function passkeyRegistrationOptions(tx: Database, deps: TwoFactorDeps, auth: AuthInfo, now: Date) {
  await requireFactorChangeProof(tx, auth, now);
  const options = await registrationOptions(deps.rp, auth.user, await listPasskeys(tx, auth.user.id));
  await keepSessionChallenge(tx, auth, 'register', options.challenge, now);
  return options;
}

/** Verifies and stores a new named passkey; the first method also makes recovery codes (shown once). */
export async function registerPasskey(
  tx: Database,
  deps: TwoFactorDeps,
  auth: AuthInfo,
  input: { name: string; registration: WebauthnRegistration },
  ip: string,
  now: Date,
): Promise<{ recoveryCodes: string[] | null }> {
  await requireFactorChangeProof(tx, auth, now);
  const challenge = await findSessionChallenge(tx, auth.sessionId, 'register', now);
  const verified = challenge?.webauthnChallenge ? await verifyRegistration(deps.rp, input.registration, challenge.webauthnChallenge) : null;
  if (!challenge || !verified) throw new ApiError(400, 'validation_failed', MSG.twoFactorPasskeyFailed);
  await deleteChallenge(tx, challenge.id);
  await insertPasskey(tx, { userId: auth.user.id, ...verified, name: input.name, createdAt: now });
  const recoveryCodes = await firstRecoveryCodes(tx, auth.user.id, now);
  await leaveEnrolment(tx, auth.sessionId);
  await event(tx, auth, 'passkey_added', ip, now);
  return { recoveryCodes };
}

export async function renameOwnPasskey(tx: Database, auth: AuthInfo, id: string, name: string): Promise<void> {
  if (!(await renamePasskey(tx, auth.user.id, id, name))) throw notFound(MSG.twoFactorPasskeyNotFound);
}

/** Removes one of the caller's passkeys (step-up; not the last method under a requiring policy). */
export async function removePasskey(tx: Database, deps: TwoFactorDeps, auth: AuthInfo, id: string, ip: string, now: Date): Promise<void> {
  await requireFactorChangeProof(tx, auth, now);
  if (!(await listPasskeys(tx, auth.user.id)).some((p) => p.id === id)) throw notFound(MSG.twoFactorPasskeyNotFound);
  await assertNotLast(tx, deps, auth, 'passkey', now);
  await deletePasskey(tx, auth.user.id, id);
  await clearRecoveryIfNoFactor(tx, auth.user.id, now);
  await event(tx, auth, 'passkey_removed', ip, now);
}
