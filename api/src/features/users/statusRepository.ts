/** SQL of account status (status.ts) and sign-in times: disabled_at and last_sign_in_at of users. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { announceSessionChange } from '../../db/session-events';
import { users } from '../../db/schema';
import type { UserRow } from './repository';

/** Sets (a time) or clears (null) `disabled_at`; the updated row, undefined for an unknown id. */
export async function setDisabled(db: Database, id: string, disabledAt: Date | null): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ disabledAt }).where(eq(users.id, id)).returning();
  if (row) await announceSessionChange(db, { userId: id });
  return row;
}

/** Ids of every admin who is not disabled, locked until the transaction ends (two racing disables cannot both pass). */
export async function lockActiveAdminIds(tx: Database): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
    .for('update');
  return rows.map((r) => r.id);
}

/** Records a successful sign-in at `now` (User Management's 'Last sign-in'). */
export async function recordSignIn(db: Database, id: string, now: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, id));
}
