/**
 * What other features (and app.ts, scripts) may use of two-factor authentication (README
 * "Two-factor authentication"; DESIGN.md 7 "Staff second factor").
 *
 * - `twoFactorDeps(services)`: the dependencies the functions below take.
 * - `afterPassword(db, deps, user, now)`: the sign-in's next step after a correct password:
 *   `{ kind: 'challenge', challengeId, methods }` (no session!) or `{ kind: 'session', needsEnrolment }`.
 * - `completeLogin(db, deps, { challengeId, code | assertion }, ip, now)`: checks the second step;
 *   `{ userId, method }`; throws 401 challenge_expired, 429, 400 invalid_code (counted).
 * - `hasFreshSecondFactor(db, auth, now)`: `{ method, at }` when the session proved a second factor
 *   (or, for users without one, the password) in the last STEP_UP_MINUTES, else null.
 * - `requireFreshSecondFactor(db, auth, now)`: the same, but throws 403 `step_up_required` ("Confirm
 *   it's you") when not fresh. The vault's reveal and the offline vault's device grant call it and
 *   store `{ method, at }` in their audit rows (`step_up_method`, `step_up_at`).
 * - `resetSecondFactors(tx, user, actor, now)`: the admin / command-line reset (reset.ts).
 * - `resealTotpSecrets(db, keys)`: the vault key rotation moves the TOTP secrets to the current key
 *   too, before it drops the old ones (rotation.ts).
 */
import { MSG, type SecondFactorMethod } from '@portal/shared';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/errors';
import type { AuthInfo } from '../../http/state';
import type { Services } from '../../services';
import { freshUntil, type TwoFactorDeps } from './service';
import { relyingParty } from './webauthn';

export { afterPassword, completeLogin, type AfterPassword, type TwoFactorDeps } from './service';
export { resetSecondFactors, type ResetActor, type ResetResult } from './reset';
export { resealTotpSecrets } from './rotation';

/** The step-up an action relied on: how and when the session last proved a second factor. */
export interface StepUp {
  method: SecondFactorMethod;
  at: Date;
}

/** The dependencies of the two-factor functions, from the app's services. */
export function twoFactorDeps(s: Services): TwoFactorDeps & { appName: string } {
  return {
    keys: s.vaultKeys,
    limiters: s.limiters,
    rp: relyingParty(s.config.appName, s.config.publicUrl),
    passwords: s.passwords,
    initialPolicy: s.config.twoFactorRequired,
    appName: s.config.appName,
  };
}

/** The session's fresh second factor (see the module doc), or null. */
export async function hasFreshSecondFactor(db: Database, auth: AuthInfo, now: Date): Promise<StepUp | null> {
  const fresh = await freshUntil(db, auth.sessionId, now);
  return fresh ? { method: fresh.method, at: fresh.at } : null;
}

/** The session's fresh second factor; 403 `step_up_required` when there is none (see the module doc). */
export async function requireFreshSecondFactor(db: Database, auth: AuthInfo, now: Date): Promise<StepUp> {
  const fresh = await hasFreshSecondFactor(db, auth, now);
  if (!fresh) throw new ApiError(403, 'step_up_required', MSG.twoFactorStepUpRequired);
  return fresh;
}
