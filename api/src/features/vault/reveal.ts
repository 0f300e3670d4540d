/**
 * Customer Vault reveals and their audit (SPEC.md 7; DESIGN.md 7; docs/vault.md "Reveal and
 * audit"): one value per reveal, audited in the same transaction (no audit row, no value); the
 * audit list; and the audit rows of reveals made offline (a device's bundle: entrySecrets.ts). Every value is opened for
 * the entry's current `version` (crypto.ts): a value that fails, an older one put back included,
 * is never returned. No SQL here (repository.ts).
 */
import { MSG } from '@portal/shared';
import type { VaultAuditEntry, VaultAuditQuery, VaultReveal, VaultRevealResult } from '@portal/shared';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import type { AuthUser } from '../../http/state';
import { VaultIntegrityError, decryptSecret, type SecretSlot } from './crypto';
import { presentVaultAuditEntry } from './presenter';
import { findEntry, insertReveal, listReveals, type VaultRow } from './repository';
import { integrityFailed, logIntegrityFailure } from './sealing';
import type { VaultDeps } from './service';

/** The stored ciphertext and slot a reveal asks for. @throws 404 when the entry, endpoint or value is missing. */
function locate(row: VaultRow, reveal: VaultReveal): { slot: SecretSlot; stored: string; endpointName: string | null } {
  if (reveal.field === 'endpointPassword') {
    const endpoint = row.endpoints.find((e) => e.id === reveal.endpointId);
    if (!endpoint) throw notFound(MSG.vaultEndpointNotFound);
    if (!endpoint.password) throw notFound(MSG.vaultSecretNotStored);
    return { slot: { entryId: row.id, field: 'endpointPassword', endpointId: endpoint.id, version: row.version }, stored: endpoint.password, endpointName: endpoint.name };
  }
  const stored = row[reveal.field];
  if (!stored) throw notFound(MSG.vaultSecretNotStored);
  return { slot: { entryId: row.id, field: reveal.field, version: row.version }, stored, endpointName: null };
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
    logIntegrityFailure(deps.logger, err, { requestId: who.requestId, userId: who.user.id });
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
