/**
 * Security-relevant admin actions (issue 55 defect 3; docs/security.md): setting the two-factor
 * policy, resetting another user's second factors or password, creating or promoting an admin,
 * approving an offline vault device. Each one needs a second factor this session proved in the last
 * 15 minutes, exactly like a vault reveal (http/step-up.ts: 403 `step_up_required`, the PWA asks
 * "Confirm it's you" and repeats the action), and is e-mailed to every admin
 * (`admin_security_action`). Other features call these through the users port.
 */
import type { Database } from '../../db/client';
import type { AuthInfo } from '../../http/state';
import { requireFreshSecondFactor, type StepUp } from '../../http/step-up';
import { enqueue } from '../../notify';
import { adminSecurityAction } from './notifications';
import { listAdminEmails } from './repository';

/**
 * The step-up a security-relevant admin action relies on.
 * @throws 403 `step_up_required` when the session proved no second factor (or, without one, the
 * password) in the last 15 minutes.
 */
export function requireAdminStepUp(db: Database, auth: AuthInfo, now: Date): Promise<StepUp> {
  return requireFreshSecondFactor(db, auth, now);
}

/** Enqueues `admin_security_action` to every enabled admin with an e-mail address, in the action's transaction. */
export async function alertAdmins(tx: Database, actor: { username: string; ip: string }, action: string, now: Date): Promise<void> {
  const payload = { action, actor: actor.username, at: now.toISOString(), ip: actor.ip };
  for (const email of await listAdminEmails(tx)) await enqueue(tx, adminSecurityAction, { to: email, payload }, now);
}
