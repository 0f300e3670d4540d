/**
 * Customer Vault rules (SPEC.md 2, 3, 7; DESIGN.md 7). Write functions take the route's
 * transaction first; no SQL here (repository.ts).
 *
 * - Secrets are encrypted before they reach SQL and decrypted only by {@link revealSecret} (one value,
 *   audited in the same transaction: no audit row, no value) and `entrySecrets` (entrySecrets.ts, the seam for
 *   the per-device offline bundle).
 * - A PATCH changes only the fields it carries (field-level last writer wins); an absent secret keeps
 *   its stored ciphertext, so an edit never needs to decrypt anything.
 * - Every write takes the delta-sync lock and a new sync_seq (offline index), deletes leave a tombstone.
 */
import { randomUUID } from 'node:crypto';
import { MSG, VAULT_SECRET_FIELDS, VAULT_TEXT_FIELDS } from '@portal/shared';
import type {
  VaultAuditEntry,
  VaultCreate,
  VaultDeltaPage,
  VaultEndpointValue,
  VaultEntry,
  VaultIndexEntry,
  VaultPatch,
  VaultReveal,
  VaultRevealResult,
} from '@portal/shared';
import type { Database } from '../../db/client';
import type { VaultEndpoint } from '../../db/schema';
import { lockSync } from '../../db/sync';
import { ApiError, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/state';
import type { Logger } from '../../logger';
import { VaultIntegrityError, decryptSecret, encryptSecret, type SecretSlot } from './crypto';
import type { VaultKeyring } from '../../lib/vault-keys';
import { presentVaultAuditEntry, presentVaultEntry, presentVaultIndexEntry } from './presenter';
import {
  deleteEntry as deleteEntryRow,
  findEntry,
  insertEntry,
  insertReveal,
  listIndex,
  listIndexSince,
  listReveals,
  listTombstonesSince,
  updateEntry as updateEntryRow,
  usernamesOf,
  type NewVaultRow,
  type VaultRow,
} from './repository';
import type { VaultAuditQuery } from '@portal/shared';

/** What the vault service needs besides the transaction. */
export interface VaultDeps {
  keys: VaultKeyring;
  logger: Logger;
}

/** Largest list page without `limit`, and the delta page size. */
export const VAULT_LIST_LIMIT = 500;
export const VAULT_DELTA_LIMIT = 500;

/** 500 `integrity_failed` with a fixed message: nothing about the value, the key or the ciphertext. */
export const integrityFailed = () => new ApiError(500, 'integrity_failed', MSG.vaultIntegrityFailed);

async function present(db: Database, row: VaultRow): Promise<VaultEntry> {
  return presentVaultEntry(row, await usernamesOf(db, [row.createdBy, row.updatedBy]));
}

/**
 * Endpoints of a create/update body -> stored endpoints (passwords encrypted). A row whose `id` names
 * a stored endpoint keeps that endpoint's url, username and password for every key it does not send
 * (an offline edit knows only names and URLs); null or '' clears; new rows get a fresh id.
 */
function storeEndpoints(keys: VaultKeyring, entryId: string, input: VaultEndpointValue[], previous: VaultEndpoint[]): VaultEndpoint[] {
  const byId = new Map(previous.map((e) => [e.id, e]));
  return input.map((e) => {
    const old = e.id ? byId.get(e.id) : undefined;
    const id = old?.id ?? randomUUID();
    const slot: SecretSlot = { entryId, field: 'endpointPassword', endpointId: id };
    const password = e.password === undefined ? (old?.password ?? null) : e.password === null ? null : encryptSecret(keys, slot, e.password);
    const url = e.url === undefined ? (old?.url ?? null) : e.url;
    const username = e.username === undefined ? (old?.username ?? null) : e.username;
    return { id, name: e.name, url, username, password };
  });
}

/** Creates an entry (POST /api/vault). */
export async function createEntry(tx: Database, deps: VaultDeps, input: VaultCreate, actor: AuthUser, now: Date): Promise<VaultEntry> {
  await lockSync(tx);
  const id = randomUUID();
  const values: NewVaultRow = { id, businessName: input.businessName, createdBy: actor.id, updatedBy: actor.id, createdAt: now, updatedAt: now };
  for (const f of VAULT_TEXT_FIELDS) values[f] = input[f] ?? null;
  for (const f of VAULT_SECRET_FIELDS) {
    const plain = input[f];
    values[f] = plain ? encryptSecret(deps.keys, { entryId: id, field: f }, plain) : null;
  }
  values.endpoints = storeEndpoints(deps.keys, id, input.endpoints, []);
  return present(tx, await insertEntry(tx, values));
}

/** Non-secret view of stored endpoints, to tell whether a sent list changes anything. */
function endpointShape(list: VaultEndpoint[]): string {
  return JSON.stringify(list.map((e) => [e.id, e.name, e.url ?? null, e.username ?? null, e.password ?? null]));
}

/**
 * Applies a PATCH (SPEC.md 7). Only sent fields change; sending nothing new changes nothing (no
 * version bump). @throws 404 MSG.vaultEntryNotFound.
 */
export async function updateEntry(tx: Database, deps: VaultDeps, id: string, patch: VaultPatch, actor: AuthUser, now: Date): Promise<VaultEntry> {
  await lockSync(tx);
  const current = await findEntry(tx, id, true);
  if (!current) throw notFound(MSG.vaultEntryNotFound);
  const set: Partial<NewVaultRow> = {};
  if (patch.businessName !== undefined && patch.businessName !== current.businessName) set.businessName = patch.businessName;
  for (const f of VAULT_TEXT_FIELDS) {
    const v = patch[f];
    if (v !== undefined && v !== current[f]) set[f] = v;
  }
  for (const f of VAULT_SECRET_FIELDS) {
    const v = patch[f];
    if (v === undefined) continue;
    if (v === null) {
      if (current[f] !== null) set[f] = null;
    } else set[f] = encryptSecret(deps.keys, { entryId: id, field: f }, v);
  }
  if (patch.endpoints !== undefined) {
    const next = storeEndpoints(deps.keys, id, patch.endpoints, current.endpoints);
    if (endpointShape(next) !== endpointShape(current.endpoints)) set.endpoints = next;
  }
  if (Object.keys(set).length === 0) return present(tx, current);
  return present(tx, await updateEntryRow(tx, id, { ...set, updatedBy: actor.id, updatedAt: now }));
}

/** Deletes an entry for good and leaves a tombstone for offline devices. @throws 404. */
export async function deleteEntry(tx: Database, id: string, now: Date): Promise<void> {
  await lockSync(tx);
  if (!(await deleteEntryRow(tx, id, now))) throw notFound(MSG.vaultEntryNotFound);
}

/** One entry for the View dialog (no secret values). @throws 404. */
export async function getEntry(db: Database, id: string): Promise<VaultEntry> {
  const row = await findEntry(db, id);
  if (!row) throw notFound(MSG.vaultEntryNotFound);
  return present(db, row);
}

/** GET /api/vault: the index sorted by business name, optionally searched (never a secret). */
export async function listEntries(db: Database, q: string | undefined, limit = VAULT_LIST_LIMIT): Promise<VaultIndexEntry[]> {
  return (await listIndex(db, q, limit)).map(presentVaultIndexEntry);
}

/**
 * GET /api/vault?since=CURSOR: entries changed and ids deleted after the cursor, in sync_seq order,
 * at most `limit` changes; `more` says another page waits (call again with `cursor`).
 */
export async function listEntriesSince(db: Database, since: string, limit = VAULT_DELTA_LIMIT): Promise<VaultDeltaPage> {
  const from = Number(since);
  const [rows, tombs] = await Promise.all([listIndexSince(db, from, limit + 1), listTombstonesSince(db, from, limit + 1)]);
  const changes = [
    ...rows.map((r) => ({ seq: r.syncSeq, row: r, deleted: null })),
    ...tombs.map((t) => ({ seq: t.syncSeq, row: null, deleted: t.entryId })),
  ].sort((a, b) => a.seq - b.seq);
  const page = changes.slice(0, limit);
  const cursor = String(page.reduce((max, c) => Math.max(max, c.seq), from));
  return {
    items: page.flatMap((c) => (c.row ? [presentVaultIndexEntry(c.row)] : [])),
    deleted: page.flatMap((c) => (c.deleted ? [c.deleted] : [])),
    cursor,
    more: changes.length > limit,
  };
}

/** The stored ciphertext and slot a reveal asks for. @throws 404 when the entry, endpoint or value is missing. */
function locate(row: VaultRow, reveal: VaultReveal): { slot: SecretSlot; stored: string; endpointName: string | null } {
  if (reveal.field === 'endpointPassword') {
    const endpoint = row.endpoints.find((e) => e.id === reveal.endpointId);
    if (!endpoint) throw notFound(MSG.vaultEndpointNotFound);
    if (!endpoint.password) throw notFound(MSG.vaultSecretNotStored);
    return { slot: { entryId: row.id, field: 'endpointPassword', endpointId: endpoint.id }, stored: endpoint.password, endpointName: endpoint.name };
  }
  const stored = row[reveal.field];
  if (!stored) throw notFound(MSG.vaultSecretNotStored);
  return { slot: { entryId: row.id, field: reveal.field }, stored, endpointName: null };
}

/** Who asked, from where: the audit row's facts. */
export interface RevealRequester {
  user: AuthUser;
  ip: string;
  userAgent: string | null;
  requestId?: string;
  /** The step-up the reveal relied on (README "Two-factor authentication"), stored in the audit row. */
  stepUp?: { method: string; at: Date };
}

/**
 * Reveals one secret and appends its audit row in the same transaction (no row, no value). A value
 * that fails its integrity check is never returned: the failure is logged (entry, field, key id,
 * reason; never a value) and the caller gets 500 `integrity_failed`.
 * @throws 404 entry/endpoint/value missing; ApiError 500 integrity_failed.
 */
export async function revealSecret(
  tx: Database,
  deps: VaultDeps,
  id: string,
  reveal: VaultReveal,
  who: RevealRequester,
  now: Date,
): Promise<VaultRevealResult> {
  const row = await findEntry(tx, id);
  if (!row) throw notFound(MSG.vaultEntryNotFound);
  const { slot, stored, endpointName } = locate(row, reveal);
  let value: string;
  try {
    value = decryptSecret(deps.keys, slot, stored);
  } catch (err) {
    if (!(err instanceof VaultIntegrityError)) throw err;
    deps.logger.error('vault secret failed its integrity check', {
      requestId: who.requestId,
      entryId: slot.entryId,
      field: slot.field,
      endpointId: slot.endpointId ?? null,
      keyId: err.keyId,
      reason: err.reason,
      userId: who.user.id,
    });
    throw integrityFailed();
  }
  await insertReveal(tx, {
    entryId: row.id,
    businessName: row.businessName,
    userId: who.user.id,
    username: who.user.username,
    field: reveal.field,
    endpointId: slot.endpointId ?? null,
    endpointName,
    ip: who.ip,
    userAgent: who.userAgent,
    createdAt: now,
    stepUpMethod: who.stepUp?.method ?? null,
    stepUpAt: who.stepUp?.at ?? null,
  });
  return { field: reveal.field, endpointId: slot.endpointId ?? null, value };
}

/** GET /api/vault/audit: reveal rows newest first. */
export async function listAudit(db: Database, query: VaultAuditQuery): Promise<VaultAuditEntry[]> {
  return (await listReveals(db, query)).map(presentVaultAuditEntry);
}

/** An offline reveal as a device reports it, with the device facts the audit row keeps. */
export interface OfflineRevealRecord {
  entryId: string;
  field: VaultReveal['field'];
  endpointId: string | null;
  /** The device's copy of the names: used when the entry or endpoint no longer exists. */
  businessName: string;
  endpointName: string | null;
  user: { id: string; username: string };
  device: { id: string; name: string; revoked: boolean };
  ip: string;
  userAgent: string | null;
  revealedAt: Date;
  receivedAt: Date;
}

/**
 * Appends the audit row of a reveal made offline: `source` 'offline', `createdAt` the
 * time it happened on the device, `receivedAt` now. The entry's current names win over the device's
 * copy. The caller checks the device had access at `revealedAt` and deduplicates (Idempotency-Key).
 */
export async function recordOfflineReveal(tx: Database, r: OfflineRevealRecord): Promise<VaultAuditEntry> {
  const row = await findEntry(tx, r.entryId);
  const endpoint = r.endpointId ? row?.endpoints.find((e) => e.id === r.endpointId) : undefined;
  const inserted = await insertReveal(tx, {
    entryId: r.entryId,
    businessName: row?.businessName ?? r.businessName,
    userId: r.user.id,
    username: r.user.username,
    field: r.field,
    endpointId: r.endpointId,
    endpointName: endpoint?.name ?? r.endpointName,
    ip: r.ip,
    userAgent: r.userAgent,
    createdAt: r.revealedAt,
    source: 'offline',
    deviceId: r.device.id,
    deviceName: r.device.name,
    receivedAt: r.receivedAt,
    deviceRevoked: r.device.revoked,
  });
  return presentVaultAuditEntry(inserted);
}
