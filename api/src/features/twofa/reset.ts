/**
 * Resetting a user's second factors (README "Two-factor authentication": a technician lost their
 * phone). Used by the admin route (never on oneself: an admin's own recovery is their recovery
 * codes, another admin, or the command line) and by `npm run auth:reset-2fa -- USER`
 * (scripts/auth-reset-2fa.ts, for the bootstrap admin when no admin is left). In ONE transaction:
 * every factor (authenticator app, passkeys, recovery codes, pending challenges) is deleted, an audit
 * row is written, `user.second_factor_reset` is emitted (its subscribers revoke every session of the
 * user, auth/events.ts, and every offline vault device, vault-offline/events.ts: it wipes on its next
 * sync), and the user is e-mailed (notifications.ts) when they have an address. The user then signs in with the password alone and, when
 * the policy requires a factor, must enrol again before doing anything else.
 */
import type { Database } from '../../db/client';
import { enqueue } from '../../notify';
import { event, type EventBus } from '../../events';
import { countActiveDevices } from '../vault-offline/port';
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
  events: EventBus,
  user: { id: string; username: string; email: string | null },
  actor: ResetActor,
  now: Date,
): Promise<ResetResult> {
  await deleteAllFactors(tx, user.id);
  // The devices the reset revokes: the active ones now (the subscriber revokes them all).
  const devicesRevoked = await countActiveDevices(tx, user.id);
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
  await events.emit(tx, [event('user.second_factor_reset', { userId: user.id, username: user.username }, now, actor.id ? { id: actor.id, username: actor.username } : null)]);
  if (user.email) {
    const payload = { username: user.username, actor: actor.id ? `The administrator ${actor.username}` : 'An administrator (on the server)', at: now.toISOString(), devicesRevoked };
    await enqueue(tx, twoFactorReset, { to: user.email, payload }, now);
  }
  return { devicesRevoked };
}
