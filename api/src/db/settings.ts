/**
 * The `settings` key/value table (SPEC.md 3 settings) as a small store any layer may use: the
 * settings feature (support SMS number, notification recipients), the notification outbox (reads
 * recipients, keeps the generated VAPID keys). Keys are constants of @portal/shared or of the
 * module that owns the row.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { Database } from './client';
import { settings } from './schema';

export type SettingRow = typeof settings.$inferSelect;

/** One setting row, or undefined when never saved. */
export async function findSetting(db: Database, key: string): Promise<SettingRow | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return row;
}

/** The row of `key`, locked FOR UPDATE until the transaction ends (read-modify-write of list values). */
export async function findSettingForUpdate(tx: Database, key: string): Promise<SettingRow | undefined> {
  const [row] = await tx.select().from(settings).where(eq(settings.key, key)).for('update');
  return row;
}

/** Inserts or replaces a setting; `description` undefined keeps the stored one. */
export async function upsertSetting(
  db: Database,
  input: { key: string; value: string; description?: string | null | undefined },
  now: Date,
): Promise<SettingRow> {
  const set = { value: input.value, updatedAt: now, ...(input.description !== undefined ? { description: input.description } : {}) };
  const [row] = await db
    .insert(settings)
    .values({ key: input.key, value: input.value, description: input.description ?? null, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set })
    .returning();
  return row!;
}

/** Inserts a setting only when missing; returns the stored row either way (race-safe "create once"). */
export async function insertSettingOnce(db: Database, key: string, value: string, description: string, now: Date): Promise<SettingRow> {
  await db.insert(settings).values({ key, value, description, createdAt: now, updatedAt: now }).onConflictDoNothing({ target: settings.key });
  return (await findSetting(db, key))!;
}

/**
 * Sets `key` to `value` only when its stored value is at most `ifAtMost` (text order; ISO times
 * compare in time order), in one statement: of several processes racing, exactly one wins.
 * @returns true when this call changed the row.
 */
export async function claimSetting(db: Database, key: string, value: string, ifAtMost: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(settings)
    .set({ value, updatedAt: now })
    .where(and(eq(settings.key, key), lte(settings.value, ifAtMost)))
    .returning({ key: settings.key });
  return rows.length === 1;
}
