/**
 * The vault's step-up check (README "Two-factor authentication", DESIGN.md 7): revealing a secret,
 * granting an offline vault device and exporting need a second factor (or, for users without one,
 * the password) proven by this session in the last STEP_UP_MINUTES. The session row keeps when and
 * how (db/sessions.ts); the two-factor feature writes it at sign-in and on "Confirm it's you".
 * Here, below the features, so the vault features can ask without importing the two-factor feature.
 */
import { MSG, STEP_UP_MINUTES, type SecondFactorMethod } from '@portal/shared';
import type { Database } from '../db/client';
import { readSecondFactor } from '../db/sessions';
import { ApiError } from './errors';
import type { AuthInfo } from './state';

/** The step-up an action relied on: how and when the session last proved a second factor, and until when it counts. */
export interface StepUp {
  method: SecondFactorMethod;
  at: Date;
  until: Date;
}

/** The session's fresh second factor at `now`, or null (none, or older than STEP_UP_MINUTES). */
export async function hasFreshSecondFactor(db: Database, auth: Pick<AuthInfo, 'sessionId'>, now: Date): Promise<StepUp | null> {
  const last = await readSecondFactor(db, auth.sessionId);
  if (!last) return null;
  const until = new Date(last.at.getTime() + STEP_UP_MINUTES * 60_000);
  return until > now ? { method: last.method as SecondFactorMethod, at: last.at, until } : null;
}

/**
 * The session's fresh second factor; store `{ method, at }` in the action's audit row.
 * @throws ApiError 403 `step_up_required` ("Confirm it's you to continue.") when there is none.
 */
export async function requireFreshSecondFactor(db: Database, auth: Pick<AuthInfo, 'sessionId'>, now: Date): Promise<StepUp> {
  const fresh = await hasFreshSecondFactor(db, auth, now);
  if (!fresh) throw new ApiError(403, 'step_up_required', MSG.twoFactorStepUpRequired);
  return fresh;
}
