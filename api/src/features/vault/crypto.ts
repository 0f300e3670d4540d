/**
 * Vault secret encryption (DESIGN.md 7; docs/vault.md "Encryption at rest"): AES-256-GCM from
 * Node's `crypto`, a fresh random 96-bit nonce per value, the 128-bit tag checked on every read,
 * and associated data binding each ciphertext to its place AND to one write of its entry: format,
 * key id, entry id, field (an endpoint's password also to the endpoint id) and the entry's
 * `version`. A value copied to another entry or field, an older value of the same field put back
 * (rollback), a changed key-id or version prefix or one changed byte makes decryption FAIL CLOSED
 * with {@link VaultIntegrityError}: never garbage, never a stale value.
 *
 * Stored forms (one text column value):
 * - `v2:<keyId>:<version>:<base64url(nonce(12) | ciphertext | tag(16))>`, written by this code.
 *   AAD `v2|<keyId>|customer_vault|<entryId>|<field>[|endpoint:<id>]|version:<version>`; it opens
 *   only while the entry's `version` still equals `<version>` (else reason 'rollback').
 * - `v1:<keyId>:<base64url(...)>` (before version binding), READ ONLY: AAD without the version, so
 *   it opens at any version. Rewritten as v2 by the entry's next write and by the key rotation.
 * The key id says which key of the keyring decrypts it (rotation: rotation.ts).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { VaultRevealField } from '@portal/shared';
import type { VaultKeyring } from '../../lib/vault-keys';

const FORMAT = 'v2';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Both stored forms: [, format, keyId, version (v2 only), blob]. */
const STORED = /^(?:(v1):([A-Za-z0-9_-]+)|(v2):([A-Za-z0-9_-]+):([1-9][0-9]{0,14})):([A-Za-z0-9_-]+)$/;

/** Where a secret lives (entry, field, endpoint for endpoint passwords) and the entry version it belongs to. Part of the AAD. */
export interface SecretSlot {
  entryId: string;
  field: VaultRevealField;
  /** Required for `endpointPassword`. */
  endpointId?: string | null;
  /** The entry's `version` (customer_vault.version) the value is written for / must match when read. */
  version: number;
}

/**
 * A stored secret could not be decrypted: tampered, moved, truncated, not in a stored format,
 * encrypted under a key this process does not have, or ('rollback') an authentic value of this
 * field written for another version of the entry. Carries WHERE (never the value or ciphertext).
 */
export class VaultIntegrityError extends Error {
  constructor(
    readonly slot: SecretSlot,
    readonly keyId: string | null,
    readonly reason: 'format' | 'unknown_key' | 'auth_failed' | 'rollback',
  ) {
    super(`vault secret failed its integrity check (${reason})`);
    this.name = 'VaultIntegrityError';
  }
}

interface Parsed {
  format: 'v1' | 'v2';
  keyId: string;
  /** The bound entry version (v2), null for v1. */
  version: number | null;
  blob: string;
}

function parse(stored: string): Parsed | null {
  const m = STORED.exec(stored);
  if (!m) return null;
  if (m[1]) return { format: 'v1', keyId: m[2]!, version: null, blob: m[6]! };
  const version = Number(m[5]);
  return Number.isSafeInteger(version) ? { format: 'v2', keyId: m[4]!, version, blob: m[6]! } : null;
}

/** The associated data of a slot under a key id, in the given format (v1 has no version). */
function aad(format: Parsed['format'], slot: Omit<SecretSlot, 'version'>, keyId: string, version: number | null): Buffer {
  const endpoint = slot.field === 'endpointPassword' ? `|endpoint:${slot.endpointId ?? ''}` : '';
  const bound = format === 'v2' ? `|version:${version}` : '';
  return Buffer.from(`${format}|${keyId}|customer_vault|${slot.entryId}|${slot.field}${endpoint}${bound}`, 'utf8');
}

/** The key id of a stored value, or null when it is not in a stored format. */
export function storedKeyId(stored: string): string | null {
  return parse(stored)?.keyId ?? null;
}

/** True when `stored` is in the current format (v2) under key `keyId`: nothing for a rotation to do. */
export function isCurrentFormat(stored: string, keyId: string): boolean {
  const p = parse(stored);
  return p !== null && p.format === FORMAT && p.keyId === keyId;
}

/** Encrypts `plaintext` for `slot` (bound to `slot.version`) under the keyring's current key: the v2 form. */
export function encryptSecret(keyring: VaultKeyring, slot: SecretSlot, plaintext: string): string {
  const key = keyring.current();
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(FORMAT, slot, key.id, slot.version));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const blob = Buffer.concat([nonce, body, cipher.getAuthTag()]);
  return `${FORMAT}:${key.id}:${slot.version}:${blob.toString('base64url')}`;
}

/**
 * Decrypts a stored value of `slot`. A v2 value must be bound to `slot.version` (the entry's
 * current version); a v1 value opens at any version (read as before version binding).
 * @throws VaultIntegrityError when the format, the key id, the AAD, any byte or the version does not check out.
 */
export function decryptSecret(keyring: VaultKeyring, slot: SecretSlot, stored: string): string {
  const p = parse(stored);
  if (!p) throw new VaultIntegrityError(slot, null, 'format');
  const key = keyring.get(p.keyId);
  if (!key) throw new VaultIntegrityError(slot, p.keyId, 'unknown_key');
  const blob = Buffer.from(p.blob, 'base64url');
  if (blob.length < NONCE_BYTES + TAG_BYTES || blob.toString('base64url') !== p.blob) {
    throw new VaultIntegrityError(slot, p.keyId, 'format');
  }
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, blob.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(p.format, slot, p.keyId, p.version));
    decipher.setAuthTag(blob.subarray(blob.length - TAG_BYTES));
    plain = Buffer.concat([decipher.update(blob.subarray(NONCE_BYTES, blob.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new VaultIntegrityError(slot, p.keyId, 'auth_failed');
  }
  // Authentic, but written for another version of the entry: an older value put back.
  if (p.version !== null && p.version !== slot.version) throw new VaultIntegrityError(slot, p.keyId, 'rollback');
  return plain.toString('utf8');
}

/**
 * `stored` (read for `slot`, i.e. at `slot.version`) re-encrypted for `toVersion` under the current
 * key; unchanged when it already is exactly that (v2, current key, same version).
 * @throws VaultIntegrityError as {@link decryptSecret}.
 */
export function reencryptSecret(keyring: VaultKeyring, slot: SecretSlot, stored: string, toVersion = slot.version): string {
  const p = parse(stored);
  if (p && p.format === FORMAT && p.keyId === keyring.current().id && p.version === toVersion && toVersion === slot.version) {
    decryptSecret(keyring, slot, stored);
    return stored;
  }
  return encryptSecret(keyring, { ...slot, version: toVersion }, decryptSecret(keyring, slot, stored));
}
