/**
 * SQL of two-factor authentication (README "Two-factor authentication"). Functions take the db (or
 * the route's transaction) first. Writes that must not race (a TOTP step, a recovery code) are
 * single conditional statements, so two requests with the same code cannot both succeed.
 */
import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { recoveryCodes, twoFactorChallenges, twoFactorEvents, userTotp, webauthnCredentials } from '../../db/schema';

export type TotpRow = typeof userTotp.$inferSelect;
export type PasskeyRow = typeof webauthnCredentials.$inferSelect;
export type ChallengeRow = typeof twoFactorChallenges.$inferSelect;

export async function findTotp(db: Database, userId: string): Promise<TotpRow | undefined> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return row;
}

/** Starts (or restarts) an unconfirmed TOTP set-up; refuses nothing, a confirmed one is replaced only by the caller's choice. */
export async function upsertPendingTotp(db: Database, userId: string, sealedSecret: string, now: Date): Promise<void> {
  await db
    .insert(userTotp)
    .values({ userId, secret: sealedSecret, confirmedAt: null, lastStep: null, createdAt: now })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secret: sealedSecret, confirmedAt: null, lastStep: null, createdAt: now } });
}

/**
 * Accepts time step `step` for the user when it is later than the stored one (and confirms the
 * set-up); false when another request took this step first (a replay).
 */
export async function acceptTotpStep(db: Database, userId: string, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ lastStep: step, confirmedAt: sql`coalesce(${userTotp.confirmedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step))))
    .returning({ userId: userTotp.userId });
  return rows.length === 1;
}

export async function reseal(db: Database, userId: string, sealedSecret: string): Promise<void> {
  await db.update(userTotp).set({ secret: sealedSecret }).where(eq(userTotp.userId, userId));
}

export async function deleteTotp(db: Database, userId: string): Promise<void> {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
}

/** Replaces every recovery code of the user with `hashes`. */
export async function replaceRecoveryCodes(db: Database, userId: string, hashes: string[], now: Date): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (hashes.length > 0) await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Spends one unused recovery code; false when no unused code has that hash. */
export async function spendRecoveryCode(db: Database, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function listPasskeys(db: Database, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, userId)).orderBy(asc(webauthnCredentials.createdAt), asc(webauthnCredentials.id));
}

export async function insertPasskey(db: Database, row: typeof webauthnCredentials.$inferInsert): Promise<PasskeyRow> {
  const [inserted] = await db.insert(webauthnCredentials).values(row).returning();
  return inserted!;
}

export async function renamePasskey(db: Database, userId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(webauthnCredentials)
    .set({ name })
    .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
    .returning();
  return row;
}

export async function deletePasskey(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webauthnCredentials)
    .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
    .returning({ id: webauthnCredentials.id });
  return rows.length > 0;
}

/** Stores a passkey's new signature counter and last use; false when the stored counter changed meanwhile. */
export async function usePasskey(db: Database, id: string, previousCounter: number, counter: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(webauthnCredentials)
    .set({ counter, lastUsedAt: now })
    .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.counter, previousCounter)))
    .returning({ id: webauthnCredentials.id });
  return rows.length > 0;
}

/** Deletes every second factor of a user (TOTP, recovery codes, passkeys, pending challenges). */
export async function deleteAllFactors(db: Database, userId: string): Promise<void> {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(webauthnCredentials).where(eq(webauthnCredentials.userId, userId));
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
}

/** Whether the user has a confirmed authenticator app and how many passkeys. */
export async function factorCounts(db: Database, userId: string): Promise<{ totp: boolean; passkeys: number }> {
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (select 1 from ${userTotp} where ${userTotp.userId} = ${userId} and ${userTotp.confirmedAt} is not null)`,
      passkeys: sql<number>`(select count(*)::int from ${webauthnCredentials} where ${webauthnCredentials.userId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return { totp: Boolean(row?.totp), passkeys: Number(row?.passkeys ?? 0) };
}

export async function insertChallenge(db: Database, row: typeof twoFactorChallenges.$inferInsert): Promise<ChallengeRow> {
  const [inserted] = await db.insert(twoFactorChallenges).values(row).returning();
  return inserted!;
}

/** A sign-in challenge by the hash of its id, when it has not expired at `now`. */
export async function findLoginChallenge(db: Database, tokenHash: string, now: Date): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.tokenHash, tokenHash), eq(twoFactorChallenges.purpose, 'login'), sql`${twoFactorChallenges.expiresAt} > ${now.toISOString()}::timestamptz`))
    .limit(1);
  return row;
}

/** The newest unexpired WebAuthn challenge of a session for `purpose` (register, step_up). */
export async function findSessionChallenge(db: Database, sessionId: string, purpose: 'register' | 'step_up', now: Date): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(twoFactorChallenges)
    .where(
      and(
        eq(twoFactorChallenges.sessionId, sessionId),
        eq(twoFactorChallenges.purpose, purpose),
        sql`${twoFactorChallenges.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(sql`${twoFactorChallenges.createdAt} desc`)
    .limit(1);
  return row;
}

export async function setChallengeWebauthn(db: Database, id: string, webauthnChallenge: string): Promise<void> {
  await db.update(twoFactorChallenges).set({ webauthnChallenge }).where(eq(twoFactorChallenges.id, id));
}

/** Counts a wrong code on a challenge; returns the failures so far. */
export async function countChallengeFailure(db: Database, id: string): Promise<number> {
  const [row] = await db
    .update(twoFactorChallenges)
    .set({ failures: sql`${twoFactorChallenges.failures} + 1` })
    .where(eq(twoFactorChallenges.id, id))
    .returning({ failures: twoFactorChallenges.failures });
  return row?.failures ?? 0;
}

export async function deleteChallenge(db: Database, id: string): Promise<void> {
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, id));
}

/** Removes challenges that expired before `now` (called when new ones are made). */
export async function purgeExpiredChallenges(db: Database, now: Date): Promise<void> {
  await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, now));
}

export async function insertEvent(db: Database, row: typeof twoFactorEvents.$inferInsert): Promise<void> {
  await db.insert(twoFactorEvents).values(row);
}

export async function listEvents(db: Database, userId: string): Promise<(typeof twoFactorEvents.$inferSelect)[]> {
  return db.select().from(twoFactorEvents).where(eq(twoFactorEvents.userId, userId)).orderBy(asc(twoFactorEvents.createdAt));
}
