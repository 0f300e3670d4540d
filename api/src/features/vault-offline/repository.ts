/**
 * Offline vault repository: ALL the SQL of vault_devices. Functions take the db or a
 * transaction first.
 */
import { and, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { users, vaultDeviceDeliveries, vaultDevices } from '../../db/schema';

export type VaultDeviceRow = typeof vaultDevices.$inferSelect;
/** What the device feed has sent a device (sums over its vault_device_deliveries rows). */
export interface DeliveredTotals {
  entries: number;
  secrets: number;
  pages: number;
  lastAt: Date | null;
}
/** A device row with the names and delivery totals the admin list shows. */
export type VaultDeviceListRow = VaultDeviceRow & { revokedByName: string | null; approvedByName: string | null; delivered: DeliveredTotals };

const revoker = alias(users, 'revoker');
const approver = alias(users, 'approver');
const delivered = sql<{ entries: number; secrets: number; pages: number; last_at: string | null }>`(
  select json_build_object('entries', coalesce(sum(jsonb_array_length(d.entry_ids)), 0), 'secrets', coalesce(sum(d.secret_count), 0),
    'pages', count(*), 'last_at', max(d.created_at))
  from ${vaultDeviceDeliveries} d where d.device_id = ${vaultDevices.id})`;

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

/** Devices with their revoker's and approver's names and delivery totals, newest grant first (`id` given: that one only). */
export async function listDevices(db: Database, limit: number, id?: string): Promise<VaultDeviceListRow[]> {
  const rows = await db
    .select({ device: vaultDevices, revokedByName: revoker.username, approvedByName: approver.username, delivered })
    .from(vaultDevices)
    .leftJoin(revoker, eq(revoker.id, vaultDevices.revokedBy))
    .leftJoin(approver, eq(approver.id, vaultDevices.approvedBy))
    .where(id ? eq(vaultDevices.id, id) : undefined)
    .orderBy(desc(vaultDevices.grantedAt), desc(vaultDevices.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r.device,
    revokedByName: r.revokedByName,
    approvedByName: r.approvedByName,
    delivered: {
      entries: Number(r.delivered.entries),
      secrets: Number(r.delivered.secrets),
      pages: Number(r.delivered.pages),
      lastAt: r.delivered.last_at ? new Date(r.delivered.last_at) : null,
    },
  }));
}

/**
 * Serializes a user's grants (transaction-scoped advisory lock on the user id), so concurrent grants
 * cannot all pass the per-day count.
 */
export async function lockUserGrants(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`vault_device_grant:${userId}`}, 0))`);
}

/** Grants a user made since `since` (revoked ones count too: each was an export). */
export async function countGrantsSince(db: Database, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vaultDevices)
    .where(and(eq(vaultDevices.userId, userId), gte(vaultDevices.grantedAt, since)));
  return row?.n ?? 0;
}

/** Approves a pending, not revoked grant. @returns false when there was nothing to approve. */
export async function approveDeviceRow(tx: Database, id: string, now: Date, by: string): Promise<boolean> {
  const rows = await tx
    .update(vaultDevices)
    .set({ approvedAt: now, approvedBy: by, approvalMethod: 'admin' })
    .where(and(eq(vaultDevices.id, id), isNull(vaultDevices.revokedAt), isNull(vaultDevices.approvedAt)))
    .returning({ id: vaultDevices.id });
  return rows.length > 0;
}

/** Records one delivered feed page (the per-entry audit rows are the vault's, written through its port). */
export async function insertDelivery(db: Database, row: typeof vaultDeviceDeliveries.$inferInsert): Promise<void> {
  await db.insert(vaultDeviceDeliveries).values(row);
}

/** True when the device feed ever sent `entryId` to device `id`. */
export async function deviceReceivedEntry(db: Database, id: string, entryId: string): Promise<boolean> {
  const rows = await db
    .select({ id: vaultDeviceDeliveries.id })
    .from(vaultDeviceDeliveries)
    .where(and(eq(vaultDeviceDeliveries.deviceId, id), sql`${vaultDeviceDeliveries.entryIds} @> ${JSON.stringify([entryId])}::jsonb`))
    .limit(1);
  return rows.length > 0;
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

/** Every stored bundle key (active devices), for a key rotation. */
export async function listDeviceKeys(db: Database): Promise<{ id: string; bundleKey: string }[]> {
  const rows = await db.select({ id: vaultDevices.id, bundleKey: vaultDevices.bundleKey }).from(vaultDevices).where(isNotNull(vaultDevices.bundleKey));
  return rows as { id: string; bundleKey: string }[];
}

/** One device's stored bundle key, locked FOR UPDATE. */
export async function lockDeviceKey(tx: Database, id: string): Promise<{ id: string; bundleKey: string | null } | undefined> {
  const [row] = await tx.select({ id: vaultDevices.id, bundleKey: vaultDevices.bundleKey }).from(vaultDevices).where(eq(vaultDevices.id, id)).limit(1).for('update');
  return row;
}

/** Replaces a device's stored bundle key (re-encrypted, same key bytes). */
export async function writeDeviceKey(tx: Database, id: string, bundleKey: string): Promise<void> {
  await tx.update(vaultDevices).set({ bundleKey }).where(eq(vaultDevices.id, id));
}
