/**
 * The command-line reset (`npm run auth:reset-2fa -- USER`, scripts/auth-reset-2fa.ts; README
 * "Two-factor authentication"): the way back for the bootstrap `admin` (or anyone) when no other
 * admin can reset them. It needs the server's configuration and database, i.e. access to the server.
 */
import type { Database } from '../../db/client';
import type { EventBus } from '../../events';
import { findUserByUsername } from '../users/port';
import { resetSecondFactors, type ResetResult } from './reset';

/**
 * Resets the second factors of `username` (reset.ts: factors, sessions, offline vault devices, an
 * audit row by "command line") in one transaction; null when there is no such user. `events`: the
 * bus of the app's subscribers (the script builds it from api/src/event-subscribers.ts).
 */
export async function resetByUsername(db: Database, events: EventBus, username: string, now: Date, operator: string): Promise<ResetResult | null> {
  return events.transaction(db, async (tx) => {
    const user = await findUserByUsername(tx, username);
    if (!user) return null;
    return resetSecondFactors(tx, events, user, { id: null, username: `command line (${operator})`, ip: null, steppedUp: false }, now);
  });
}
