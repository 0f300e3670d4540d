/**
 * Vault secret encryption (DESIGN.md 7): AES-256-GCM from Node's `crypto`, a fresh random
 * 96-bit nonce per value, the 128-bit tag checked on every read, and associated data binding each
 * ciphertext to its place: format version, key id, entry id and field (an endpoint's password also
 * to the endpoint id). A value copied to another entry or field, a changed key-id prefix or one
 * changed byte makes decryption FAIL CLOSED with {@link VaultIntegrityError}: never garbage.
 *
 * Stored form (one text column value): `v1:<keyId>:<base64url(nonce(12) | ciphertext | tag(16))>`.
 * The key id prefix says which key of the keyring decrypts it (rotation: keys.ts, rotation.ts).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { VaultRevealField } from '@portal/shared';
import type { VaultKeyring } from '../../lib/vault-keys';

const FORMAT = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const STORED = /^v1:([A-Za-z0-9_-]+):([A-Za-z0-9_-]+)$/;

/** Where a secret lives: its entry and field (and endpoint for endpoint passwords). Part of the AAD. */
export interface SecretSlot {
  entryId: string;
  field: VaultRevealField;
  /** Required for `endpointPassword`. */
  endpointId?: string | null;
}

/**
 * A stored secret could not be decrypted: tampered, moved, truncated, not in the `v1:` format, or
 * encrypted under a key this process does not have. Carries WHERE (never the value or ciphertext).
 */
export class VaultIntegrityError extends Error {
  constructor(
    readonly slot: SecretSlot,
    readonly keyId: string | null,
    readonly reason: 'format' | 'unknown_key' | 'auth_failed',
  ) {
    super(`vault secret failed its integrity check (${reason})`);
    this.name = 'VaultIntegrityError';
  }
}

/** The associated data of a slot under a key id. */
function aad(slot: SecretSlot, keyId: string): Buffer {
  const endpoint = slot.field === 'endpointPassword' ? `|endpoint:${slot.endpointId ?? ''}` : '';
  return Buffer.from(`${FORMAT}|${keyId}|customer_vault|${slot.entryId}|${slot.field}${endpoint}`, 'utf8');
}

/** The key id of a stored value, or null when it is not in the stored format. */
export function storedKeyId(stored: string): string | null {
  return STORED.exec(stored)?.[1] ?? null;
}

/** Encrypts `plaintext` for `slot` under the keyring's current key. */
export function encryptSecret(keyring: VaultKeyring, slot: SecretSlot, plaintext: string): string {
  const key = keyring.current();
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(slot, key.id));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const blob = Buffer.concat([nonce, body, cipher.getAuthTag()]);
  return `${FORMAT}:${key.id}:${blob.toString('base64url')}`;
}

/**
 * Decrypts a stored value of `slot`.
 * @throws VaultIntegrityError when the format, the key id, the AAD or any byte does not check out.
 */
export function decryptSecret(keyring: VaultKeyring, slot: SecretSlot, stored: string): string {
  const match = STORED.exec(stored);
  if (!match) throw new VaultIntegrityError(slot, null, 'format');
  const keyId = match[1]!;
  const key = keyring.get(keyId);
  if (!key) throw new VaultIntegrityError(slot, keyId, 'unknown_key');
  const blob = Buffer.from(match[2]!, 'base64url');
  if (blob.length < NONCE_BYTES + TAG_BYTES || blob.toString('base64url') !== match[2]) {
    throw new VaultIntegrityError(slot, keyId, 'format');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, blob.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(slot, keyId));
    decipher.setAuthTag(blob.subarray(blob.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(blob.subarray(NONCE_BYTES, blob.length - TAG_BYTES)), decipher.final()]);
    return plain.toString('utf8');
  } catch {
    throw new VaultIntegrityError(slot, keyId, 'auth_failed');
  }
}

/** `value` re-encrypted under the current key when it uses another one; unchanged otherwise. */
export function reencryptSecret(keyring: VaultKeyring, slot: SecretSlot, stored: string): string {
  if (storedKeyId(stored) === keyring.current().id) return stored;
  return encryptSecret(keyring, slot, decryptSecret(keyring, slot, stored));
}
