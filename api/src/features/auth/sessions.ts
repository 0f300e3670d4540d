/**
 * Session store (DESIGN.md 4): the opaque token is 32 random bytes (base64url, 256 bits); only its
 * sha256 is stored, with an expiry. Repository functions take the db (or a transaction) first.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { announceSessionChange } from '../../db/session-events';
import type { LoadedSession } from '../../http/session-cache';

/** sha256 hex of a token: what the sessions table stores. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How a new session stands with the second factor (README "Two-factor authentication"). */
export interface SessionSecondFactor {
  /** The policy requires a factor the user has not set up: the session may only enrol. */
  needsEnrolment?: boolean;
  /** The second factor the sign-in proved (its time is the session's start). */
  method?: string;
}

/** Creates a session for `userId` valid `ttlHours` from `now`; returns the clear token (shown once). */
export async function createSession(
  db: Database,
  userId: string,
  now: Date,
  ttlHours: number,
  secondFactor: SessionSecondFactor = {},
): Promise<{ token: string; expiresAt: Date; sessionId: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlHours * 3_600_000);
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      expiresAt,
      createdAt: now,
      lastUsedAt: now,
      needsEnrolment: secondFactor.needsEnrolment ?? false,
      secondFactorAt: secondFactor.method ? now : null,
      secondFactorMethod: secondFactor.method ?? null,
    })
    .returning({ id: sessions.id });
  return { token, expiresAt, sessionId: row!.id };
}

/** How often `last_used_at` is refreshed at most (avoids a write per request), in ms. */
const TOUCH_INTERVAL_MS = 60_000;

/** Resolves a token to its user, session and expiry; null when unknown or expired at `now`. */
export async function findSession(db: Database, token: string, now: Date): Promise<LoadedSession | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      needsEnrolment: sessions.needsEnrolment,
      id: users.id,
      username: users.username,
      email: users.email,
      phone: users.phone,
      role: users.role,
      createdAt: users.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now), isNull(users.disabledAt)))
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.sessionId));
  }
  const { sessionId, lastUsedAt: _unused, expiresAt, needsEnrolment, ...user } = row;
  void _unused;
  return { auth: needsEnrolment ? { sessionId, user, needsEnrolment } : { sessionId, user }, expiresAt };
}

/** Revokes one session (logout); every API process drops it from its session cache. */
export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    await tx.delete(sessions).where(eq(sessions.id, sessionId));
    await announceSessionChange(tx, { sessionId });
  });
}
