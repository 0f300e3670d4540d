/**
 * What other features (and app.ts, scripts) may use of two-factor authentication (README
 * "Two-factor authentication"; DESIGN.md 7 "Staff second factor").
 *
 * - `twoFactorDeps(services)`: the dependencies the functions below take.
 * - `afterPassword(db, deps, user, now)`: the sign-in's next step after a correct password:
 *   `{ kind: 'challenge', challengeId, methods }` (no session!) or `{ kind: 'session', needsEnrolment }`.
 * - `completeLogin(db, deps, { challengeId, code | assertion }, ip, now)`: checks the second step;
 *   `{ userId, method }`; throws 401 challenge_expired, 429, 400 invalid_code (counted).
 * - `hasFreshSecondFactor(db, auth, now)`: `{ method, at, until }` when the session proved a second
 *   factor (or, for users without one, the password) in the last STEP_UP_MINUTES, else null.
 * - `requireFreshSecondFactor(db, auth, now)`: the same, but throws 403 `step_up_required` ("Confirm
 *   it's you") when not fresh. The vault's reveal and the offline vault's device grant call it and
 *   store `{ method, at }` in their audit rows (`step_up_method`, `step_up_at`). Both live in
 *   http/step-up.ts (re-exported here): a vault feature importing this port would be a cycle.
 * - `resetSecondFactors(tx, user, actor, now)`: the admin / command-line reset (reset.ts).
 * - `takeCodeAttempt(deps, ip, username)` / `returnCodeAttempt` / `noteWrongAnswer(db, deps, user, now)`:
 *   the limits of a secret answer (code, step-up, current password; verify.ts): take a point before
 *   checking, give it back when right, note a wrong one (the lockout e-mail).
 * - `resealTotpSecrets(db, keys)`: the vault key rotation moves the TOTP secrets to the current key
 *   too, before it drops the old ones (rotation.ts).
 */
import type { Services } from '../../services';
import type { TwoFactorDeps } from './service';
import { relyingParty } from './webauthn';

export { afterPassword, completeLogin, type AfterPassword, type TwoFactorDeps } from './service';
export { resetSecondFactors, type ResetActor, type ResetResult } from './reset';
export { resealTotpSecrets } from './rotation';
export { noteWrongAnswer, returnCodeAttempt, takeCodeAttempt } from './verify';
/** The step-up check lives below the features (http/step-up.ts) so the vault features need not import this one. */
export { hasFreshSecondFactor, requireFreshSecondFactor, type StepUp } from '../../http/step-up';

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
