/**
 * The command-line reset (`npm run auth:reset-2fa -- USER`, scripts/auth-reset-2fa.ts; README
 * "Two-factor authentication"): the way back for the bootstrap `admin` (or anyone) when no other
 * admin can reset them. It needs the server's configuration and database, i.e. access to the server.
 */
import type { Database } from '../../db/client';
import { findUserByUsername } from '../users/port';
import { resetSecondFactors, type ResetResult } from './reset';

/**
 * Resets the second factors of `username` (reset.ts: factors, sessions, offline vault devices, an
 * audit row by "command line") in one transaction; null when there is no such user.
 */
export async function resetByUsername(db: Database, username: string, now: Date, operator: string): Promise<ResetResult | null> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    const user = await findUserByUsername(tx, username);
    if (!user) return null;
    return resetSecondFactors(tx, user, { id: null, username: `command line (${operator})`, ip: null, steppedUp: false }, now);
  });
}
