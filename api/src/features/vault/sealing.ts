/**
 * The secrets of one customer_vault row as a unit. crypto.ts binds every value to the entry's
 * `version`, so each write that bumps the version re-seals ALL of the entry's secrets for the new
 * version (service.ts), and the key rotation re-seals them under the new key at the same version
 * (rotation.ts); both go through {@link resealRow}. No SQL here.
 */
import { MSG, VAULT_SECRET_FIELDS } from '@portal/shared';
import type { VaultEndpoint } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { Logger } from '../../logger';
import type { VaultKeyring } from '../../lib/vault-keys';
import { VaultIntegrityError, reencryptSecret, type SecretSlot } from './crypto';
import type { VaultSecretRow } from './repository';

/** The secret columns of an entry (what {@link resealRow} may change). */
export type SecretColumns = Omit<VaultSecretRow, 'id' | 'version'>;

/** 500 `integrity_failed` with a fixed message: nothing about the value, the key or the ciphertext. */
export const integrityFailed = () => new ApiError(500, 'integrity_failed', MSG.vaultIntegrityFailed);

/** Logs a failed integrity check for the operator (entry, field, key id, reason; never a value). */
export function logIntegrityFailure(logger: Logger, err: VaultIntegrityError, context: Record<string, unknown> = {}): void {
  logger.error('vault secret failed its integrity check', {
    ...context,
    entryId: err.slot.entryId,
    field: err.slot.field,
    endpointId: err.slot.endpointId ?? null,
    keyId: err.keyId,
    reason: err.reason,
  });
}

/** Every stored secret of a row with its slot (at the row's version). */
export function slotsOf(row: VaultSecretRow): { slot: SecretSlot; stored: string }[] {
  const slots: { slot: SecretSlot; stored: string }[] = [];
  for (const f of VAULT_SECRET_FIELDS) {
    const stored = row[f];
    if (stored) slots.push({ slot: { entryId: row.id, field: f, version: row.version }, stored });
  }
  for (const e of row.endpoints) {
    if (e.password) slots.push({ slot: { entryId: row.id, field: 'endpointPassword', endpointId: e.id, version: row.version }, stored: e.password });
  }
  return slots;
}

/** What {@link resealRow} changed. */
export interface ResealResult {
  /** Columns whose stored value changed (only those). */
  set: Partial<SecretColumns>;
  /** Values re-encrypted. */
  count: number;
  /** Values that failed their integrity check: left exactly as stored (they keep failing). */
  failures: VaultIntegrityError[];
}

/**
 * Re-seals every secret of `row` (each read at `row.version`) for `toVersion` under the keyring's
 * current key; a value already in that form is left alone, and so is every value in `fresh` (sealed
 * for `toVersion` by the same write). A value that fails its check is kept as stored, so it keeps
 * failing (a rolled-back or damaged value is never laundered into a valid one), and is reported.
 */
export function resealRow(keys: VaultKeyring, row: VaultSecretRow, toVersion: number, fresh: ReadonlySet<string> = new Set()): ResealResult {
  const set: Partial<SecretColumns> = {};
  const failures: VaultIntegrityError[] = [];
  let count = 0;
  const redo = (slot: SecretSlot, stored: string): string => {
    if (fresh.has(stored)) return stored;
    try {
      const next = reencryptSecret(keys, slot, stored, toVersion);
      if (next !== stored) count += 1;
      return next;
    } catch (err) {
      if (!(err instanceof VaultIntegrityError)) throw err;
      failures.push(err);
      return stored;
    }
  };
  for (const f of VAULT_SECRET_FIELDS) {
    const stored = row[f];
    if (!stored) continue;
    const next = redo({ entryId: row.id, field: f, version: row.version }, stored);
    if (next !== stored) set[f] = next;
  }
  let endpointsChanged = false;
  const endpoints: VaultEndpoint[] = row.endpoints.map((e) => {
    if (!e.password) return e;
    const next = redo({ entryId: row.id, field: 'endpointPassword', endpointId: e.id, version: row.version }, e.password);
    if (next === e.password) return e;
    endpointsChanged = true;
    return { ...e, password: next };
  });
  if (endpointsChanged) set.endpoints = endpoints;
  return { set, count, failures };
}
