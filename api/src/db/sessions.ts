/**
 * Session revocation (DESIGN.md 4), below the features: the auth feature's password change and the
 * users feature's password reset both revoke a user's other sessions, so the write lives here
 * rather than in either feature (auth reads users through the users port; users importing auth back
 * was a cycle). The rest of the session store is the auth feature's (features/auth/sessions.ts).
 * The session's second factor (README "Two-factor authentication") is here for the same reason:
 * the two-factor feature writes it and http/step-up.ts reads it for the vault's step-up, and so is
 * putting open sessions into enrolment-only ({@link requireEnrolment}, the two-factor policy).
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from './database';
import { sessions } from './schema';
import { announceSessionChange } from './session-events';

/**
 * Revokes every session of `userId` except `keepSessionId` (all of them with `null`), and with them
 * their push subscriptions (ON DELETE CASCADE), and announces it to every process's session cache.
 * Call inside the change's transaction.
 */
export async function deleteOtherSessions(db: Database, userId: string, keepSessionId: string | null): Promise<void> {
  await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
  await announceSessionChange(db, { userId });
}

/**
 * Records that `sessionId` proved a second factor (or, without one, the password) at `now` (sign-in
 * or step-up). It does not end an enrolment: only adding a factor does ({@link leaveEnrolment}).
 */
export async function markSecondFactor(db: Database, sessionId: string, method: string, now: Date): Promise<void> {
  await db.update(sessions).set({ secondFactorAt: now, secondFactorMethod: method }).where(eq(sessions.id, sessionId));
  await announceSessionChange(db, { sessionId });
}

/** When and how `sessionId` last proved a second factor, or null (never, or unknown session). */
export async function readSecondFactor(db: Database, sessionId: string): Promise<{ at: Date; method: string } | null> {
  const [row] = await db
    .select({ at: sessions.secondFactorAt, method: sessions.secondFactorMethod })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.at && row.method ? { at: row.at, method: row.method } : null;
}

/**
 * Ends `sessionId`'s enrolment after it added a factor, WITHOUT counting as a second factor (issue 55
 * defect 1: a new factor is no proof of an existing one). A password confirmation the session held
 * (users without a factor) stops counting too: from now on only a factor confirms.
 */
export async function leaveEnrolment(db: Database, sessionId: string): Promise<void> {
  await db.update(sessions).set({ needsEnrolment: false }).where(eq(sessions.id, sessionId));
  await db
    .update(sessions)
    .set({ secondFactorAt: null, secondFactorMethod: null })
    .where(and(eq(sessions.id, sessionId), eq(sessions.secondFactorMethod, 'password')));
  await announceSessionChange(db, { sessionId });
}

/**
 * Puts every open session of `userIds` that is not enrolment-only yet into the enrolment-only state
 * (the two-factor policy now covers these users and they have no factor), and announces each user
 * whose sessions changed to every process's session cache. Returns those users' ids (distinct; empty
 * for an empty `userIds`). Call inside the change's transaction; throws only the database's errors.
 */
export async function requireEnrolment(db: Database, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .update(sessions)
    .set({ needsEnrolment: true })
    .where(and(eq(sessions.needsEnrolment, false), inArray(sessions.userId, [...userIds])))
    .returning({ userId: sessions.userId });
  const changed = [...new Set(rows.map((r) => r.userId))];
  for (const userId of changed) await announceSessionChange(db, { userId });
  return changed;
}
