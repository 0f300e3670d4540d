/**
 * Offline vault repository: ALL the SQL of vault_devices (issue 14). Functions take the db or a
 * transaction first.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { users, vaultDevices } from '../../db/schema';

export type VaultDeviceRow = typeof vaultDevices.$inferSelect;
/** A device row with the names the admin list shows. */
export type VaultDeviceListRow = VaultDeviceRow & { username: string; revokedByName: string | null };

const revoker = alias(users, 'revoker');

/** Inserts a device grant. */
export async function insertDevice(tx: Database, values: typeof vaultDevices.$inferInsert): Promise<VaultDeviceRow> {
  const [row] = await tx.insert(vaultDevices).values(values).returning();
  return row!;
}

/** One device, optionally locked FOR UPDATE. */
export async function findDevice(db: Database, id: string, forUpdate = false): Promise<VaultDeviceRow | undefined> {
  const q = db.select().from(vaultDevices).where(eq(vaultDevices.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** Devices with their user's and revoker's names, newest grant first (`id` given: that one only). */
export async function listDevices(db: Database, limit: number, id?: string): Promise<VaultDeviceListRow[]> {
  const rows = await db
    .select({ device: vaultDevices, username: users.username, revokedByName: revoker.username })
    .from(vaultDevices)
    .innerJoin(users, eq(users.id, vaultDevices.userId))
    .leftJoin(revoker, eq(revoker.id, vaultDevices.revokedBy))
    .where(id ? eq(vaultDevices.id, id) : undefined)
    .orderBy(desc(vaultDevices.grantedAt), desc(vaultDevices.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.device, username: r.username, revokedByName: r.revokedByName }));
}

/** Records a sync of the device's feed. */
export async function touchDeviceSync(db: Database, id: string, now: Date): Promise<void> {
  await db.update(vaultDevices).set({ lastSyncAt: now }).where(eq(vaultDevices.id, id));
}

/** Revokes one device (erases its bundle key). @returns false when it was already revoked or does not exist. */
export async function revokeDeviceRow(tx: Database, id: string, now: Date, reason: string, by: string | null): Promise<boolean> {
  const rows = await tx
    .update(vaultDevices)
    .set({ revokedAt: now, revokedReason: reason, revokedBy: by, bundleKey: null })
    .where(and(eq(vaultDevices.id, id), isNull(vaultDevices.revokedAt)))
    .returning({ id: vaultDevices.id });
  return rows.length > 0;
}

/** Revokes every active device of a user. @returns how many. */
export async function revokeUserDeviceRows(tx: Database, userId: string, now: Date, reason: string, by: string | null): Promise<number> {
  const rows = await tx
    .update(vaultDevices)
    .set({ revokedAt: now, revokedReason: reason, revokedBy: by, bundleKey: null })
    .where(and(eq(vaultDevices.userId, userId), isNull(vaultDevices.revokedAt)))
    .returning({ id: vaultDevices.id });
  return rows.length;
}

/** Active devices of a user (count), to keep a user from piling up grants. */
export async function countActiveDevices(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vaultDevices)
    .where(and(eq(vaultDevices.userId, userId), isNull(vaultDevices.revokedAt)));
  return row?.n ?? 0;
}
