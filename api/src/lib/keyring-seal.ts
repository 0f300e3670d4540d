/**
 * Small values sealed under the vault keyring (lib/vault-keys.ts; DESIGN.md 7) for features other
 * than the vault itself, e.g. the TOTP secrets of two-factor authentication. Same construction and
 * stored form as the vault's secrets: AES-256-GCM (Node's crypto), a fresh random 96-bit nonce, the
 * 128-bit tag checked on every read, `v1:<keyId>:<base64url(nonce | ciphertext | tag)>`, and
 * associated data `v1|<keyId>|<purpose>` binding the value to its place (a value copied to another
 * row fails closed). A value under an older key still opens while that key is in the keyring;
 * {@link needsReseal} tells the caller to write it again under the current key.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { VaultKeyring } from './vault-keys';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const STORED = /^v1:([A-Za-z0-9_-]+):([A-Za-z0-9_-]+)$/;

/** A sealed value did not open: wrong place, tampered, or its key is gone. Carries no value. */
export class SealError extends Error {
  constructor(readonly purpose: string) {
    super('sealed value failed its integrity check');
    this.name = 'SealError';
  }
}

const aad = (keyId: string, purpose: string) => Buffer.from(`v1|${keyId}|${purpose}`, 'utf8');

/** `plaintext` encrypted under the keyring's current key for `purpose` (e.g. `user_totp|<userId>`). */
export function seal(keys: VaultKeyring, purpose: string, plaintext: string): string {
  const k = keys.current();
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', k.key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(k.id, purpose));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1:${k.id}:${Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64url')}`;
}

/** The plaintext of a value sealed for `purpose`. @throws SealError on any mismatch. */
export function unseal(keys: VaultKeyring, purpose: string, stored: string): string {
  const m = STORED.exec(stored);
  const k = m ? keys.get(m[1]!) : undefined;
  if (!m || !k) throw new SealError(purpose);
  const blob = Buffer.from(m[2]!, 'base64url');
  if (blob.length < NONCE_BYTES + TAG_BYTES) throw new SealError(purpose);
  try {
    const decipher = createDecipheriv('aes-256-gcm', k.key, blob.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(k.id, purpose));
    decipher.setAuthTag(blob.subarray(blob.length - TAG_BYTES));
    return Buffer.concat([decipher.update(blob.subarray(NONCE_BYTES, blob.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new SealError(purpose);
  }
}

/** true when `stored` uses a key other than the current one (write it again after a rotation). */
export function needsReseal(keys: VaultKeyring, stored: string): boolean {
  return STORED.exec(stored)?.[1] !== keys.current().id;
}
