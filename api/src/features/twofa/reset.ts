/**
 * Resetting a user's second factors (README "Two-factor authentication": a technician lost their
 * phone). Used by the admin route (never on oneself: an admin's own recovery is their recovery
 * codes, another admin, or the command line) and by `npm run auth:reset-2fa -- USER`
 * (scripts/auth-reset-2fa.ts, for the bootstrap admin when no admin is left). In ONE transaction:
 * every factor (authenticator app, passkeys, recovery codes, pending challenges) is deleted, every
 * session of the user is revoked, every offline vault device of the user is revoked (it wipes on its
 * next sync), an audit row is written, and the user is e-mailed (notifications.ts) when they have an
 * address. The user then signs in with the password alone and, when
 * the policy requires a factor, must enrol again before doing anything else.
 */
import type { Database } from '../../db/client';
import { enqueue } from '../../notify';
import { deleteOtherSessions } from '../../db/sessions';
import { revokeUserDevices } from '../vault-offline/port';
import { twoFactorReset } from './notifications';
import { deleteAllFactors, insertEvent } from './repository';

/** Who reset the factors: an admin (id) or the command line (id null). */
export interface ResetActor {
  id: string | null;
  username: string;
  ip: string | null;
  /** The admin's session had a fresh second factor. */
  steppedUp: boolean;
}

/** What a reset did. */
export interface ResetResult {
  devicesRevoked: number;
}

/** Resets `user`'s second factors (see the module doc). Call inside a transaction. */
export async function resetSecondFactors(
  tx: Database,
  user: { id: string; username: string; email: string | null },
  actor: ResetActor,
  now: Date,
): Promise<ResetResult> {
  await deleteAllFactors(tx, user.id);
  await deleteOtherSessions(tx, user.id, null);
  const devicesRevoked = await revokeUserDevices(tx, user.id, now, 'two_factor_reset');
  await insertEvent(tx, {
    userId: user.id,
    username: user.username,
    kind: actor.id ? 'admin_reset' : 'command_line_reset',
    actorId: actor.id,
    actorUsername: actor.username,
    ip: actor.ip,
    steppedUp: actor.steppedUp,
    createdAt: now,
  });
  if (user.email) {
    const payload = { username: user.username, actor: actor.id ? `The administrator ${actor.username}` : 'An administrator (on the server)', at: now.toISOString(), devicesRevoked };
    await enqueue(tx, twoFactorReset, { to: user.email, payload }, now);
  }
  return { devicesRevoked };
}
