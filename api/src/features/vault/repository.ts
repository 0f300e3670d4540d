/**
 * Customer Vault repository: ALL the feature's SQL (customer_vault, vault_tombstones, vault_reveals).
 * Functions take the db or a transaction first.
 *
 * List queries never select a secret column: presence flags (`has...`) and endpoint summaries are
 * computed in SQL, so a secret's ciphertext does not even reach the list code path.
 */
import { and, asc, desc, eq, gt, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { VaultAuditQuery } from '@portal/shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { customerVault, users, vaultReveals, vaultTombstones } from '../../db/schema';
import { nextSyncSeq } from '../../db/sync';

export type VaultRow = typeof customerVault.$inferSelect;
export type NewVaultRow = typeof customerVault.$inferInsert;
export type VaultRevealRow = typeof vaultReveals.$inferSelect;

/** Endpoints without their passwords, with a `hasPassword` flag, in stored order (SQL side). */
const endpointSummaries = sql<{ id: string; name: string; url: string | null; hasPassword: boolean }[]>`coalesce((
  select jsonb_agg(jsonb_build_object(
    'id', e.value->>'id', 'name', e.value->>'name', 'url', e.value->>'url',
    'hasPassword', coalesce(e.value->>'password', '') <> '') order by e.ordinality)
  from jsonb_array_elements(${customerVault.endpoints}) with ordinality as e(value, ordinality)
), '[]'::jsonb)`;

const has = (column: AnyPgColumn) => sql<boolean>`(${column} is not null)`;

/** The columns of an index row: never a secret, a username or the notes. */
const indexColumns = {
  id: customerVault.id,
  businessName: customerVault.businessName,
  clientId: customerVault.clientId,
  contactName: customerVault.contactName,
  contactEmail: customerVault.contactEmail,
  contactPhone: customerVault.contactPhone,
  address: customerVault.address,
  ispProvider: customerVault.ispProvider,
  endpoints: endpointSummaries,
  hasDomainPassword: has(customerVault.domainPassword),
  hasHostingPassword: has(customerVault.hostingPassword),
  hasWifiPassword: has(customerVault.wifiPassword),
  hasRouterPassword: has(customerVault.routerPassword),
  hasIspAccountNumber: has(customerVault.ispAccountNumber),
  hasPhoneAccountNumber: has(customerVault.phoneAccountNumber),
  version: customerVault.version,
  syncSeq: customerVault.syncSeq,
  updatedAt: customerVault.updatedAt,
};

/** A row of the list / offline index (see {@link indexColumns}). */
export interface VaultIndexRow {
  id: string;
  businessName: string;
  clientId: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  address: string | null;
  ispProvider: string | null;
  endpoints: { id: string; name: string; url: string | null; hasPassword: boolean }[];
  hasDomainPassword: boolean;
  hasHostingPassword: boolean;
  hasWifiPassword: boolean;
  hasRouterPassword: boolean;
  hasIspAccountNumber: boolean;
  hasPhoneAccountNumber: boolean;
  version: number;
  syncSeq: number;
  updatedAt: Date;
}

/** `%term%` for ILIKE with the wildcards of `term` escaped. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Index rows sorted by business name (case-insensitive), at most `limit`, filtered by `q` on business
 * name, contact name and contact e-mail (SPEC.md 2 search placeholder), and to one client's entries with `clientId`.
 */
export async function listIndex(db: Database, q: string | undefined, limit: number, clientId?: string): Promise<VaultIndexRow[]> {
  const term = q?.trim();
  const search = term
    ? or(
        ilike(customerVault.businessName, containsPattern(term)),
        ilike(customerVault.contactName, containsPattern(term)),
        ilike(customerVault.contactEmail, containsPattern(term)),
      )
    : undefined;
  const where = and(search, clientId ? eq(customerVault.clientId, clientId) : undefined);
  return db
    .select(indexColumns)
    .from(customerVault)
    .where(where)
    .orderBy(sql`lower(${customerVault.businessName})`, asc(customerVault.id))
    .limit(limit) as Promise<VaultIndexRow[]>;
}

/** Index rows changed after `since` (sync_seq order), at most `limit`. */
export async function listIndexSince(db: Database, since: number, limit: number): Promise<VaultIndexRow[]> {
  return db
    .select(indexColumns)
    .from(customerVault)
    .where(gt(customerVault.syncSeq, since))
    .orderBy(asc(customerVault.syncSeq))
    .limit(limit) as Promise<VaultIndexRow[]>;
}

/** Tombstones after `since` (sync_seq order), at most `limit`. */
export async function listTombstonesSince(db: Database, since: number, limit: number): Promise<{ entryId: string; syncSeq: number }[]> {
  return db
    .select({ entryId: vaultTombstones.entryId, syncSeq: vaultTombstones.syncSeq })
    .from(vaultTombstones)
    .where(gt(vaultTombstones.syncSeq, since))
    .orderBy(asc(vaultTombstones.syncSeq))
    .limit(limit);
}

/** One entry with every column (ciphertexts included: for the service only), optionally locked FOR UPDATE. */
export async function findEntry(db: Database, id: string, forUpdate = false): Promise<VaultRow | undefined> {
  const q = db.select().from(customerVault).where(eq(customerVault.id, id)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** True when an entry with this id exists or existed (tombstone). */
export async function entryIdTaken(db: Database, id: string): Promise<boolean> {
  const [live] = await db.select({ id: customerVault.id }).from(customerVault).where(eq(customerVault.id, id)).limit(1);
  if (live) return true;
  const [dead] = await db.select({ id: vaultTombstones.entryId }).from(vaultTombstones).where(eq(vaultTombstones.entryId, id)).limit(1);
  return dead !== undefined;
}

/** Inserts an entry (secrets already encrypted) with a fresh sync_seq. */
export async function insertEntry(tx: Database, values: NewVaultRow): Promise<VaultRow> {
  const [row] = await tx.insert(customerVault).values(values).returning();
  return row!;
}

/**
 * Applies `set` to an entry locked FOR UPDATE at `version - 1`: `version` (the secrets in `set` are
 * sealed for it, crypto.ts), a new sync_seq.
 */
export async function updateEntry(tx: Database, id: string, set: Partial<NewVaultRow>, version: number): Promise<VaultRow> {
  const [row] = await tx
    .update(customerVault)
    .set({ ...set, version, syncSeq: nextSyncSeq() })
    .where(and(eq(customerVault.id, id), eq(customerVault.version, version - 1)))
    .returning();
  if (!row) throw new Error(`vault entry ${id} changed while it was locked`);
  return row;
}

/** Deletes an entry and writes its tombstone (same transaction). @returns false when it did not exist. */
export async function deleteEntry(tx: Database, id: string, now: Date): Promise<boolean> {
  const rows = await tx.delete(customerVault).where(eq(customerVault.id, id)).returning({ id: customerVault.id });
  if (rows.length === 0) return false;
  await tx.insert(vaultTombstones).values({ entryId: id, deletedAt: now }).onConflictDoNothing();
  return true;
}

/** Usernames of user ids (created by / updated by). */
export async function usernamesOf(db: Database, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** Appends one reveal audit row (the only write to vault_reveals: rows are never updated or deleted). */
export async function insertReveal(tx: Database, row: typeof vaultReveals.$inferInsert): Promise<VaultRevealRow> {
  const [inserted] = await tx.insert(vaultReveals).values(row).returning();
  return inserted!;
}

/** Appends several reveal audit rows in one statement (a device feed page). */
export async function insertReveals(tx: Database, rows: (typeof vaultReveals.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(vaultReveals).values(rows);
}

/** Reveal audit rows, newest first, filtered by entry, user and `before` (time). */
export async function listReveals(db: Database, query: VaultAuditQuery): Promise<VaultRevealRow[]> {
  const filters = [
    query.entryId ? eq(vaultReveals.entryId, query.entryId) : undefined,
    query.userId ? eq(vaultReveals.userId, query.userId) : undefined,
    query.before ? lt(vaultReveals.createdAt, new Date(query.before)) : undefined,
  ].filter((f) => f !== undefined);
  return db
    .select()
    .from(vaultReveals)
    .where(filters.length > 0 ? and(...filters) : undefined)
    .orderBy(desc(vaultReveals.createdAt), desc(vaultReveals.id))
    .limit(query.limit);
}

// ---- key rotation (rotation.ts) ----

/** The secret-bearing columns of an entry, with the version they are sealed for. */
export type VaultSecretRow = Pick<
  VaultRow,
  'id' | 'version' | 'domainPassword' | 'hostingPassword' | 'wifiPassword' | 'routerPassword' | 'ispAccountNumber' | 'phoneAccountNumber' | 'endpoints'
>;

const secretColumns = {
  id: customerVault.id,
  version: customerVault.version,
  domainPassword: customerVault.domainPassword,
  hostingPassword: customerVault.hostingPassword,
  wifiPassword: customerVault.wifiPassword,
  routerPassword: customerVault.routerPassword,
  ispAccountNumber: customerVault.ispAccountNumber,
  phoneAccountNumber: customerVault.phoneAccountNumber,
  endpoints: customerVault.endpoints,
};

/** A page of entries' secret columns in id order, after `afterId` (null: from the start). */
export async function listSecretRows(db: Database, afterId: string | null, limit: number): Promise<VaultSecretRow[]> {
  return db
    .select(secretColumns)
    .from(customerVault)
    .where(afterId ? gt(customerVault.id, afterId) : undefined)
    .orderBy(asc(customerVault.id))
    .limit(limit);
}

/** One entry's secret columns, locked FOR UPDATE (call inside a transaction). */
export async function lockSecretRow(tx: Database, id: string): Promise<VaultSecretRow | undefined> {
  const [row] = await tx.select(secretColumns).from(customerVault).where(eq(customerVault.id, id)).limit(1).for('update');
  return row;
}

/**
 * Writes re-encrypted secret columns. The plaintext is unchanged, so version, sync_seq and
 * updatedAt stay as they are (nothing a client sees has changed).
 */
export async function writeSecretColumns(tx: Database, id: string, set: Partial<Omit<VaultSecretRow, 'id' | 'version'>>): Promise<void> {
  await tx.update(customerVault).set(set).where(eq(customerVault.id, id));
}
