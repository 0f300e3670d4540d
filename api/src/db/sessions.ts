/**
 * Session revocation (DESIGN.md 4), below the features: the auth feature's password change and the
 * users feature's password reset both revoke a user's other sessions, so the write lives here
 * rather than in either feature (auth reads users through the users port; users importing auth back
 * was a cycle). The rest of the session store is the auth feature's (features/auth/sessions.ts).
 */
import { and, eq, ne } from 'drizzle-orm';
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
